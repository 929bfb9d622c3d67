package filtercheck_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

func check(t *testing.T, s string) []filtercheck.Diag {
	t.Helper()
	f, err := odata.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return filtercheck.Check(f, plan.Of(f), filtercheck.Options{})
}

func summary(ds []filtercheck.Diag) string {
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s@%d", d.Rule, d.Offset))
	}
	return strings.Join(out, " ")
}

func TestCheck(t *testing.T) {
	tests := []struct {
		filter string
		want   string // "RULE@offset ..."
	}{
		// Clean: point, range, a whole partition read on purpose.
		{"PartitionKey eq 'Sales' and RowKey eq '2'", ""},
		{"PartitionKey eq 'Sales' and RowKey ge 'S' and RowKey lt 'T'", ""},
		{"PartitionKey eq 'Sales'", ""},
		{"PartitionKey eq 'p' and RowKey ge 'a' and (RowKey eq 'b' or RowKey eq 'c')", ""},
		// Nested inside PartitionKey eq … and (…): still one partition.
		{"PartitionKey eq 'p' and RowKey eq 'r' and (Age gt 1 or Age lt 0)", ""},
		// Table scans.
		{"", "TL301@0"},
		{"LastName eq 'Jones'", "TL301@0"},
		{"RowKey eq 'r'", "TL301@0"},
		{"PartitionKey eq 'a' or PartitionKey eq 'b'", "TL301@0"},
		{"PartitionKey ge 'a' and PartitionKey lt 'b'", "TL301@0"},
		// Partition scans and or on RowKey.
		{"PartitionKey eq 'Sales' and LastName eq 'Smith'", "TL303@0"},
		{"PartitionKey eq 'p' and RowKey ne 'r'", "TL303@0"},
		{"PartitionKey eq 'Sales' and (RowKey eq '121' or RowKey eq '322')", "TL304@29"},
		// Key literals.
		{"PartitionKey eq 'sales/emea' and RowKey eq '1'", "TL201@16"},
		{"PartitionKey eq 'p' and RowKey eq 'a#b'", "TL201@34"},
		{"PartitionKey eq 'p' and RowKey eq 'tab\there'", "TL201@34"},
		{"PartitionKey eq 'p' and RowKey lt 'a/b'", ""}, // a bound may hold anything
		{"Path eq 'a/b' and PartitionKey eq 'p' and RowKey eq 'r'", ""},
		{"PartitionKey eq 42", "TL323@16 TL301@0"},
		{"PartitionKey eq 'p' and RowKey eq 5", "TL323@34 TL303@0"},
		// DateTime literals not in UTC.
		{"PartitionKey eq 'p' and RowKey eq 'r' and At ge datetime'2020-01-01T00:00:00+02:00'", "TL131@48"},
		{"PartitionKey eq 'p' and RowKey eq 'r' and At ge datetime'2020-01-01T00:00:00-05:30'", "TL131@48"},
		{"PartitionKey eq 'p' and RowKey eq 'r' and At ge datetime'2020-01-01T00:00:00Z'", ""},
		{"PartitionKey eq 'p' and RowKey eq 'r' and At ge datetime'2020-01-01T00:00:00+00:00'", ""},
	}
	for _, tt := range tests {
		if got := summary(check(t, tt.filter)); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.filter, got, tt.want)
		}
	}
}

func TestTooManyComparisons(t *testing.T) {
	var parts []string
	for i := 0; i < 15; i++ {
		parts = append(parts, fmt.Sprintf("RowKey eq '%d'", i))
	}
	fifteen := "PartitionKey eq 'p' and (" + strings.Join(parts[:14], " or ") + ")"
	if got := summary(check(t, fifteen)); got != "TL304@25" {
		t.Errorf("15 comparisons: %q", got)
	}
	sixteen := "PartitionKey eq 'p' and (" + strings.Join(parts, " or ") + ")"
	ds := check(t, sixteen)
	if len(ds) == 0 || ds[0].Rule != "TL322" || !strings.Contains(ds[0].Message, "16 comparisons") {
		t.Errorf("16 comparisons: %+v", ds)
	}
}

func TestMessages(t *testing.T) {
	for filter, want := range map[string]string{
		"":              "empty filter",
		"RowKey eq 'r'": "RowKey alone is not indexed",
		"(PartitionKey eq 'a' and RowKey eq '1') or (PartitionKey eq 'b' and RowKey eq '2')": "an or across partitions",
		"PartitionKey gt 'a'":                         "PartitionKey range",
		"PartitionKey eq 'Sales' and LastName eq 'x'": "partition 'Sales'",
	} {
		ds := check(t, filter)
		if len(ds) == 0 || !strings.Contains(ds[len(ds)-1].Message, want) {
			t.Errorf("%q: %+v, want a message containing %q", filter, ds, want)
		}
	}
}

// TestRulesRegistered: every rule filtercheck reports is in the registry.
func TestRulesRegistered(t *testing.T) {
	for _, id := range []string{"TL201", "TL301", "TL303", "TL304", "TL306", "TL322", "TL323"} {
		if _, ok := rules.Get(id); !ok {
			t.Errorf("rule %s is not registered", id)
		}
	}
}

func TestInvalidKeyChar(t *testing.T) {
	for s, want := range map[string]bool{"abc": false, "a/b": true, `a\b`: true, "a#": true, "?": true,
		"\x00": true, "\x1f": true, " ": false, "~": false, "\x7f": true, "\u0085": true, "\u00a0": false, "ü": false} {
		if _, got := filtercheck.InvalidKeyChar(s); got != want {
			t.Errorf("InvalidKeyChar(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestCheckTop(t *testing.T) {
	for _, c := range []struct {
		top  int64
		want bool
	}{{0, false}, {1, false}, {1000, false}, {1001, true}, {5000, true}} {
		d, got := filtercheck.CheckTop(c.top)
		if got != c.want || (got && d.Rule != "TL309") {
			t.Errorf("CheckTop(%d) = %+v, %v; want TL309 %v", c.top, d, got, c.want)
		}
	}
}
