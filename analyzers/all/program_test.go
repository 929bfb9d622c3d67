package all

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
)

// TestSummaryRoundTrip: a package's summary reads back as the impls it
// was made of, every method set held once in its bytes however many
// methods of the type it summarises; a summary naming a method set it
// does not hold is an error, not a panic.
func TestSummaryRoundTrip(t *testing.T) {
	ledger := map[string]string{"Post": "func(string) error", "Balance": "func() int"}
	clock := map[string]string{"Now": "func() int64"}
	queries := []filterflow.Impl{
		{Name: "Post", Methods: ledger, Sink: &filterflow.Sink{}},
	}
	values := []flow.Impl{
		{Name: "Post", Methods: map[string]string{"Post": "func(string) error", "Balance": "func() int"}, Summary: &flow.Summary{Reverse: []bool{true}}},
		{Name: "Balance", Methods: ledger, Summary: &flow.Summary{LenMost: []int64{-1, 3}}},
		{Name: "Now", Methods: clock, Summary: &flow.Summary{}},
		{Name: "Orphan", Summary: &flow.Summary{}},
	}
	data, err := encodeSummary(queries, values)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "func(string) error"); n != 1 {
		t.Errorf("the ledger's method set is held %d times in %s; want once", n, data)
	}
	q, v, err := decodeSummary(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(q, queries) || !reflect.DeepEqual(v, values) {
		t.Errorf("read back %+v %+v; want %+v %+v", q, v, queries, values)
	}
	if data, err := encodeSummary(nil, nil); data != nil || err != nil {
		t.Errorf("no impls: %q, %v; want nil", data, err)
	}
	if _, _, err := decodeSummary([]byte(`{"values":[{"Name":"Post","Set":2}]}`)); err == nil {
		t.Errorf("a method set out of range read without error")
	}
}
