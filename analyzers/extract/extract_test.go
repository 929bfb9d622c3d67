package extract_test

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/extract"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
)

func result(t *testing.T, dir string, pkgs ...string) []*extract.Result {
	t.Helper()
	var out []*extract.Result
	// The other analyzers' // want comments are not this analyzer's:
	// analysistest's complaints about them are ignored (quiet); errors
	// and panics still fail the test.
	for _, r := range sdktest.Run(quiet{t}, dir, extract.Analyzer, pkgs...) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		out = append(out, r.Result.(*extract.Result))
	}
	return out
}

func TestShapes(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	res := result(t, dir, "shapes")
	if len(res) != 1 {
		t.Fatalf("%d results", len(res))
	}
	r := res[0]
	if len(r.Tables) != 1 || r.Tables[0].Name != "Orders" {
		t.Errorf("tables: %+v", r.Tables)
	}
	var got []string
	for _, e := range r.Entities {
		if e.Name == "Audit" && e.Table.Key != "env:AUDIT_TABLE" {
			t.Errorf("audit's table: %+v", e.Table)
		}
		var props []string
		for _, p := range e.Props {
			s := p.Name + ":" + p.Type.String()
			if p.KeyOnly {
				s += "(key)"
			}
			props = append(props, s)
		}
		pk, rk := "-", "-"
		if e.PartitionKey != nil {
			pk = e.PartitionKey.Template
		}
		if e.RowKey != nil {
			rk = e.RowKey.Template
		}
		got = append(got, e.Method+" "+e.Table.Name+" "+e.Name+" "+pk+" "+rk+" "+strings.Join(props, ","))
	}
	want := []string{
		// The delete action is not a write. customer is not stored by
		// this literal: the key names it after the variable.
		"SubmitTransaction Orders Order {Customer} {N:%d} customer:String,Total:Double,Placed:String,Customer:String(key),N:Int64(key)",
		// Through the put helper: the entity is the argument, the table
		// the package's (the helper's client is not known at the call);
		// customer is stored as "customer", when as nothing; Placed is
		// annotated Edm.DateTime.
		// The table is named by configuration.
		"AddEntity  Audit {User} x User:String(key)",
		"UpsertEntity  Order {customer} {When:20060102150405}-{N:%d} customer:String,Total:Double,Placed:DateTime,When:DateTime(key),N:Int64(key)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("entities:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(r.Transactions) != 1 || len(r.Transactions[0].Members) != 1 || r.Transactions[0].Name != "repo.replace" {
		t.Errorf("transactions: %+v", r.Transactions)
	}
	if len(r.Queries) != 1 {
		t.Fatalf("queries: %+v", r.Queries)
	}
	q := r.Queries[0]
	if q.Table.Name != "Orders" || q.Name != "repo.recent" || q.Filter != "PartitionKey eq '{Customer}' and Placed ge datetime'{Placed}' and Total gt 10.5" {
		t.Errorf("query: %+v", q)
	}
	types := map[string]edm.Type{}
	for _, p := range q.Params {
		types[p.Name] = p.Type
	}
	if types["Placed"] != edm.DateTime || types["Total"] != edm.Double {
		t.Errorf("query params: %+v", q.Params)
	}
}

// TestOtherAnalyzersTestdata runs the analyzer over every other
// analyzer's testdata: code it does not understand must not make it
// fail or panic. Each corpus is a load of its own (the standard library
// from source, under the race detector too), so -short, which the race
// run uses, sweeps a representative three: the largest write-side
// corpus, the query corpus with the most packages, and the one of
// filter values built every way; the full sweep runs without -short.
func TestOtherAnalyzersTestdata(t *testing.T) {
	corpora := []string{"keyformat", "entityshape", "transactions", "timepartition", "tablescan", "filterinjection", "continuation", "tablename"}
	if testing.Short() {
		corpora = []string{"entityshape", "tablescan", "filterinjection"}
	}
	for _, a := range corpora {
		src := filepath.Join("..", a, "testdata")
		t.Run(a, func(t *testing.T) {
			dir := sdktest.GOPATH(t, src)
			pkgs, err := filepath.Glob(filepath.Join(src, "src", "*"))
			if err != nil || len(pkgs) == 0 {
				t.Fatalf("no testdata packages in %s", src)
			}
			var names []string
			for _, p := range pkgs {
				if filepath.Base(p) == "illtyped" {
					// A package with type errors: filterflow, which
					// extract requires, does not run there under
					// analysistest's driver (no RunDespiteErrors).
					continue
				}
				names = append(names, filepath.Base(p)+"/...")
			}
			result(t, dir, names...)
		})
	}
}

type quiet struct{ *testing.T }

func (quiet) Errorf(string, ...any) {}

// TestBounds: a string property whose length the code checks, or cuts,
// before the write is bounded (maxLength, in UTF-16 code units); a check
// of another value, a check that does not stop the write, a value
// changed after its check, or a check in another function bounds
// nothing.
func TestBounds(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	res := result(t, dir, "bounds")
	got := map[string]string{}
	for _, r := range res {
		for _, e := range r.Entities {
			for _, p := range e.Props {
				got[e.Name+"."+p.Name] = fmt.Sprintf("%d/%d", p.MaxLength, p.MaxRunes)
			}
		}
	}
	want := map[string]string{
		"Profile.Name":   "64/0",
		"Profile.Bio":    "200/100",
		"Profile.Title":  "80/0",
		"Profile.Note":   "500/0",
		"Profile.Code":   "8/0",
		"Profile.Short":  "32/0",
		"Profile.City":   "0/0",
		"Profile.Motto":  "0/0",
		"Profile.Nick":   "0/0",
		"StoreTag.Label": "16/0",
		"StoreTag.Text":  "0/0",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: maxLength/runes %q, want %q", k, got[k], w)
		}
	}
}

