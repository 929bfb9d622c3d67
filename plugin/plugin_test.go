package plugin

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/golangci/plugin-module-register/register"
)

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("tablelint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"info": true, "disable": []string{"TL307", "filter-injection"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) == 0 {
		t.Fatalf("BuildAnalyzers: %v, %d analyzers", err, len(as))
	}
}

func TestBadSettings(t *testing.T) {
	for _, raw := range []any{
		map[string]any{"disable": []string{"TL999"}},
		map[string]any{"analyzers": []string{"nope"}},
		map[string]any{"checks": []string{"all", "-TL3O7"}},
		map[string]any{"unknown-setting": 1},
	} {
		if _, err := New(raw); err == nil {
			t.Errorf("New(%v) accepted bad settings", raw)
		}
	}
}

// TestDisable runs the wrapped analyzers: disabled rules are dropped,
// others still reported (the // want comments in testdata).
func TestDisable(t *testing.T) {
	p, err := New(map[string]any{"disable": []string{"TL307"}, "analyzers": []string{"continuation"}})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 {
		t.Fatalf("%d analyzers, want 1", len(as))
	}
	dir := t.TempDir()
	// The shared SDK stubs (analyzers/internal/sdktest) plus this testdata.
	for _, src := range []string{"../analyzers/internal/sdktest/testdata/src", "testdata/src"} {
		copyTree(t, src, filepath.Join(dir, "src"))
	}
	for _, a := range as {
		analysistest.Run(t, dir, a, "disable")
	}
}

// TestChecksSetting: checks selects rules as tablelint check --checks
// does (the testdata's TL307 is not selected: no diagnostic).
func TestChecksSetting(t *testing.T) {
	for _, checks := range [][]string{{"all", "-TL307"}, {"TL30*", "-continuation-ignored"}, {"-TL307"}} {
		p, err := New(map[string]any{"checks": checks, "analyzers": []string{"continuation"}})
		if err != nil {
			t.Fatal(err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil || len(as) != 1 {
			t.Fatalf("BuildAnalyzers: %v, %d analyzers", err, len(as))
		}
		dir := t.TempDir()
		for _, src := range []string{"../analyzers/internal/sdktest/testdata/src", "testdata/src"} {
			copyTree(t, src, filepath.Join(dir, "src"))
		}
		analysistest.Run(t, dir, as[0], "disable")
	}
}

func copyTree(t *testing.T, src, dst string) {
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPluginAgreesWithCheck runs the plugin's analyzers as golangci-lint
// runs them (over the loaded packages, test variants included) on the
// package cmd/tablelint's TestDriversAgree gives `tablelint check` and
// go vet, and wants the same findings: directives suppress alike in
// every driver.
func TestPluginAgreesWithCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a package of the main module")
	}
	want := []string{
		"drivers.go:42:2: TL901",
		"drivers.go:43:68: TL301",
		"drivers.go:59:57: TL204",
		"drivers.go:62:1: TL903",
	}
	p, err := New(map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: "..", Tests: true}, "./cmd/tablelint/testdata/drivers")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) == 0 {
		t.Fatal("no package loaded")
	}
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			got = append(got, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(pos.Filename), pos.Line, pos.Column, d.Category))
		}
	}
	slices.Sort(got)
	got = slices.Compact(got)
	if !slices.Equal(got, want) {
		t.Errorf("plugin findings:\n%s\nwant (as check and go vet):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDesignSetting: the design setting reaches the tabledesign
// analyzer's -design flag; a design that does not load is refused.
func TestDesignSetting(t *testing.T) {
	design, err := filepath.Abs("../analyzers/designdrift/testdata/design.tablelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(map[string]any{"design": design, "analyzers": []string{"tabledesign"}})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 {
		t.Fatalf("BuildAnalyzers: %v, %d analyzers", err, len(as))
	}
	t.Cleanup(func() { as[0].Flags.Set("design", "") })
	if got := as[0].Flags.Lookup("design").Value.String(); got != design {
		t.Errorf("-design = %q, want %q", got, design)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("tables: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(map[string]any{"design": bad}); err == nil {
		t.Error("a design that does not load was accepted")
	}
}

// TestTargetSetting: target: cosmos reaches every analyzer with a
// -target flag; an unknown target is refused.
func TestTargetSetting(t *testing.T) {
	p, err := New(map[string]any{"target": "cosmos"})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range as {
		if f := a.Flags.Lookup("target"); f != nil {
			n++
			if f.Value.String() != "cosmos" {
				t.Errorf("%s: -target = %s", a.Name, f.Value)
			}
			t.Cleanup(func() { a.Flags.Set("target", "storage") })
		}
	}
	if n < 4 { // keychars, propnames, toplimit, transactions
		t.Errorf("%d analyzers have a -target flag, want at least 4", n)
	}
	if _, err := New(map[string]any{"target": "cosmosdb"}); err == nil {
		t.Error("target cosmosdb was accepted")
	}
}

// TestPluginSkipsUnreachable: golangci-lint type-checks every dependency
// and runs the fact analyzers on it; the analyzers return at once on the
// packages of the standard library and of versioned modules that cannot
// reach the SDK (analyzers/internal/reach). What crosses packages still
// does: a filter built by a helper of the linted module that does not
// import the SDK (filterstr), or by a helper of a versioned module that
// does (example.com/lib/tables), is read through the helper's summary;
// one built by a skipped helper (example.com/lib/strs) is unknown, and
// nothing is reported on it, as under check and go vet.
func TestPluginSkipsUnreachable(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module and its dependencies from source")
	}
	p, err := New(map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: "testdata/reach/app"}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("testdata/reach/app does not load")
	}
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			got = append(got, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(pos.Filename), pos.Line, pos.Column, d.Category))
		}
	}
	slices.Sort(got)
	got = slices.Compact(got)
	want := []string{"store.go:31:74: TL301", "store.go:41:74: TL301"}
	if !slices.Equal(got, want) {
		t.Errorf("plugin findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Which packages reach the SDK (tlreach's package fact) and which
	// flow summarised: none that cannot reach it outside the linted
	// module. (The checker keeps no result of an action on a
	// dependency; facts it keeps.)
	reaches := map[string]bool{}
	summarised := map[string]bool{}
	for act := range g.All() {
		switch act.Analyzer.Name {
		case "tlreach":
			for _, f := range act.AllPackageFacts() {
				if f.Package == act.Package.Types {
					reaches[act.Package.PkgPath] = true
				}
			}
		case "flow":
			for _, f := range act.AllObjectFacts() {
				if f.Object.Pkg() == act.Package.Types {
					summarised[act.Package.PkgPath] = true
				}
			}
		}
	}
	for path, want := range map[string]bool{
		"strings":                   false,
		"net/http":                  false,
		"example.com/lib/strs":      false,
		"example.com/app/filterstr": false,
		"example.com/lib/tables":    true,
		"example.com/app":           true,
		"github.com/Azure/azure-sdk-for-go/sdk/azcore":        false,
		"github.com/Azure/azure-sdk-for-go/sdk/data/aztables": true,
	} {
		if reaches[path] != want {
			t.Errorf("%s: reaches the SDK %v, want %v", path, reaches[path], want)
		}
	}
	for path, want := range map[string]bool{
		"example.com/lib/strs":      false, // skipped
		"example.com/lib/tables":    true,
		"example.com/app/filterstr": true, // of the linted module
	} {
		if summarised[path] != want {
			t.Errorf("%s: flow summaries exported %v, want %v", path, summarised[path], want)
		}
	}
}
