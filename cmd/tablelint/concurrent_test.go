package main

import (
	"encoding/json"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/analyzers/all"
	"github.com/tablelint/tablelint/checkcache"
)

// witness names, for each analyzer check runs, a rule only that analyzer
// reports: TestCheckEveryAnalyzer's proof that the analyzer ran and
// reported.
var witness = map[string]string{
	"batchdup": "TL404", "continuation": "TL307", "credentials": "TL601",
	"tabledesign": "TL521", "entityshape": "TL122", "etag": "TL414",
	"filterinjection": "TL321", "idempotency": "TL409", "keychange": "TL417",
	"keychars": "TL202", "keyformat": "TL204", "lastn": "TL312", "move": "TL408",
	"partitionbatch": "TL406", "perpartition": "TL320", "properties": "TL125",
	"propnames": "TL111", "retries": "TL416", "scanwrite": "TL313",
	"staleretry": "TL415", "tablename": "TL101", "tablereuse": "TL104",
	"tablescan": "TL301", "timepartition": "TL209", "toplimit": "TL309",
	"transactions": "TL401", "updatemode": "TL411",
	// directives reports on the others' findings (TL9xx for a directive
	// that suppresses nothing), which the corpora need not have.
	"directives": "",
}

// TestCheckEveryAnalyzer runs check, the cache off, over corpora on which
// every analyzer reports: the real-code corpora, the analyzers' own
// testdata packages gathered into one module, and a module checked
// against a design (designdrift); and extract over two of them. check analyses a run's packages in
// parallel (checkcache: one goroutine per package, as many at
// once as GOMAXPROCS), so under the race detector this is the test that
// finds state shared without synchronisation between the analyzers'
// passes over different packages (a package-level map, a cache): the
// race run (scripts/test.sh) runs it instead of every analyzer's
// analysistest cases under -race. It fails when an analyzer check runs
// has no witness rule here, or reported none.
func TestCheckEveryAnalyzer(t *testing.T) {
	t.Setenv(checkcache.EnvVar, "off")
	for _, a := range all.Analyzers() {
		if _, ok := witness[a.Name]; !ok {
			t.Fatalf("analyzer %s has no witness rule in TestCheckEveryAnalyzer", a.Name)
		}
	}
	found := map[string]int{}
	check := func(dir string, args ...string) {
		t.Helper()
		code, out, errs := runIn(t, dir, append([]string{"check", "--format", "json"}, args...)...)
		if code != 1 {
			t.Fatalf("check in %s: exit %d, want 1 (findings); stderr:\n%s", dir, code, errs)
		}
		var doc struct{ Findings []struct{ Rule string } }
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		for _, f := range doc.Findings {
			found[f.Rule]++
		}
	}
	for _, c := range []string{"write-side", "read-write", "read-write-quick", "heldout-mixed"} {
		dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", c))
		if err != nil {
			t.Fatal(err)
		}
		check(dir, "./...")
	}
	gathered := analyzerTestdataModule(t)
	check(gathered, "./...")
	// tablelint extract runs the extract analyzer (not one of check's)
	// through the same driver.
	for _, dir := range []string{gathered, filepath.Join("..", "..", "testdata", "read-write")} {
		code, out, errs := runIn(t, dir, "extract", "-o", "-", "./...")
		if code != 0 || !strings.Contains(out, "tables:") {
			t.Errorf("extract in %s: exit %d, %d bytes of design; stderr:\n%s", dir, code, len(out), errs)
		}
	}
	extract, err := filepath.Abs(filepath.Join("testdata", "extract"))
	if err != nil {
		t.Fatal(err)
	}
	check(extract, "--design", "../extract-drift.tablelint.yaml", "./...")
	for name, rule := range witness {
		if rule != "" && found[rule] == 0 {
			t.Errorf("%s reported no %s over the corpora", name, rule)
		}
	}
}

// analyzerTestdataModule gathers the analyzers' testdata packages into
// one module (its SDK the shared stubs): analyzers/<a>/testdata/src/<p>
// becomes the package testdata/<a>/<p>. Left out: packages that import
// another testdata package (their import paths are the analysistest
// GOPATH's) and packages that do not type-check on purpose.
func analyzerTestdataModule(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	stubs, err := filepath.Abs(filepath.Join("..", "..", "analyzers", "internal", "sdktest", "testdata", "src"))
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module testdata\n\ngo 1.22\n\nrequire (\n\tgithub.com/Azure/azure-sdk-for-go v0.0.0\n\tgithub.com/google/uuid v0.0.0\n)\n\n" +
		"replace github.com/Azure/azure-sdk-for-go => " + filepath.Join(stubs, "github.com", "Azure", "azure-sdk-for-go") + "\n\n" +
		"replace github.com/google/uuid => " + filepath.Join(stubs, "github.com", "google", "uuid") + "\n"
	writeFile(t, filepath.Join(dst, "go.mod"), gomod)
	pkgs, err := filepath.Glob(filepath.Join("..", "..", "analyzers", "*", "testdata", "src", "*"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range pkgs {
		analyzer := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(p))))
		name := filepath.Base(p)
		if strings.Contains(name, "illtyped") || !selfContained(t, p) {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(p, "*.go"))
		if len(files) == 0 {
			continue
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dst, analyzer, name, filepath.Base(f)), string(src))
		}
		n++
	}
	if n < 50 {
		t.Fatalf("only %d analyzer testdata packages gathered", n)
	}
	t.Logf("%d analyzer testdata packages", n)
	return dst
}

// selfContained reports whether the package in dir (no subdirectories)
// imports only the standard library and the stub modules, and parses.
func selfContained(t *testing.T, dir string) bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			return false
		}
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, parser.ImportsOnly)
		if err != nil {
			return false
		}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if !stdlib(path) && !stubbed(path) {
				return false
			}
		}
	}
	return true
}

// stdlib reports whether path is a standard library package of this Go.
func stdlib(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if strings.Contains(first, ".") {
		return false
	}
	fi, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", path))
	return err == nil && fi.IsDir()
}

// stubbed reports whether path is in one of the stub modules the
// gathered module requires (the SDK's root module and uuid; not its
// nested modules).
func stubbed(path string) bool {
	if path == "github.com/google/uuid" {
		return true
	}
	rest, ok := strings.CutPrefix(path, "github.com/Azure/azure-sdk-for-go/")
	return ok && !strings.HasPrefix(rest, "sdk/messaging/azservicebus") && !strings.HasPrefix(rest, "sdk/storage/azqueue")
}
