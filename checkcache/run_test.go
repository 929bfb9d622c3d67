package checkcache

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestSkipsPackagesThatCannotReachNeeds: in a module none of whose
// packages reaches Config.Needs nothing is type-checked (every root is
// reported Skipped); once one package reaches it, every package of the
// module is analysed (calls through interfaces reach it too).
func TestSkipsPackagesThatCannotReachNeeds(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("sdk/sdk.go", "package sdk\n\nfunc Query() {}\n")
	write("plain/plain.go", "package plain\n\nfunc F() int { return 1 }\n")
	write("other/other.go", "package other\n\nimport \"example.com/m/plain\"\n\nvar X = plain.F()\n")
	run := func(patterns ...string) (analysed, skipped []string) {
		var mu sync.Mutex
		rec := &analysis.Analyzer{Name: "rec", Doc: "records", Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			analysed = append(analysed, pass.Pkg.Path())
			mu.Unlock()
			return nil, nil
		}}
		cfg := &Config{Dir: dir, Patterns: patterns, Analyzers: []*analysis.Analyzer{rec}, Needs: []string{"example.com/m/sdk"},
			Install: func([][]byte) (func(), error) { return func() {}, nil },
			Report: func(u *Unit) ([]byte, error) {
				if u.Skipped {
					mu.Lock()
					skipped = append(skipped, u.ID)
					mu.Unlock()
				}
				return nil, nil
			}}
		reps, errs, _, err := Run(cfg)
		if err != nil || len(errs) > 0 || len(reps) != len(patterns) {
			t.Fatalf("%v: %v %v %d reports", patterns, err, errs, len(reps))
		}
		slices.Sort(analysed)
		slices.Sort(skipped)
		return analysed, skipped
	}
	if a, s := run("./plain", "./other"); len(a) != 0 || !slices.Equal(s, []string{"example.com/m/other", "example.com/m/plain"}) {
		t.Errorf("no package reaches the SDK: analysed %v, skipped %v; want none analysed", a, s)
	}
	write("user/user.go", "package user\n\nimport \"example.com/m/sdk\"\n\nfunc G() { sdk.Query() }\n")
	if a, s := run("./plain", "./other", "./user"); len(s) != 0 || !slices.Equal(a, []string{"example.com/m/other", "example.com/m/plain", "example.com/m/user"}) {
		t.Errorf("a package reaches the SDK: analysed %v, skipped %v; want the whole module analysed", a, s)
	}
}

// TestIncompletePackageDoesNotWidenToModule: a package go list could
// not complete (an import that resolves nowhere) is analysed, since
// what it cannot import might reach Needs, but it does not make the
// rest of its module analysed: only a package known to reach Needs does.
func TestIncompletePackageDoesNotWidenToModule(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":           "module example.com/m\n\ngo 1.22\n",
		"sdk/sdk.go":       "package sdk\n\nfunc Query() {}\n",
		"plain/plain.go":   "package plain\n\nfunc F() int { return 1 }\n",
		"broken/broken.go": "package broken\n\nimport \"example.com/m/absent\"\n\nvar X = absent.Y\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var analysed, skipped []string
	rec := &analysis.Analyzer{Name: "rec", Doc: "records", Run: func(pass *analysis.Pass) (any, error) {
		mu.Lock()
		analysed = append(analysed, pass.Pkg.Path())
		mu.Unlock()
		return nil, nil
	}}
	cfg := &Config{Dir: dir, Patterns: []string{"./plain", "./broken"}, Analyzers: []*analysis.Analyzer{rec}, Needs: []string{"example.com/m/sdk"},
		Install: func([][]byte) (func(), error) { return func() {}, nil },
		Report: func(u *Unit) ([]byte, error) {
			if u.Skipped {
				mu.Lock()
				skipped = append(skipped, u.ID)
				mu.Unlock()
			}
			return nil, nil
		}}
	_, errs, _, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(skipped, []string{"example.com/m/plain"}) {
		t.Errorf("skipped %v, analysed %v (errors %v); want only example.com/m/plain skipped", skipped, analysed, errs)
	}
	if slices.Contains(analysed, "example.com/m/plain") {
		t.Errorf("plain was analysed because broken is incomplete: %v", analysed)
	}
}
