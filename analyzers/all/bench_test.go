package all_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// genPackage writes a package of about lines lines of table-using code:
// queries built every way the analyzers follow, pagers, sinks, helpers.
func genPackage(t testing.TB, dir string, lines int) {
	var b strings.Builder
	b.WriteString(`package big

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Repo struct{ c *aztables.Client }

func (r *Repo) Find(ctx context.Context, filter string) int {
	n := 0
	p := r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

func pk(d string) string { return "PartitionKey eq '" + strings.ReplaceAll(d, "'", "''") + "'" }
`)
	n := 0
	for i := 0; strings.Count(b.String(), "\n") < lines; i++ {
		n++
		fmt.Fprintf(&b, `
func f%[1]d(ctx context.Context, r *Repo, req *http.Request, id int) int {
	dept := req.FormValue("dept%[1]d")
	filter := fmt.Sprintf("PartitionKey eq '%%s' and RowKey eq '%%06d'", dept, id)
	p := r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	total := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return total
		}
		total += len(page.Entities)
	}
	total += r.Find(ctx, pk("d%[1]d")+" and Age gt "+strconv.Itoa(id))
	total += r.Find(ctx, "Name eq 'n%[1]d'")
	q := r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("RowKey eq '%[1]d'"), Top: to.Ptr(int32(10))})
	first, _ := q.NextPage(ctx)
	return total + len(first.Entities)
}
`, i)
	}
	src := filepath.Join(dir, "src", "big")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "big.go"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkAnalyzers20k runs every analyzer over a generated package of
// 20,000 lines (loading and type-checking excluded). Analyzers with facts
// also run on every dependency (189 packages of the standard library and
// the SDK stubs, far more code than the package itself); the dependencies
// are given no syntax here, so that the time is the analyzers' on the
// 20,000 lines. The generated package needs no facts from them: it calls
// only the SDK.
func BenchmarkAnalyzers20k(b *testing.B) {
	empty := b.TempDir()
	os.MkdirAll(filepath.Join(empty, "src"), 0o755)
	dir := sdktest.GOPATH(b, empty)
	genPackage(b, dir, 20000)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "big")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		b.Fatalf("load: %v %v", err, pkgs[0].Errors)
	}
	deps := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p != pkgs[0] {
			p.Syntax = nil
			deps++
		}
	})
	if deps == 0 || len(pkgs[0].Syntax) == 0 {
		b.Fatalf("%d dependencies, %d files", deps, len(pkgs[0].Syntax))
	}
	b.ReportAllocs()
	b.ResetTimer()
	var diags int
	for b.Loop() {
		g, err := checker.Analyze(all.Analyzers(), pkgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		diags = 0
		for _, act := range g.Roots {
			diags += len(act.Diagnostics)
		}
		if os.Getenv("TABLELINT_BENCH_TIMES") != "" {
			for act := range g.All() {
				if act.Package.PkgPath != "big" {
					continue
				}
				b.Logf("%-16s %v", act.Analyzer.Name, act.Duration)
			}
		}
	}
	b.ReportMetric(float64(diags), "diags")
}

// TestGeneratedPackageFindings checks the benchmark input yields the
// findings it is built to have, so the benchmark measures real work.
func TestGeneratedPackageFindings(t *testing.T) {
	empty := t.TempDir()
	os.MkdirAll(filepath.Join(empty, "src"), 0o755)
	dir := sdktest.GOPATH(t, empty)
	genPackage(t, dir, 200)
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir,
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off")}
	pkgs, err := packages.Load(cfg, "big")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v", err)
	}
	g, err := checker.Analyze(all.Analyzers(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			counts[d.Category]++
		}
	}
	// Per function: TL321 (dept), TL301 via Find, TL301 RowKey-only, TL307.
	for _, r := range []string{"TL321", "TL301", "TL307"} {
		if counts[r] == 0 {
			t.Errorf("no %s in generated package: %v", r, counts)
		}
	}
}

// BenchmarkAnalyzers20kInfo is BenchmarkAnalyzers20k with -info set on
// every analyzer that has the flag, as `tablelint check` runs them (go
// vet leaves it off).
func BenchmarkAnalyzers20kInfo(b *testing.B) {
	for _, a := range all.Analyzers() {
		if f := a.Flags.Lookup("info"); f != nil {
			old := f.Value.String()
			if err := a.Flags.Set("info", "true"); err != nil {
				b.Fatal(err)
			}
			defer a.Flags.Set("info", old)
		}
	}
	BenchmarkAnalyzers20k(b)
}
