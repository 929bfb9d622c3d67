package filterflow_test

import (
	"slices"
	"testing"

	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/plan"
)

// TestNameKinds: run-time parts in a property's place are tried as each
// key and as another property; a filter that parses as it is, or whose
// holes are only values, is left to Parse.
func TestNameKinds(t *testing.T) {
	hole := func() values.Part { return values.Part{Hole: &values.Hole{}} }
	text := func(s string) values.Part { return values.Part{Text: s} }
	for _, tc := range []struct {
		name  string
		parts []values.Part
		ok    bool
		point bool // some names make it a point query
		scan  bool // every name makes it a table scan
	}{
		{"one eq", []values.Part{hole(), text(" eq '"), hole(), text("'")}, true, false, false},
		{"range on a column", []values.Part{hole(), text(" gt '"), hole(), text("'")}, true, false, true},
		{"two eq", []values.Part{hole(), text(" eq 'a' and "), hole(), text(" eq 'b'")}, true, true, false},
		{"value holes only", []values.Part{text("PartitionKey eq '"), hole(), text("'")}, false, false, false},
		{"hole inside quotes", []values.Part{text("Name eq '"), hole(), text(" eq x'")}, false, false, false},
	} {
		kinds, ok := filterflow.NameKinds(values.Value{Parts: tc.parts})
		if ok != tc.ok {
			t.Errorf("%s: ok = %v, want %v (kinds %v)", tc.name, ok, tc.ok, kinds)
			continue
		}
		if !ok {
			continue
		}
		if got := slices.Contains(kinds, plan.Point); got != tc.point {
			t.Errorf("%s: point possible = %v, want %v (kinds %v)", tc.name, got, tc.point, kinds)
		}
		if got := len(kinds) == 1 && kinds[0] == plan.TableScan; got != tc.scan {
			t.Errorf("%s: always a table scan = %v, want %v (kinds %v)", tc.name, got, tc.scan, kinds)
		}
	}
}
