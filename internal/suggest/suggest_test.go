package suggest_test

import (
	"testing"

	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/suggest"
)

func TestClosest(t *testing.T) {
	for _, tc := range []struct{ s, want string }{
		{"TL3O1", "TL301"}, {"tl301", "TL301"}, {"table-scna", "table-scan"},
		{"partition", "partition-scan"}, {"zzzzzz", ""}, {"TL301", ""},
	} {
		if got := suggest.Closest(tc.s, rules.Names()); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestClosestWords(t *testing.T) {
	words := []string{"partitionKey", "rowKey", "properties", "queries"}
	for _, tc := range []struct{ s, want string }{
		{"partitonKey", "partitionKey"}, {"RowKey", "rowKey"}, {"propertys", "properties"}, {"xyz", ""},
	} {
		if got := suggest.Closest(tc.s, words); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
