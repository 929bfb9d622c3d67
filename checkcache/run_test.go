package checkcache

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// writeFile writes src to name under dir, making its directories.
func writeFile(t *testing.T, dir, name, src string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// recordRun runs Run over patterns in dir, Needs example.com/m/sdk, with
// one analyzer that records the packages it analyses; it returns them
// and the roots reported Skipped, both sorted, with Run's reports and
// package errors.
func recordRun(t *testing.T, dir string, patterns ...string) (analysed, skipped []string, reps []Report, errs []PackageError) {
	t.Helper()
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
	if err != nil {
		t.Fatalf("%v: %v", patterns, err)
	}
	slices.Sort(analysed)
	slices.Sort(skipped)
	return analysed, skipped, reps, errs
}

// TestSkipsPackagesThatCannotReachNeeds: in a module none of whose
// packages reaches Config.Needs nothing is type-checked (every root is
// reported Skipped); once one package reaches it, every package of the
// module is analysed (calls through interfaces reach it too).
func TestSkipsPackagesThatCannotReachNeeds(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "go.mod", "module example.com/m\n\ngo 1.22\n")
	writeFile(t, dir, "sdk/sdk.go", "package sdk\n\nfunc Query() {}\n")
	writeFile(t, dir, "plain/plain.go", "package plain\n\nfunc F() int { return 1 }\n")
	writeFile(t, dir, "other/other.go", "package other\n\nimport \"example.com/m/plain\"\n\nvar X = plain.F()\n")
	run := func(patterns ...string) (analysed, skipped []string) {
		analysed, skipped, reps, errs := recordRun(t, dir, patterns...)
		if len(errs) > 0 || len(reps) != len(patterns) {
			t.Fatalf("%v: %v %d reports", patterns, errs, len(reps))
		}
		return analysed, skipped
	}
	if a, s := run("./plain", "./other"); len(a) != 0 || !slices.Equal(s, []string{"example.com/m/other", "example.com/m/plain"}) {
		t.Errorf("no package reaches the SDK: analysed %v, skipped %v; want none analysed", a, s)
	}
	writeFile(t, dir, "user/user.go", "package user\n\nimport \"example.com/m/sdk\"\n\nfunc G() { sdk.Query() }\n")
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
	writeFile(t, dir, "go.mod", "module example.com/m\n\ngo 1.22\n")
	writeFile(t, dir, "sdk/sdk.go", "package sdk\n\nfunc Query() {}\n")
	writeFile(t, dir, "plain/plain.go", "package plain\n\nfunc F() int { return 1 }\n")
	writeFile(t, dir, "broken/broken.go", "package broken\n\nimport \"example.com/m/absent\"\n\nvar X = absent.Y\n")
	analysed, skipped, _, errs := recordRun(t, dir, "./plain", "./broken")
	if !slices.Equal(skipped, []string{"example.com/m/plain"}) {
		t.Errorf("skipped %v, analysed %v (errors %v); want only example.com/m/plain skipped", skipped, analysed, errs)
	}
	if slices.Contains(analysed, "example.com/m/plain") {
		t.Errorf("plain was analysed because broken is incomplete: %v", analysed)
	}
}
