package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Repositories as they are found (issue 22): packages that do not load
// fully are analysed with what resolves, named on stderr in one line,
// and make the exit status 2 unless --allow-incomplete.

// checkAsJSON runs check --format json and decodes the report.
func checkAsJSON(t *testing.T, dir string, args ...string) (code int, doc checkDoc, stderr string) {
	t.Helper()
	code, out, errs := runIn(t, dir, append([]string{"check", "--format", "json"}, args...)...)
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("bad JSON (exit %d, stderr %q): %v\n%s", code, errs, err, out)
	}
	return code, doc, errs
}

type checkDoc struct {
	Findings []struct {
		Rule, File string
		Line       int
	}
	Incomplete []struct {
		Package  string
		Analysed bool
		File     string
		Line     int
		Reason   string
	}
}

func (d checkDoc) rules() string {
	var s []string
	for _, f := range d.Findings {
		s = append(s, fmt.Sprintf("%s:%d:%s", filepath.Base(f.File), f.Line, f.Rule))
	}
	return strings.Join(s, " ")
}

// TestCheckMissingImport: a package whose generated import is not there
// is analysed with the types that resolve: its injection is found, the
// package is named once on stderr with the missing import, JSON lists it
// as incomplete, and the exit status is 2 (1, by the findings, with
// --allow-incomplete).
func TestCheckMissingImport(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"missing/a.go": fmt.Sprintf(injection, "missing", ""),
		"missing/b.go": "package missing\n\nimport pb \"example.com/not/generated/pb\"\n\nvar Name = pb.TableName\n",
	})
	wd, _ := os.Getwd()
	code, doc, errs := checkAsJSON(t, wd, "./"+dir+"/...")
	if code != 2 || !strings.Contains(doc.rules(), "a.go:12:TL321") {
		t.Errorf("exit %d, findings %s; want exit 2 and TL321 in a.go", code, doc.rules())
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "missing/b.go:3:") || !strings.Contains(lines[0], "(incomplete)") ||
		!strings.Contains(lines[0], "example.com/not/generated/pb") {
		t.Errorf("stderr %q; want one line naming the package and the missing import", errs)
	}
	if len(doc.Incomplete) != 1 || !doc.Incomplete[0].Analysed || !strings.HasSuffix(doc.Incomplete[0].Package, "/missing") {
		t.Errorf("incomplete %+v", doc.Incomplete)
	}
	code, _, _ = runIn(t, wd, "check", "--allow-incomplete", "./"+dir+"/...")
	if code != 1 {
		t.Errorf("--allow-incomplete: exit %d, want 1 (the findings decide)", code)
	}
	code, out, _ := runIn(t, wd, "check", "--format", "sarif", "./"+dir+"/...")
	if code != 2 || !strings.Contains(out, `"executionSuccessful": false`) || !strings.Contains(out, "toolExecutionNotifications") {
		t.Errorf("sarif: exit %d\n%s", code, out)
	}
}

// TestCheckAllowIncompleteConfig: allowIncomplete: true in the config
// is --allow-incomplete.
func TestCheckAllowIncompleteConfig(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"missing/a.go":          fmt.Sprintf(injection, "missing", ""),
		"missing/b.go":          "package missing\n\nimport _ \"example.com/not/generated/pb\"\n",
		".tablelint.yaml":       "allowIncomplete: true\n",
		"other/.tablelint.yaml": "allowIncomplete: maybe\n",
	})
	wd, _ := os.Getwd()
	if code, _, errs := runIn(t, filepath.Join(wd, dir), "check", "./..."); code != 1 || !strings.Contains(errs, "(incomplete)") {
		t.Errorf("exit %d, stderr %q; want 1 and the package named", code, errs)
	}
	if code, _, errs := runIn(t, filepath.Join(wd, dir, "other"), "check", "./..."); code != 2 || !strings.Contains(errs, "allowIncomplete") {
		t.Errorf("bad value: exit %d, stderr %q", code, errs)
	}
}

// TestCheckSyntaxError: a file with a syntax error is reported at its
// file:line:col; the package's other files are analysed.
func TestCheckSyntaxError(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"syn/a.go": fmt.Sprintf(injection, "syn", ""),
		"syn/b.go": "package syn\n\nfunc broken() int {\n\treturn 1 +\n}\n",
	})
	wd, _ := os.Getwd()
	code, doc, errs := checkAsJSON(t, wd, "./"+dir+"/...")
	if code != 2 || !strings.Contains(doc.rules(), "a.go:12:TL321") {
		t.Errorf("exit %d, findings %s", code, doc.rules())
	}
	if !strings.Contains(errs, "syn/b.go:5:1: (incomplete)") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("stderr %q; want one line at b.go:5:1", errs)
	}
}

