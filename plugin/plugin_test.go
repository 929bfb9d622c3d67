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
