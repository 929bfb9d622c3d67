package replay

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/tracefmt"
)

// TestQueryPages: "pages" bounds the requests a query makes; without it
// (or with "all") the query follows every continuation.
func TestQueryPages(t *testing.T) {
	var trace strings.Builder
	trace.WriteString(`{"op":"createTable","table":"Tab"}` + "\n")
	for _, pk := range []string{"a", "b", "c"} {
		for rk := range 3 {
			fmt.Fprintf(&trace, `{"op":"insert","table":"Tab","entity":{"PartitionKey":%q,"RowKey":"%d"}}`+"\n", pk, rk)
		}
	}
	for _, q := range []string{
		`{"op":"query","table":"Tab","top":2}`,
		`{"op":"query","table":"Tab","top":2,"pages":"all"}`,
		`{"op":"query","table":"Tab","top":2,"pages":1}`,
		`{"op":"query","table":"Tab","top":2,"pages":3}`,
		`{"op":"query","table":"Tab","filter":"PartitionKey eq 'b'","top":2,"pages":1}`,
	} {
		trace.WriteString(q + "\n")
	}
	var results strings.Builder
	if _, err := Run(tracefmt.NewReader(strings.NewReader(trace.String()), "t.jsonl"), NewEngine(EngineOptions{Keys: true}), Options{Results: &results}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(results.String()), "\n")
	type res struct {
		Keys     [][2]string
		Pages    int
		Returned int
	}
	want := []res{
		// A table scan pages at every 2 entities and at each partition
		// boundary: a,a | a | b,b | b | c,c | c.
		{Pages: 6, Returned: 9},
		{Pages: 6, Returned: 9},
		{Pages: 1, Returned: 2, Keys: [][2]string{{"a", "0"}, {"a", "1"}}},
		{Pages: 3, Returned: 5},
		{Pages: 1, Returned: 2, Keys: [][2]string{{"b", "0"}, {"b", "1"}}},
	}
	got := lines[len(lines)-len(want):]
	for i, w := range want {
		var r res
		if err := json.Unmarshal([]byte(got[i]), &r); err != nil {
			t.Fatal(err)
		}
		if r.Pages != w.Pages || r.Returned != w.Returned || (w.Keys != nil && fmt.Sprint(r.Keys) != fmt.Sprint(w.Keys)) {
			t.Errorf("query %d: %s, want %d pages, %d returned, keys %v", i, got[i], w.Pages, w.Returned, w.Keys)
		}
	}
}