// TestCheckSelfImportInTest: a package whose test file imports the
// package itself does not overflow the stack (issue 29): the cycle is
// named as go vet names it and the package is analysed without its
// tests.
func TestCheckSelfImportInTest(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"self/a.go":      fmt.Sprintf(injection, "self", ""),
		"self/a_test.go": "package self\n\nimport (\n\t\"testing\"\n\n\t_ \"github.com/tablelint/tablelint/cmd/tablelint/SELF/self\"\n)\n\nfunc TestX(t *testing.T) {}\n",
	})
	src, _ := os.ReadFile(filepath.Join(dir, "self/a_test.go"))
	writeFile(t, filepath.Join(dir, "self/a_test.go"), strings.ReplaceAll(string(src), "SELF", filepath.ToSlash(dir)))
	wd, _ := os.Getwd()
	for _, args := range [][]string{{"./" + dir + "/..."}, {"--tests=false", "./" + dir + "/..."}} {
		code, doc, errs := checkAsJSON(t, wd, args...)
		if !strings.Contains(doc.rules(), "a.go:12:TL321") {
			t.Errorf("%v: findings %s, stderr %q", args, doc.rules(), errs)
		}
		if args[0] == "--tests=false" {
			if code != 1 || errs != "" {
				t.Errorf("%v: exit %d, stderr %q", args, code, errs)
			}
			continue
		}
		if code != 2 || !strings.Contains(errs, "import cycle not allowed in test") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if code, _, errs := runIn(t, wd, "extract", "--tests", "./"+dir+"/..."); code != 2 || !strings.Contains(errs, "import cycle") {
		t.Errorf("extract --tests: exit %d, stderr %q", code, errs)
	}
}

// TestCheckTestOnlyPackage: a directory of test files only is analysed
// (its test variant) without a spurious "no export data".
func TestCheckTestOnlyPackage(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"testonly/x_test.go": strings.Replace(fmt.Sprintf(injection, "testonly", ""), "import (", "import (\n\t\"testing\"", 1) +
			"\nfunc TestX(t *testing.T) {}\n",
	})
	wd, _ := os.Getwd()
	code, doc, errs := checkAsJSON(t, wd, "./"+dir+"/...")
	if code != 1 || errs != "" || !strings.Contains(doc.rules(), "x_test.go:13:TL321") {
		t.Errorf("exit %d, findings %s, stderr %q", code, doc.rules(), errs)
	}
}

