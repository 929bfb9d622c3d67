package filterinjection_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// TestFixedCodeTypeChecks applies every golden file (the code with all
// suggested fixes applied) over its source and type-checks the result:
// a fix must never leave code that does not compile (a missing import,
// a wrong argument).
func TestFixedCodeTypeChecks(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	goldens, err := filepath.Glob(filepath.Join(dir, "src", "*", "*.go.golden"))
	if err != nil || len(goldens) < 4 {
		t.Fatalf("golden files: %v %v", goldens, err)
	}
	pkgs := map[string]bool{}
	for _, g := range goldens {
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(strings.TrimSuffix(g, ".golden"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		pkgs[filepath.Base(filepath.Dir(g))] = true
	}
	var patterns []string
	for p := range pkgs {
		patterns = append(patterns, p)
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir,
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off")}
	loaded, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(loaded) != len(patterns) {
		t.Fatalf("loaded %d packages, want %d", len(loaded), len(patterns))
	}
	for _, p := range loaded {
		for _, e := range p.Errors {
			t.Errorf("%s after fixes: %v", p.PkgPath, e)
		}
	}
}
