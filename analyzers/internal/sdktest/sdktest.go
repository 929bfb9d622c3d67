// Package sdktest prepares analysistest GOPATH trees that contain the
// shared Azure SDK test stubs (aztables, azcore/runtime, azcore/to, the
// legacy storage Table API, an ARM client, tablelint's odata.Quote and
// google/uuid) next to an analyzer's own testdata packages.
//
//	func TestAnalyzer(t *testing.T) {
//		dir := sdktest.GOPATH(t, analysistest.TestData())
//		analysistest.Run(t, dir, tablescan.Analyzer, "scan/...")
//	}
package sdktest

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/internal/finding"
)

// CheckMessages fails the test when a diagnostic of results has a message
// longer than finding.MaxMessageLen, names a rule its analyzer does not
// declare (all.Rules), or when results hold no diagnostic at all (so the
// check cannot pass on missing testdata).
func CheckMessages(t testing.TB, results []*analysistest.Result) {
	t.Helper()
	n := 0
	for _, r := range results {
		declared := all.Rules(r.Pass.Analyzer.Name)
		for _, d := range r.Diagnostics {
			n++
			if !slices.Contains(declared, d.Category) {
				t.Errorf("%s: analyzer %s reports rule %q, which it does not declare (analyzers/all declares %v)",
					r.Pass.Fset.Position(d.Pos), r.Pass.Analyzer.Name, d.Category, declared)
			}
			id, msg := diag.Split(d)
			if err := finding.CheckMessage(id, msg); err != nil {
				t.Errorf("%s: %v", r.Pass.Fset.Position(d.Pos), err)
			}
		}
	}
	if n == 0 {
		t.Error("no diagnostics to check")
	}
}

// Run runs analysistest.Run on a as the text drivers (go vet, the
// golangci-lint plugin) run it, through diag.Text, so that a
// `// want "TLnnn: …"` comment checks the rule ID with the message.
func Run(t analysistest.Testing, dir string, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	if h, ok := t.(interface{ Helper() }); ok {
		h.Helper()
	}
	return analysistest.Run(t, dir, diag.Text(a), patterns...)
}

// StubsDir returns the directory holding the shared stubs (a GOPATH
// root: it has a src directory).
func StubsDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata")
}

// GOPATH returns a temporary GOPATH root whose src holds the shared stubs
// and everything under testdata/src (testdata is an analyzer's
// analysistest.TestData()). Files in testdata win over stubs of the same
// name. The tree is removed when the test ends.
func GOPATH(t testing.TB, testdata string) string {
	t.Helper()
	dst := t.TempDir()
	for _, root := range []string{StubsDir(), testdata} {
		if err := copyTree(filepath.Join(root, "src"), filepath.Join(dst, "src")); err != nil {
			t.Fatalf("sdktest: %v", err)
		}
	}
	return dst
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
