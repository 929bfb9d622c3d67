package shapes

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"

	"helpers"
)

func sink(args ...any) {}

// perBatch is set on the command line: *perBatch is a value of it.
var perBatch = flag.Int("count", 100, "actions per transaction")

func constants(id string) {
	const prefix = "order"
	sink(prefix + "-" + "42") // want `^order-42$`
	sink("k-" + id)           // want `^k-\{param0:id\}$`
}

func sprintf(n int, name string) {
	sink(fmt.Sprintf("%019d", n))                  // want `^\{param0:n/digits\}$`
	sink(fmt.Sprintf("%[2]s-%[1]d", n, name))      // want `^\{param1:name\}-\{param0:n/digits\}$`
	sink(fmt.Sprintf("%5s|%x|%.2f", name, n, 1.5)) // want `^\{param1:name\}\|\{param0:n/hex\}\|1.50$`
	sink(fmt.Sprintf("%03d", 7))                   // want `^007$`
}

func branches(status, owner string) {
	filter := ""
	if status != "" {
		filter = "Status eq '" + status + "'"
	}
	sink(filter) // want `^ \| Status eq '\{param0:status\}'$`

	var parts []string
	if status != "" {
		parts = append(parts, "Status eq 'x'")
	}
	if owner != "" {
		parts = append(parts, "Owner eq 'y'")
	}
	if len(parts) > 0 {
		sink(strings.Join(parts, " and ")) // want `Status eq 'x' and Owner eq 'y'`
	}
}

func builder(pk string) {
	var b strings.Builder
	b.WriteString("PartitionKey eq '")
	b.WriteString(strings.ReplaceAll(pk, "'", "''"))
	b.WriteString("'")
	sink(b.String()) // want `^PartitionKey eq '\{param0:pk/escaped\}'$`
}

func helperFacts(t time.Time, e *helpers.Event) {
	sink(helpers.Reverse(t))                                               // want `^\{param0:t/digits\}$`
	sink(helpers.Month(e))                                                 // want `^\{param1.CreatedAt:e/time/2006-01\}$`
	sink(helpers.Key("t1", "a/b"))                                         // want `^t1\|a/b$`
	sink(helpers.And(helpers.Eq("A", "1"), helpers.Eq("B", "2")).String()) // want `^\(A eq '1'\) and \(B eq '2'\)$`
	sink(strings.Join(helpers.Clauses("p"), " and "))                      // want `^\{\?\}$`
	ev := &helpers.Event{CreatedAt: time.Now()}
	sink(helpers.Month(ev)) // want `^\{now:time.Now/time/2006-01\}$`
}

func opts(status string) *aztables.ListEntitiesOptions {
	f := "Status eq '" + status + "'"
	return &aztables.ListEntitiesOptions{Filter: to.Ptr(f)}
}

func optionStructs() {
	o := opts("open")
	sink(*o.Filter) // want `^Status eq 'open'$`
	p := &aztables.ListEntitiesOptions{}
	f := "A eq 'b'"
	p.Filter = &f
	sink(*p.Filter) // want `^A eq 'b'$`
}

func withRetry(fn func() error) error { return fn() }

func closures(ctx context.Context, c *aztables.Client) {
	var filter string
	_ = withRetry(func() error {
		filter = "PartitionKey eq 'p'"
		return nil
	})
	sink(filter) // want `^PartitionKey eq 'p'$`
	mk := func(v string) string { return "RowKey eq '" + v + "'" }
	sink(mk("r")) // want `^RowKey eq 'r'$`
}

type createReq struct {
	Tenant string
	Note   string
}

var idRe = regexp.MustCompile(`^[a-z0-9-]+$`)

func handler(w http.ResponseWriter, r *http.Request) {
	sink(r.URL.Path)                        // want `^\{request:r.URL.Path\}$`
	sink(r.FormValue("id"))                 // want `^\{request:r.FormValue\}$`
	sink(r.URL.Query().Get("tenant"))       // want `^\{request:r.URL.Query\(\).Get\}$`
	sink(strings.Split(r.URL.Path, "/")[2]) // want `^\{request:r.URL.Path\}$`
	sink(r.Header.Get("X-Tenant"))          // want `^\{request:r.Header.Get\}$`
	var req createReq
	_ = json.NewDecoder(r.Body).Decode(&req)
	sink(req.Tenant) // want `^\{request:body.Tenant\}$`
	id := r.PathValue("id")
	if !idRe.MatchString(id) {
		return
	}
	sink("u-" + id)           // want `^u-\{request:r.PathValue/validated\}$`
	sink(os.Args[1])          // want `^\{args:os.Args\}$`
	sink(os.Getenv("PK"))     // want `^\{env:os.Getenv\}$`
	sink(*perBatch)           // want `^\{args:flag.Int\}$`
	sink(uuid.New().String()) // want `^\{\?:uuid/uuid\}$`
}

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

func entity(ctx context.Context, c *aztables.Client) {
	resp, err := c.GetEntity(ctx, "p", "r", nil)
	if err != nil {
		return
	}
	var o Order
	_ = json.Unmarshal(resp.Value, &o)
	sink(o.RowKey) // want `^\{entity:GetEntity.Value.RowKey\}$`
}

func local(x string) string { return "v:" + x }

func callers() {
	sink(local("a")) // want `^v:a$`
}

func unexported(k string) {
	sink(k) // want `^one \| two$`
}

func callsUnexported() {
	unexported("one")
	unexported("two")
}

func loop(items []string) {
	s := ""
	for _, it := range items {
		s += it
	}
	sink(s) // want `^ \| \{\?:…\}\{param0:items\} …$`
}

func fillIt(p *string) { *p = "x" }

// addressed: written through its address by a helper: what the helper
// stores (its summary), not "".
func addressed() {
	var f string
	fillIt(&f)
	sink(f) // want `^x$`
}

// addressedUnknown: written by code flow does not follow: unknown.
func addressedUnknown(fill func(*string)) {
	var f string
	fill(&f)
	sink(f) // want `^\{\?:…\} …$`
}

// loopJoined: clauses appended in a loop: one iteration and an unknown
// rest, never the empty text.
func loopJoined(names []string) {
	var parts []string
	for _, n := range names {
		parts = append(parts, "N eq '"+n+"'")
	}
	sink(strings.Join(parts, " or ")) // want `^\{\?:…\} \| N eq '\{param0:names\}' or N eq '\{param0:names\}' …$`
}

// A property of an entity read is named like a struct field read; a
// property looked up by a name known only at run time is the map's.
func entityProperty(ctx context.Context, c *aztables.Client, name string) {
	resp, err := c.GetEntity(ctx, "p", "r", nil)
	if err != nil {
		return
	}
	var e aztables.EDMEntity
	_ = json.Unmarshal(resp.Value, &e)
	doc, _ := e.Properties["Doc"].(string)
	sink(doc) // want `^\{entity:GetEntity.Value.Properties.Doc\}$`
	other, _ := e.Properties[name].(string)
	sink(other) // want `^\{entity:GetEntity.Value.Properties\}$`
}

type slot struct {
	aztables.Entity
	Note string
}

// A field promoted from an embedded struct of a pointer parameter is the
// parameter's field of that name, as its own fields are.
func PromotedField(s *slot) {
	sink(s.RowKey) // want `^\{param0.RowKey:s\}$`
	sink(s.Note)   // want `^\{param0.Note:s\}$`
}
