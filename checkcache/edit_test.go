package checkcache

import (
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// funcNames reports the functions a package declares, as its report.
func funcNames(u *Unit) ([]byte, error) {
	var names []string
	for _, f := range u.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				names = append(names, fd.Name.Name)
			}
		}
	}
	return []byte(strings.Join(names, ",")), nil
}

var noop = &analysis.Analyzer{Name: "noop", Doc: "does nothing", Run: func(*analysis.Pass) (any, error) { return nil, nil }}

// TestEditDuringRun: a file edited while a run analyses it (after go
// list computed the package's key from the old content) does not leave
// the new content's results under the old content's key: once the old
// content is back, a run reports the old content's results.
func TestEditDuringRun(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	dir := t.TempDir()
	src := filepath.Join(dir, "p.go")
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module m\n\ngo 1.22\n"), 0o644)
	const old, edited = "package p\n\nfunc Old() {}\n", "package p\n\nfunc New() {}\n"
	os.WriteFile(src, []byte(old), 0o644)
	run := func(edit bool) (string, Stats) {
		t.Helper()
		c, err := Open()
		if err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Dir: dir, Patterns: []string{"./..."}, Analyzers: []*analysis.Analyzer{noop},
			Install: func([][]byte) (func(), error) { return func() {}, nil },
			Report:  funcNames, Cache: c, ToolID: "test", Salt: "s"}
		if edit {
			// Between phase A and phase B: after go list, before the
			// report's files are read.
			cfg.Summarize = func([]analysis.ObjectFact) ([]byte, error) {
				return nil, os.WriteFile(src, []byte(edited), 0o644)
			}
		}
		reps, perrs, st, err := Run(cfg)
		if err != nil || len(perrs) > 0 || len(reps) != 1 {
			t.Fatalf("Run: %v %v %v", reps, perrs, err)
		}
		return string(reps[0].Data), st
	}
	if got, _ := run(true); got != "New" {
		t.Fatalf("run with the edit reported %q, want New (what phase B read)", got)
	}
	os.WriteFile(src, []byte(old), 0o644)
	if got, _ := run(false); got != "Old" {
		t.Errorf("after restoring the file: %q, want Old (not the edited content's results)", got)
	}
	// Unchanged files: the second run reads everything from the cache.
	if got, st := run(false); got != "Old" || st.Misses != 0 {
		t.Errorf("unchanged: %q %+v, want Old from the cache", got, st)
	}
}
