package designdrift_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/designdrift"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
	"github.com/tablelint/tablelint/internal/finding"
)

func withDesign(t *testing.T, path string) {
	t.Helper()
	if err := designdrift.Analyzer.Flags.Set("design", path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { designdrift.Analyzer.Flags.Set("design", "") })
}

func TestDrift(t *testing.T) {
	design, err := filepath.Abs(filepath.Join("testdata", "design.tablelint.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	withDesign(t, design)
	dir := sdktest.GOPATH(t, analysistest.TestData())
	results := sdktest.Run(t, dir, designdrift.Analyzer, "drift")
	sdktest.CheckMessages(t, results)
	var res []*designdrift.Result
	for _, r := range results {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		res = append(res, r.Result.(*designdrift.Result))
	}
	d, err := designdrift.Load(design)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range designdrift.Unused(d, res) {
		if err := finding.CheckMessage(f.Rule, f.Message); err != nil {
			t.Error(err)
		}
		got = append(got, f.Rule+" "+strings.TrimPrefix(f.File, filepath.Dir(design)+string(filepath.Separator))+":"+itoa(f.Line)+" "+f.Message)
	}
	want := []string{
		`TL521 design.tablelint.yaml:24 query Employees.recent ("Hired gt datetime'{Hired}'") matches no query of the analysed code`,
		`TL521 design.tablelint.yaml:13 entity type Employees.EmailIndex matches no write of the analysed code`,
	}
	// Payroll is never written: its entity types are not reported.
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Unused:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSilentWithoutDesign(t *testing.T) {
	withDesign(t, "")
	dir := sdktest.GOPATH(t, analysistest.TestData())
	// No // want is met: any diagnostic fails the test, so run on a
	// copy of the package whose wants are all unmet would fail; instead
	// check the diagnostics directly.
	for _, r := range sdktest.Run(&quiet{T: t}, dir, designdrift.Analyzer, "drift") {
		if len(r.Diagnostics) > 0 {
			t.Errorf("without -design: %d diagnostics, first %s", len(r.Diagnostics), r.Diagnostics[0].Message)
		}
	}
}

func TestShape(t *testing.T) {
	for _, c := range [][2]string{
		{"PartitionKey eq '{Department}' and RowKey eq 'empid_{Id:%06d}'", "PartitionKey eq ? and RowKey eq ?"},
		{"RowKey eq 'x' and PartitionKey eq 'HR'", "PartitionKey eq ? and RowKey eq ?"},
		{"Age gt {Age} or Age lt 30L", "Age gt ? or Age lt ?"},
		{"(PartitionKey eq 'a') and (RowKey ge '{{x' and RowKey lt 'y')", "(PartitionKey eq ?) and (RowKey ge ? and RowKey lt ?)"},
		{"Hired gt datetime'{Hired}'", "Hired gt datetime?"},
	} {
		if got := designdrift.Shape(c[0]); got != c[1] {
			t.Errorf("Shape(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// quiet is a testing.T whose Errorf is ignored (analysistest reports
// unexpected diagnostics through it; TestSilentWithoutDesign counts
// them itself).
type quiet struct {
	*testing.T
}

func (q *quiet) Errorf(format string, args ...any) {}

// FuzzShape: Shape never panics, and the order of and-ed conditions does
// not change it.
func FuzzShape(f *testing.F) {
	f.Add("PartitionKey eq '{Department}'", "RowKey eq 'empid_{Id:%06d}'")
	f.Add("Age gt {Age}", "Hired lt datetime'2020-01-01T00:00:00Z'")
	f.Add("a eq 'x''y'", "b ne {{")
	f.Fuzz(func(t *testing.T, a, b string) {
		designdrift.Shape(a)
		simple := func(s string) bool {
			return s != "" && !strings.ContainsAny(s, "()'{}\t\n\r\v\f") && !strings.Contains(s, " or ") && !strings.Contains(s, " and ") &&
				strings.TrimSpace(s) == s && !strings.Contains(s, "  ")
		}
		if !simple(a) || !simple(b) {
			return
		}
		if x, y := designdrift.Shape(a+" and "+b), designdrift.Shape(b+" and "+a); x != y {
			t.Errorf("Shape(%q and %q) = %q, reversed %q", a, b, x, y)
		}
	})
}

// TestTied: writes to tables the code does not name match every entry
// that fits them as well as the best one (an extracted design's tables
// of one Go type), and a keys-only write matches the entry with its key
// templates: the design extract writes has no unused entry.
func TestTied(t *testing.T) {
	design, err := filepath.Abs(filepath.Join("testdata", "tied.tablelint.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	withDesign(t, design)
	dir := sdktest.GOPATH(t, analysistest.TestData())
	results := sdktest.Run(t, dir, designdrift.Analyzer, "tied")
	var res []*designdrift.Result
	for _, r := range results {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		res = append(res, r.Result.(*designdrift.Result))
	}
	d, err := designdrift.Load(design)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range designdrift.Unused(d, res) {
		t.Errorf("%s %d: %s", f.Rule, f.Line, f.Message)
	}
}