// outsideModule writes a module outside tablelint's (in a temporary
// directory) and makes the go command resolve modules from a proxy of
// files that serves tablelint's own module graph, from the module cache
// (no network in tests, and the versions tablelint builds with).
func outsideModule(t *testing.T, files map[string]string) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skip("no go env:", err)
	}
	download := filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
	cmd := exec.Command("go", "list", "-m", "-json", "all")
	cmd.Dir = ".."
	out, err = cmd.Output()
	if err != nil {
		t.Skip("go list -m all:", err)
	}
	proxy := t.TempDir()
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var m struct{ Path, Version string }
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		if m.Version == "" {
			continue
		}
		esc := escapeModPath(m.Path)
		from, to := filepath.Join(download, esc, "@v"), filepath.Join(proxy, esc, "@v")
		if err := os.MkdirAll(to, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, ext := range []string{".info", ".mod", ".zip"} {
			if _, err := os.Stat(filepath.Join(from, m.Version+ext)); err == nil {
				if err := os.Symlink(filepath.Join(from, m.Version+ext), filepath.Join(to, m.Version+ext)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := os.WriteFile(filepath.Join(to, "list"), []byte(m.Version+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(proxy, escapeModPath("github.com/Azure/azure-sdk-for-go/sdk/data/aztables"), "@v", "v1.4.0.zip")); err != nil {
		t.Skip("aztables v1.4.0 is not in the module cache")
	}
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(proxy))
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "")
	dir := t.TempDir()
	for name, src := range files {
		writeFile(t, filepath.Join(dir, name), src)
	}
	return dir
}

// escapeModPath is the module cache's case encoding: !x for X.
func escapeModPath(p string) string {
	var b strings.Builder
	for _, r := range p {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

const aztablesGoMod = "module example.com/found\n\ngo 1.24\n\nrequire github.com/Azure/azure-sdk-for-go/sdk/data/aztables v1.4.0\n"

// snapshot returns the content of the files, to show they did not
// change.
func snapshot(t *testing.T, dir string, names ...string) string {
	var b bytes.Buffer
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		fmt.Fprintf(&b, "%s %v %q\n", n, err != nil, data)
	}
	return b.String()
}

// TestCheckGoSumDrift: a go.sum without the entries the go command
// wants is resolved as -mod=mod would, in a temporary copy: the
// findings are there and go.mod and go.sum are unchanged.
func TestCheckGoSumDrift(t *testing.T) {
	dir := outsideModule(t, map[string]string{
		"go.mod":   aztablesGoMod,
		"go.sum":   "",
		"tbl/a.go": fmt.Sprintf(injection, "tbl", ""),
	})
	before := snapshot(t, dir, "go.mod", "go.sum")
	code, doc, errs := checkAsJSON(t, dir, "./...")
	if code != 1 || !strings.Contains(doc.rules(), "a.go:12:TL321") || !strings.Contains(errs, "-mod=mod") {
		t.Errorf("exit %d, findings %s, stderr %q", code, doc.rules(), errs)
	}
	if after := snapshot(t, dir, "go.mod", "go.sum"); after != before {
		t.Errorf("go.mod/go.sum changed:\n%s\n%s", before, after)
	}
}

// TestCheckGoWorkMissingModule: a go.work naming a module that is not
// there: the modules that load are analysed, the other is named, exit
// 2; go.work is unchanged.
func TestCheckGoWorkMissingModule(t *testing.T) {
	dir := outsideModule(t, map[string]string{
		"go.work":      "go 1.24\n\nuse (\n\t./app\n\t./gone\n)\n",
		"app/go.mod":   aztablesGoMod,
		"app/tbl/a.go": fmt.Sprintf(injection, "tbl", ""),
	})
	t.Setenv("GOWORK", "")
	// go.sum for app: let the go command write it in a copy, then
	// keep it (a workspace cannot use -modfile).
	cmd := exec.Command("go", "mod", "download", "github.com/Azure/azure-sdk-for-go/sdk/data/aztables")
	cmd.Dir = filepath.Join(dir, "app")
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("go mod download: %v %s", err, out)
	}
	cmd = exec.Command("go", "mod", "tidy")
	cmd.Dir = filepath.Join(dir, "app")
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("go mod tidy: %v %s", err, out)
	}
	before := snapshot(t, dir, "go.work")
	code, doc, errs := checkAsJSON(t, filepath.Join(dir, "app"), "./...")
	if code != 2 || !strings.Contains(doc.rules(), "a.go:12:TL321") || !strings.Contains(errs, "./gone") {
		t.Errorf("exit %d, findings %s, stderr %q", code, doc.rules(), errs)
	}
	if len(doc.Incomplete) != 1 || doc.Incomplete[0].Analysed {
		t.Errorf("incomplete %+v", doc.Incomplete)
	}
	if after := snapshot(t, dir, "go.work"); after != before {
		t.Errorf("go.work changed:\n%s\n%s", before, after)
	}
}

// TestCheckNoGoMod: a GOPATH-era tree without go.mod is analysed as
// one module: the SDK resolves from the module cache, the tree's own
// imports resolve (its path is inferred from them), what resolves
// nowhere is a missing import; nothing is written in the tree.
func TestCheckNoGoMod(t *testing.T) {
	dir := outsideModule(t, map[string]string{
		"tbl/a.go":    fmt.Sprintf(injection, "tbl", ""),
		"cmd/main.go": "package main\n\nimport (\n\t\"github.com/old/repo/tbl\"\n\t\"example.com/gone/x\"\n)\n\nvar _ = tbl.Name\nvar _ = x.Y\n\nfunc main() {}\n",
		"tbl/name.go": "package tbl\n\nconst Name = \"t\"\n",
	})
	code, doc, errs := checkAsJSON(t, dir, "./...")
	if code != 2 || !strings.Contains(doc.rules(), "a.go:12:TL321") || !strings.Contains(errs, "no go.mod") ||
		!strings.Contains(errs, "example.com/gone/x") || strings.Contains(errs, "github.com/old/repo/tbl (") {
		t.Errorf("exit %d, findings %s, stderr %q", code, doc.rules(), errs)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("files written in the tree: %v", entries)
	}
}

// TestCheckCgoFile: findings in a cgo file are reported in the file
// (issue 29): cgo's output says "Code generated", the file as written
// does not.
func TestCheckCgoFile(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	t.Setenv("CGO_ENABLED", "1")
	src := strings.Replace(fmt.Sprintf(injection, "cgotbl", ""), "import (", "// #include <stdlib.h>\nimport \"C\"\n\nimport (", 1)
	dir := hostileModule(t, map[string]string{"cgotbl/a.go": src})
	wd, _ := os.Getwd()
	code, doc, errs := checkAsJSON(t, wd, "./"+dir+"/...")
	if code != 1 || !strings.Contains(doc.rules(), "a.go:15:TL321") {
		t.Errorf("exit %d, findings %s, stderr %q", code, doc.rules(), errs)
	}
}

// TestCheckLineDirectiveBigFile: a //line directive naming a huge file
// of the module (sparse: no disk used) does not make check read it
// (issue 29): SARIF's columns are then taken as ASCII.
func TestCheckLineDirectiveBigFile(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"bigline/a.go": fmt.Sprintf(injection, "bigline", "//line big.txt:1:1\n"),
	})
	big := filepath.Join(dir, "bigline", "big.txt")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil {
		f.Close()
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	wd, _ := os.Getwd()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, out, errs := runIn(t, wd, "check", "--format", "sarif", "./"+dir+"/...")
	runtime.ReadMemStats(&after)
	if code != 1 || !strings.Contains(out, "big.txt") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<30 {
		t.Errorf("check allocated %d MiB: it read the file the //line directive names", n>>20)
	}
}

