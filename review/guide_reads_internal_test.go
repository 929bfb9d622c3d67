package review

import (
	"testing"

	"github.com/tablelint/tablelint/odata"
)

// TestCanonFilter: filters that send the same request print the same;
// filters that differ in meaning do not.
func TestCanonFilter(t *testing.T) {
	same := [][2]string{
		{"PartitionKey eq 'a' and RowKey ge 'b'", "(PartitionKey eq 'a') and (RowKey ge 'b')"},
		{"PartitionKey eq 'a' and RowKey ge 'b'", "RowKey ge 'b' and PartitionKey eq 'a'"},
		{"A eq 1 and (B eq 2 and C eq 3)", "(A eq 1 and B eq 2) and C eq 3"},
		{"A eq 1 or (B eq 2 or C eq 3)", "C eq 3 or B eq 2 or A eq 1"},
		{"((A eq 1 or B eq 2))", "B eq 2 or A eq 1"},
		{"PartitionKey eq '{Department}'", "PartitionKey  eq  '{Department}'"},
	}
	differ := [][2]string{
		{"A eq 1 and (B eq 2 or C eq 3)", "A eq 1 and B eq 2 or C eq 3"},
		{"PartitionKey eq 'a'", "PartitionKey eq 'b'"},
		{"PartitionKey eq '{Department}'", "PartitionKey eq '{Dept}'"},
		{"A gt 1", "A ge 1"},
		{"not (A eq 1 and B eq 2)", "not A eq 1 and B eq 2"},
	}
	canon := func(s string) string {
		f, err := odata.ParseTemplate(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return canonFilter(f.Expr, 0)
	}
	for _, c := range same {
		if a, b := canon(c[0]), canon(c[1]); a != b {
			t.Errorf("%q → %q and %q → %q: want the same", c[0], a, c[1], b)
		}
	}
	for _, c := range differ {
		if a, b := canon(c[0]), canon(c[1]); a == b {
			t.Errorf("%q and %q both → %q: want them apart", c[0], c[1], a)
		}
	}
}