// TestBoundsDesign: bounds are written as maxLength, and the design
// loads; a property one write bounds and another does not has none.
func TestBoundsDesign(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	d := extract.Build(result(t, dir, "bounds"), func(p token.Position) string { return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line) })
	var b strings.Builder
	if err := d.Encode(&b, "test"); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if _, err := model.Parse("bounds.tablelint.yaml", []byte(text)); err != nil {
		t.Fatalf("the design does not load: %v\n%s", err, text)
	}
	for _, want := range []string{
		`"Name": {type: String, maxLength: 64} # bounded in the code`,
		`"Bio": {type: String, maxLength: 200} # at most 100 runes in the code: 200 UTF-16 code units`,
		`"Label": {type: String, maxLength: 16} # bounded in the code`,
		`"City": String` + "\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the design has no %s", want)
		}
	}
	if strings.Contains(text, "not extracted") {
		t.Errorf("entries were dropped:\n%s", text)
	}
	_, badge, _ := strings.Cut(text, `"Badge":`)
	if !strings.Contains(badge, `"Label": String`) {
		t.Errorf("Badge.Label, cut by one write and not by another, is bounded:\n%s", badge)
	}
}

// TestLayers: a query the code runs in one place is one query of the
// design, whatever the levels of wrappers above it, with each wrapper
// call listed as a caller; GetEntity and the legacy Entity.Get are point
// queries.
func TestLayers(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	d := extract.Build(result(t, dir, "layers"), func(p token.Position) string { return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line) })
	var got []string
	for _, tb := range d.Tables {
		for _, q := range tb.Queries {
			got = append(got, fmt.Sprintf("%s.%s %q at %s callers %v", tb.Name, q.Name, q.Filter, q.Where, q.Callers))
		}
	}
	want := []string{
		`Orders.ListByStatus "Status eq '{Status}'" at layers.go:30 callers [layers.go:43 (repo.List) layers.go:50 (handler.ServeHTTP) layers.go:60 (handler.Closed)]`,
		`Orders.Get "PartitionKey eq '{Customer}' and RowKey eq '{Id}'" at layers.go:35 callers []`,
		`Customers.customer "PartitionKey eq '{Region}' and RowKey eq '{Id}'" at legacy.go:10 callers []`,
		`Customers.chained "PartitionKey eq 'vip' and RowKey eq '{Id}'" at legacy.go:15 callers []`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("queries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestKeyHoles: each hole of a key template is read from the value the
// key is given — {now:…} only for the current time, {uuid} only for a
// UUID the code generates (a parsed one is the caller's), a map range's
// key named after its variable, constants written as they are.
func TestKeyHoles(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	res := result(t, dir, "keyholes")
	if len(res) != 1 {
		t.Fatalf("%d results", len(res))
	}
	var got []string
	for _, e := range res[0].Entities {
		got = append(got, e.Name+" "+e.PartitionKey.Template+" "+e.RowKey.Template)
	}
	for _, q := range res[0].Queries {
		got = append(got, q.Name+" "+q.Filter)
	}
	want := []string{
		"StoreEvent {now:20060102} {uuid}",
		"StoreImported {At:20060102} {Id}",
		"StoreGrouped {Team} {Members:%06d}",
		"store.Fixed PartitionKey eq 'settings' and RowKey eq '1'",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("keys:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