// TestLoadShapes: each shape of testdata/loadshapes (repositories as
// they were found) gives its finding, TL301 at store.go:14:68, and exit
// 2 naming what was not analysed, or exit 1 when everything was
// (test-only, and gosum-drift and no-gomod once repaired in a temporary
// directory); nothing in the shape is written. missing-generated also
// reports TL321 in a function whose log statements call the missing
// package (the rest of its body is analysed).
func TestLoadShapes(t *testing.T) {
	shapes := filepath.Join("..", "..", "testdata", "loadshapes")
	sdkPath, err := filepath.Abs(filepath.Join("..", "..", "analyzers", "internal", "sdktest", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind, dir, file, incomplete string
		code                        int
		also                        string
	}{
		{"gosum-drift", ".", "store/store.go", "", 1, ""},
		{"missing-generated", ".", "store/store.go", "gen/orderpb", 2, "store/count.go:31:TL321"},
		{"missing-sibling", ".", "store/store.go", "absent-common", 2, ""},
		{"gowork-refused", "svc", "store/store.go", "./tools", 2, ""},
		{"no-gomod", ".", "store/store.go", "", 1, ""},
		{"syntax-error", ".", "store/store.go", "store/broken.go:5:35", 2, ""},
		{"test-only", ".", "storetest/store_test.go", "", 1, ""},
	} {
		t.Run(c.kind, func(t *testing.T) {
			t.Setenv("GOTOOLCHAIN", "local")
			t.Setenv("GOFLAGS", "-modcacherw")
			dir, err := filepath.Abs(filepath.Join(shapes, c.kind, c.dir))
			if err != nil {
				t.Fatal(err)
			}
			switch c.kind {
			case "gosum-drift":
				t.Setenv("GOPROXY", "file://"+filepath.ToSlash(filepath.Join(dir, "proxy")))
				t.Setenv("GOSUMDB", "off")
				t.Setenv("GOMODCACHE", t.TempDir())
			case "no-gomod":
				// outside every module, with the SDK under GOPATH
				tmp := t.TempDir()
				if out, err := exec.Command("cp", "-r", dir, tmp).CombinedOutput(); err != nil {
					t.Fatalf("cp: %v %s", err, out)
				}
				dir = filepath.Join(tmp, c.kind)
				t.Setenv("GOPATH", sdkPath)
				t.Setenv("GOMODCACHE", t.TempDir())
				t.Setenv("GOPROXY", "off")
			}
			before := treeSnapshot(t, dir)
			code, doc, errs := checkAsJSON(t, dir, "./...")
			want := c.file + ":14:TL301"
			if got := doc.rules(); code != c.code || !strings.Contains(" "+fileLines(doc)+" ", " "+want+" ") {
				t.Errorf("exit %d (want %d), findings %s (want %s), stderr %q", code, c.code, got, want, errs)
			}
			if c.also != "" && !strings.Contains(" "+fileLines(doc)+" ", " "+c.also+" ") {
				t.Errorf("findings %s, want also %s", fileLines(doc), c.also)
			}
			if c.incomplete != "" && !strings.Contains(errs, c.incomplete) {
				t.Errorf("stderr %q does not name %s", errs, c.incomplete)
			}
			if c.incomplete == "" && len(doc.Incomplete) != 0 {
				t.Errorf("incomplete %+v, want none", doc.Incomplete)
			}
			if after := treeSnapshot(t, dir); after != before {
				t.Errorf("the shape changed:\n%s\n%s", before, after)
			}
		})
	}
}

// fileLines lists the findings as "dir/file.go:line:rule", relative to
// the run's directory.
func fileLines(d checkDoc) string {
	var s []string
	for _, f := range d.Findings {
		s = append(s, fmt.Sprintf("%s:%d:%s", filepath.ToSlash(f.File), f.Line, f.Rule))
	}
	return strings.Join(s, " ")
}

// treeSnapshot lists the files under dir with their sizes and times.
func treeSnapshot(t *testing.T, dir string) string {
	var b strings.Builder
	_ = filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil {
			fmt.Fprintf(&b, "%s %d %v\n", p, fi.Size(), fi.ModTime().UnixNano())
		}
		return nil
	})
	return b.String()
}
