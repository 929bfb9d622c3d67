// Package fixtest tests an analyzer's suggested fixes the way drivers
// apply them: every fix of every diagnostic, all at once, with identical
// edits applied once and nothing else done to the file.
//
// analysistest.RunWithSuggestedFixes compares the fixed files with their
// .golden files, but it removes imports the fixes left unused before
// comparing; golangci-lint run --fix does not. Run therefore also applies
// the raw edits itself, requires the result to equal the golden file,
// and type-checks the fixed packages against the SDK stubs: a fix that
// leaves an unused import, a missing import or a wrong argument fails.
//
//	func TestFixes(t *testing.T) {
//		fixtest.Run(t, analysistest.TestData(), keyformat.Analyzer, "unpadded")
//	}
package fixtest

import (
	"bytes"
	"fmt"
	"go/format"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// Run runs a on the packages of testdata/src named by patterns (plain
// package paths, no "..."), with the SDK stubs, and checks its fixes:
// analysistest's golden comparison, then the raw application of every
// edit, which must equal the .golden file, and a type-check of the
// fixed packages. Every pattern must yield at least one fix, and the
// messages are checked with sdktest.CheckMessages.
func Run(t *testing.T, testdata string, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	dir := sdktest.GOPATH(t, testdata)
	results := analysistest.RunWithSuggestedFixes(t, dir, diag.Text(a), patterns...)
	sdktest.CheckMessages(t, results)

	fixed := map[string][]byte{} // file name in dir -> fixed content
	pkgs := map[string]bool{}
	for _, r := range results {
		if r.Pass == nil {
			continue
		}
		edits := map[string][]edit{}
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					tf := r.Pass.Fset.File(e.Pos)
					if tf == nil {
						t.Errorf("%s: fix %q has an edit outside any file", r.Pass.Pkg.Path(), f.Message)
						continue
					}
					end := e.End
					if !end.IsValid() {
						end = e.Pos
					}
					edits[tf.Name()] = append(edits[tf.Name()], edit{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)})
				}
			}
		}
		if len(edits) > 0 {
			pkgs[r.Pass.Pkg.Path()] = true
		}
		for name, es := range edits {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			out, err := apply(src, es)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			fixed[name] = out
		}
	}
	for _, p := range patterns {
		if !pkgs[p] {
			t.Errorf("%s: no suggested fix was offered; a fix test needs at least one", p)
		}
	}

	// The raw result must be the golden file (modulo gofmt, which drivers
	// that format the file apply).
	for name, out := range fixed {
		want, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Errorf("%s: fixes applied but no golden file: %v", name, err)
			continue
		}
		got, err := format.Source(out)
		if err != nil {
			t.Errorf("%s: the fixed file does not parse: %v\n%s", name, err, out)
			continue
		}
		if want, err = format.Source(want); err != nil {
			t.Errorf("%s.golden: %v", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the fixes applied as drivers apply them (no import clean-up) differ from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
		}
	}

	// Type-check the fixed packages in a fresh tree: the formatted
	// result, as written by a driver that formats, and the raw one
	// compile alike.
	check := sdktest.GOPATH(t, testdata)
	for name, out := range fixed {
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(check, rel), out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	TypeCheck(t, check, slices.Sorted(maps.Keys(pkgs))...)
	return results
}

// TypeCheck loads the packages of the GOPATH tree dir (as made by
// sdktest.GOPATH) and fails t on any parse or type error in them.
func TypeCheck(t *testing.T, dir string, pkgPaths ...string) {
	t.Helper()
	if len(pkgPaths) == 0 {
		t.Fatal("fixtest: no package to type-check")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir,
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")}
	loaded, err := packages.Load(cfg, pkgPaths...)
	if err != nil {
		t.Fatal(err)
	}
	if len(loaded) != len(pkgPaths) {
		t.Fatalf("loaded %d packages, want %d", len(loaded), len(pkgPaths))
	}
	for _, p := range loaded {
		for _, e := range p.Errors {
			t.Errorf("%s after fixes: %v", p.PkgPath, e)
		}
	}
}

type edit struct {
	start, end int
	text       string
}

// apply applies edits to src: identical edits once, overlapping ones are
// an error (drivers drop them, so the fix would be lost).
func apply(src []byte, es []edit) ([]byte, error) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].start != es[j].start {
			return es[i].start < es[j].start
		}
		return es[i].end < es[j].end
	})
	var uniq []edit
	for i, e := range es {
		if i > 0 && e == es[i-1] {
			continue
		}
		if n := len(uniq); n > 0 && uniq[n-1].end > e.start {
			return nil, fmt.Errorf("conflicting edits %+v and %+v", uniq[n-1], e)
		}
		uniq = append(uniq, e)
	}
	var out bytes.Buffer
	last := 0
	for _, e := range uniq {
		if e.start < last || e.end > len(src) || e.start > e.end {
			return nil, fmt.Errorf("edit %+v out of range", e)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}
