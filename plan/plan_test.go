package plan_test

import (
	"strings"
	"testing"

	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// TestSeedFilters classifies every example filter of the Table storage
// design guide and design patterns as those documents say.
func TestSeedFilters(t *testing.T) {
	tests := []struct {
		id, query string
		want      plan.Kind
	}{
		{"F1", "$filter=(PartitionKey eq 'Sales') and (RowKey eq '2')", plan.Point},
		{"F2", "$filter=PartitionKey eq 'Sales' and RowKey ge 'S' and RowKey lt 'T'", plan.Range},
		{"F3", "$filter=PartitionKey eq 'Sales' and LastName eq 'Smith'", plan.PartitionScan},
		{"F4", "$filter=LastName eq 'Jones'", plan.TableScan},
		{"F5", "$filter=PartitionKey eq 'Sales' and (RowKey eq '121' or RowKey eq '322')", plan.PartitionScan},
		{"F6", "$filter=(PartitionKey eq 'Sales') and (RowKey eq 'empid_000223')", plan.Point},
		{"F7", "$filter=(PartitionKey eq 'Sales') and (RowKey eq 'email_jonesj@contoso.com')", plan.Point},
		{"F8", "$filter=(PartitionKey eq 'Sales') and (RowKey ge 'empid_000100') and (RowKey le 'empid_000199')", plan.Range},
		{"F9", "$filter=(PartitionKey eq 'Sales') and (RowKey ge 'email_a') and (RowKey lt 'email_b')", plan.Range},
		{"F10", "$filter=(PartitionKey eq 'empid_Sales') and (RowKey eq '000223')", plan.Point},
		{"F11", "$filter=(PartitionKey eq 'email_Sales') and (RowKey eq 'jonesj@contoso.com')", plan.Point},
		{"F12", "$filter=(PartitionKey eq 'empid_Sales') and (RowKey ge '000100') and (RowKey le '000199')", plan.Range},
		{"F13", "$filter=(PartitionKey eq 'email_Sales') and (RowKey ge 'a') and (RowKey lt 'b')", plan.Range},
		{"F14", "$filter=(PartitionKey eq 'Sales') and (RowKey ge 'empid_000123') and (RowKey lt 'empid_000124')&$select=RowKey,Manager Rating,Peer Rating,Comments", plan.Range},
	}
	for _, tt := range tests {
		q, err := odata.ParseQuery(tt.query)
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		f, err := odata.Parse(q.Filter)
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		if got := plan.Of(f).Kind; got != tt.want {
			t.Errorf("%s %s: plan %v, want %v", tt.id, tt.query, got, tt.want)
		}
	}
}

func planOf(t *testing.T, s string) plan.Plan {
	t.Helper()
	f, err := odata.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return plan.Of(f)
}

func residual(p plan.Plan) string {
	var parts []string
	for _, r := range p.Residual {
		parts = append(parts, r.String())
	}
	return strings.Join(parts, " and ")
}

func bound(b plan.Bound) string {
	if !b.Set() {
		return "-"
	}
	op := ">"
	if b.Inclusive {
		op = "="
	}
	return op + b.Value.Value.Str
}

// TestPlanDetails checks keys, bounds and residuals.
func TestPlanDetails(t *testing.T) {
	tests := []struct {
		filter        string
		kind          plan.Kind
		pk, rk        string
		low, high     string // "=v" inclusive, ">v" exclusive, "-" open
		pkLow, pkHigh string
		residual      string
	}{
		{"", plan.TableScan, "", "", "-", "-", "-", "-", ""},
		{"PartitionKey eq 'p'", plan.PartitionScan, "p", "", "-", "-", "-", "-", ""},
		{"PartitionKey eq 'p' and RowKey eq 'r' and Age gt 3", plan.Point, "p", "r", "-", "-", "-", "-", "Age gt 3"},
		{"RowKey eq 'r' and PartitionKey eq 'p'", plan.Point, "p", "r", "-", "-", "-", "-", ""},
		{"PartitionKey eq 'p' and RowKey gt 'a' and RowKey gt 'c' and RowKey le 'x' and RowKey lt 'x'", plan.Range, "p", "", ">c", ">x", "-", "-", ""},
		{"PartitionKey eq 'p' and RowKey ge 'c' and RowKey gt 'c'", plan.Range, "p", "", ">c", "-", "-", "-", ""},
		{"PartitionKey eq 'p' and RowKey lt 'm' and Name eq 'x'", plan.Range, "p", "", "-", ">m", "-", "-", "Name eq 'x'"},
		{"PartitionKey eq 'p' and (RowKey ge 'a' and RowKey lt 'b')", plan.Range, "p", "", "=a", ">b", "-", "-", ""},
		{"PartitionKey eq 'p' and RowKey ne 'r'", plan.PartitionScan, "p", "", "-", "-", "-", "-", "RowKey ne 'r'"},
		{"PartitionKey eq 'p' and RowKey eq 5", plan.PartitionScan, "p", "", "-", "-", "-", "-", "RowKey eq 5"},
		{"PartitionKey eq 1 and RowKey eq 'r'", plan.TableScan, "", "", "-", "-", "-", "-", "PartitionKey eq 1 and RowKey eq 'r'"},
		{"PartitionKey ge 'a' and PartitionKey lt 'b' and X eq 1", plan.TableScan, "", "", "-", "-", "=a", ">b", "X eq 1"},
		{"PartitionKey eq 'a' or PartitionKey eq 'b'", plan.TableScan, "", "", "-", "-", "-", "-", "(PartitionKey eq 'a' or PartitionKey eq 'b')"},
		{"not PartitionKey ne 'p'", plan.TableScan, "", "", "-", "-", "-", "-", "not PartitionKey ne 'p'"},
		{"RowKey eq 'r'", plan.TableScan, "", "", "-", "-", "-", "-", "RowKey eq 'r'"},
	}
	for _, tt := range tests {
		p := planOf(t, tt.filter)
		got := []string{p.Kind.String(), lit(p.PartitionKey), lit(p.RowKey), bound(p.Low), bound(p.High), bound(p.PKLow), bound(p.PKHigh), residual(p)}
		want := []string{tt.kind.String(), tt.pk, tt.rk, tt.low, tt.high, tt.pkLow, tt.pkHigh, tt.residual}
		if strings.Join(got, " | ") != strings.Join(want, " | ") {
			t.Errorf("%q:\n got %s\nwant %s", tt.filter, strings.Join(got, " | "), strings.Join(want, " | "))
		}
	}
}

func lit(l *odata.Literal) string {
	if l == nil {
		return ""
	}
	return l.Value.Str
}

// TestTemplateBounds: with placeholders the order of two bounds is
// unknown, so the second stays in the residual.
func TestTemplateBounds(t *testing.T) {
	f, err := odata.ParseTemplate("PartitionKey eq '{D}' and RowKey ge '{A}' and RowKey ge 'x' and RowKey lt '{B}'")
	if err != nil {
		t.Fatal(err)
	}
	p := plan.Of(f)
	if p.Kind != plan.Range || p.PartitionKey.String() != "'{D}'" || p.Low.Value.String() != "'{A}'" || p.High.Value.String() != "'{B}'" {
		t.Errorf("plan %+v", p)
	}
	if r := residual(p); r != "RowKey ge 'x'" {
		t.Errorf("residual %q", r)
	}
	f, _ = odata.ParseTemplate("PartitionKey eq {D} and RowKey eq {R}")
	if p := plan.Of(f); p.Kind != plan.Point {
		t.Errorf("bare placeholders for keys: %v, want point", p.Kind)
	}
}

// TestResidualSharesFactors checks the residual in both of its forms: a
// run of the top-level factors, which is the filter's own slice with its
// capacity cut (an append leaves the filter alone), and unused conjuncts
// that are not such a run, which get a slice of their own.
func TestResidualSharesFactors(t *testing.T) {
	for _, tt := range []struct {
		filter string
		want   []string // the residual's properties
		shared bool
	}{
		{"PartitionKey eq 'a' and A eq 1 and B eq 2", []string{"A", "B"}, true},
		{"A eq 1 and B eq 2", []string{"A", "B"}, true},
		{"A eq 1 and PartitionKey eq 'a' and B eq 2", []string{"A", "B"}, false},
		{"(A eq 1) and PartitionKey eq 'a'", []string{"A"}, false},
		{"PartitionKey eq 'a' and RowKey eq 'b'", nil, false},
	} {
		f, err := odata.Parse(tt.filter)
		if err != nil {
			t.Fatal(err)
		}
		text := f.String()
		p := plan.Of(f)
		var got []string
		for _, r := range p.Residual {
			got = append(got, r.Cmp.Property)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%s: residual %v, want %v", tt.filter, got, tt.want)
		}
		fs := f.Expr.Terms[0].Factors
		shared := len(p.Residual) > 0 && &p.Residual[0] == &fs[len(fs)-len(p.Residual)]
		if shared != tt.shared {
			t.Errorf("%s: residual shares the factors: %v, want %v", tt.filter, shared, tt.shared)
		}
		if cap(p.Residual) != len(p.Residual) {
			t.Errorf("%s: residual has capacity %d for %d factors", tt.filter, cap(p.Residual), len(p.Residual))
		}
		_ = append(p.Residual, &odata.Factor{})
		if f.String() != text {
			t.Errorf("%s: appending to the residual changed the filter to %s", tt.filter, f.String())
		}
	}
}
