package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/checkcache"
	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/model"
)

// aztablesDir returns the aztables module's directory in the module
// cache (its example_test.go is one of the round trip's inputs).
func aztablesDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-json", "github.com/Azure/azure-sdk-for-go/sdk/data/aztables").Output()
	if err != nil {
		t.Fatalf("go list -m aztables: %v", err)
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		t.Fatalf("the aztables module is not in the module cache (run go mod download): %s", out)
	}
	return m.Dir
}

// TestExtractGolden extracts the round-trip module's design and compares
// it with the golden file (go test -run TestExtractGolden -update).
func TestExtractGolden(t *testing.T) {
	code, out, errs := runIn(t, filepath.Join("testdata", "extract"), "extract", "./...")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	golden.CheckString(t, filepath.Join("testdata", "extract.golden.yaml"), out)
	for _, want := range []string{
		`partitionKey: "{Department}"`,
		`rowKey: "empid_{Id:%06d}"`,
		`partitionKey: "{now:20060102}"`,
		`rowKey: "{uuid}"`,
		`"At": DateTime`,
		`"Total": Int64`,
		`filter: "PartitionKey eq '{Department}' and RowKey eq 'empid_{Id:%06d}'"`,
		`select: ["FirstName", "LastName", "Email"]`,
		`"Directory.Hire": ["Employee", "EmailIndex"]`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the design has no %s", want)
		}
	}
	if strings.Contains(out, "not extracted") {
		t.Errorf("entries were dropped:\n%s", out)
	}
}

// TestExtractRoundTrip extracts each module's design, loads it, reviews
// it and replays it: extract's output is a design the other commands
// take as it is.
func TestExtractRoundTrip(t *testing.T) {
	for name, c := range map[string]struct {
		dir  string
		args []string
		// want are entries the design must have.
		want []string
	}{
		"extract":      {filepath.Join("testdata", "extract"), []string{"./..."}, []string{`"Employees":`, `"AuditEvents":`}},
		"query-shapes": {filepath.Join("..", "..", "testdata", "query-shapes"), []string{"./..."}, []string{`filter: "PartitionKey eq '{User}'"`, `"duties":`}},
		"aztables":     {aztablesDir(t), []string{"-tests", "./..."}, []string{`"InventoryEntity":`, `"ExampleClient_SubmitTransaction": ["MyEntity"]`}},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "service.tablelint.yaml")
			code, _, errs := runIn(t, c.dir, append([]string{"extract", "-o", path}, c.args...)...)
			if code != 0 {
				t.Fatalf("extract: exit %d, stderr %s", code, errs)
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(src), w) {
					t.Errorf("the design has no %s", w)
				}
			}
			d, err := model.Load(path)
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			if len(d.Tables) < 2 {
				t.Fatalf("%d tables", len(d.Tables))
			}
			code, out, errs := runIn(t, t.TempDir(), "review", "--format", "json", path)
			if code > 1 || errs != "" {
				t.Fatalf("review: exit %d, stderr %s", code, errs)
			}
			var res struct {
				Errors []any `json:"errors"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Errors) > 0 {
				t.Fatalf("review: %v %v\n%s", err, res.Errors, out)
			}
			if code, _, errs := runIn(t, t.TempDir(), "replay", path); code > 1 || errs != "" {
				t.Fatalf("replay: exit %d, stderr %s", code, errs)
			}
		})
	}
}

// TestExtractOutput: -o replaces the file only when extraction succeeds;
// bad input is one line on stderr and exit 2.
func TestExtractOutput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.yaml")
	writeFile(t, path, "# Extracted by: tablelint extract\nkeep me\n")
	code, _, errs := runIn(t, filepath.Join("testdata", "extract"), "extract", "-o", path, "./nosuchpackage/...")
	if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if b, _ := os.ReadFile(path); string(b) != "# Extracted by: tablelint extract\nkeep me\n" {
		t.Fatalf("the output was changed: %q", b)
	}
	if code, _, errs := runIn(t, filepath.Join("testdata", "extract"), "extract", "-o", filepath.Join(dir, "no", "such", "dir.yaml"), "./..."); code != 2 || errs == "" {
		t.Fatalf("missing directory: exit %d, stderr %q", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}

// TestExtractOutputRefused: -o replaces only a design: a Go file,
// go.mod or any name that is not YAML is refused, as is an existing YAML
// file that is not a design; each is left as it was, exit 2, one line.
// "-o -" writes to stdout.
// extractModule copies testdata/extract to a scratch module.
func extractModule(t *testing.T) string {
	t.Helper()
	mod := t.TempDir()
	src := filepath.Join("testdata", "extract")
	entries, err := os.ReadDir(src)
	if err != nil || len(entries) == 0 {
		t.Fatalf("testdata/extract: %v", err)
	}
	if err := os.CopyFS(mod, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	// The copy's replace directives are relative to the original.
	abs, _ := filepath.Abs(src)
	gomod, _ := os.ReadFile(filepath.Join(mod, "go.mod"))
	writeFile(t, filepath.Join(mod, "go.mod"), strings.ReplaceAll(string(gomod), "=> ../", "=> "+abs+"/../"))
	return mod
}

func TestExtractOutputRefused(t *testing.T) {
	mod := extractModule(t)
	ci := filepath.Join(mod, "ci.yml")
	writeFile(t, ci, "name: ci\non: push\n")
	var gofile string
	filepath.WalkDir(mod, func(p string, d fs.DirEntry, err error) error {
		if err == nil && gofile == "" && strings.HasSuffix(p, ".go") {
			gofile = p
		}
		return nil
	})
	for _, target := range []string{filepath.Join(mod, "go.mod"), gofile, filepath.Join(mod, "README.md"), ci} {
		before, _ := os.ReadFile(target)
		code, _, errs := runIn(t, mod, "extract", "-o", target, "./...")
		if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "-o ") {
			t.Errorf("-o %s: exit %d, stderr %q", target, code, errs)
		}
		if after, _ := os.ReadFile(target); string(after) != string(before) {
			t.Errorf("-o %s: the file was changed", target)
		}
	}
	code, out, errs := runIn(t, mod, "extract", "-o", "-", "./...")
	if code != 0 || !strings.HasPrefix(out, "# Extracted by: tablelint extract") {
		t.Fatalf("-o -: exit %d, stderr %q, stdout %.80q", code, errs, out)
	}
}

// TestCheckDesignSelf: a design extracted from a module and checked
// against the same module gives no TL519, TL520 or TL521 finding (the
// only findings --design adds): on every testdata module, the real-code
// corpora and the held-out one included. Under -short (the race run,
// which looks for data races, not for rule misses) a representative
// three: the walkthrough module, this command's testdata and the
// held-out corpus (the value-flow layer at its busiest); the whole
// sweep runs without -short.
func TestCheckDesignSelf(t *testing.T) {
	short := map[string]bool{"extract": true, "cmd-testdata": true, "heldout-valueflow": true}
	root := filepath.Join("..", "..", "testdata")
	for name, c := range map[string]struct {
		dir      string
		patterns []string
	}{
		"extract":           {filepath.Join("testdata", "extract"), nil},
		"cmd-testdata":      {".", []string{"./testdata/checkdemo", "./testdata/checkgen", "./testdata/checksuppress", "./testdata/checkunused", "./testdata/drivers"}},
		"query-shapes":      {filepath.Join(root, "query-shapes"), nil},
		"five-mistakes":     {filepath.Join(root, "five-mistakes"), nil},
		"write-side":        {filepath.Join(root, "write-side"), nil},
		"read-write":        {filepath.Join(root, "read-write"), nil},
		"read-write-quick":  {filepath.Join(root, "read-write-quick"), nil},
		"heldout-valueflow": {filepath.Join(root, "heldout-valueflow"), nil},
		"aztables":          {aztablesDir(t), nil},
	} {
		dir, patterns := c.dir, c.patterns
		if patterns == nil {
			patterns = []string{"./..."}
		}
		t.Run(name, func(t *testing.T) {
			if testing.Short() && !short[name] {
				t.Skip("-short: a representative subset of the corpora")
			}
			path := filepath.Join(t.TempDir(), "service.tablelint.yaml")
			if code, _, errs := runIn(t, dir, append([]string{"extract", "-o", path}, patterns...)...); code != 0 {
				t.Fatalf("extract: exit %d, stderr %s", code, errs)
			}
			code, out, errs := runIn(t, dir, append([]string{"check", "--format", "json", "--design", path}, patterns...)...)
			if code > 1 {
				t.Fatalf("check: exit %d, stderr %s", code, errs)
			}
			var res struct {
				Findings []struct{ Rule, File, Message string } `json:"findings"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if len(res.Findings) == 0 {
				t.Fatalf("no findings at all: was anything checked?\n%s", errs)
			}
			for _, f := range res.Findings {
				switch f.Rule {
				case "TL519", "TL520", "TL521":
					t.Errorf("%s %s: %s", f.Rule, f.File, f.Message)
				}
			}
		})
	}
}

// TestCheckDesignDrift checks the extract module against a design that
// drifted from it (golden output), and a design that does not load.
func TestCheckDesignDrift(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "extract"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runIn(t, dir, "check", "--design", "../extract-drift.tablelint.yaml", "./...")
	if code != 1 {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	var kept []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, " TL519 ") || strings.Contains(l, " TL520 ") || strings.Contains(l, " TL521 ") {
			kept = append(kept, l)
		}
	}
	golden.CheckString(t, filepath.Join("testdata", "extract-drift.golden"), strings.Join(kept, "\n")+"\n")

	bad := filepath.Join(t.TempDir(), "bad.yaml")
	writeFile(t, bad, "tables:\n  Employees:\n    entities:\n      E: {partitionKey: \"{Nope}\", rowKey: x}\n")
	code, _, errs = runIn(t, dir, "check", "--design", bad, "./...")
	if code != 2 || !strings.Contains(errs, "bad.yaml:4:") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Fatalf("bad design: exit %d, stderr %q", code, errs)
	}
}

// TestExtractCacheStates: extract writes the same design whatever the
// check cache holds — empty, filled by a check (whose facts it shares),
// filled by an extract, or off — and a check after an extract reads its
// own entries and reports what it reported before. The golden files were
// written by extract before it moved onto the cache (it then loaded every
// package from source): the move changed no byte of the output.
func TestExtractCacheStates(t *testing.T) {
	for _, c := range []struct {
		name, dir, golden string
		tests             bool
	}{
		{"extract", filepath.Join("testdata", "extract"), "extract.golden.yaml", false},
		{"extract-tests", filepath.Join("testdata", "extract"), "extract-tests.golden.yaml", true},
		{"query-shapes", filepath.Join("..", "..", "testdata", "query-shapes"), "extract-query-shapes.golden.yaml", false},
		{"five-mistakes", filepath.Join("..", "..", "testdata", "five-mistakes"), "extract-five-mistakes.golden.yaml", false},
		{"aztables", aztablesDir(t), "extract-aztables.golden.yaml", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"extract", "./..."}
			if c.tests {
				args = []string{"extract", "-tests", "./..."}
			}
			extractOut := func(state string) {
				t.Helper()
				code, out, errs := runIn(t, c.dir, args...)
				if code != 0 || errs != "" {
					t.Fatalf("%s: exit %d, stderr %s", state, code, errs)
				}
				t.Logf("extract with the cache %s", state)
				golden.CheckString(t, filepath.Join("testdata", c.golden), out)
			}
			stats := func(what string) checkcache.Stats {
				t.Helper()
				var st checkcache.Stats
				if _, _, err := extractPackages(c.dir, []string{"./..."}, c.tests, &st, nil); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				return st
			}
			t.Setenv(checkcache.EnvVar, t.TempDir())
			extractOut("empty")

			t.Setenv(checkcache.EnvVar, t.TempDir())
			code, before, errs := runIn(t, c.dir, "check", "./...")
			if code > 1 {
				t.Fatalf("check: exit %d, stderr %s", code, errs)
			}
			if st := stats("after a check"); st.Hits == 0 || st.Misses == 0 {
				t.Errorf("extract after a check: %+v, want the facts from check's entries and its own results computed", st)
			}
			extractOut("filled by a check and an extract")
			if st := stats("warm"); st.Misses != 0 {
				t.Errorf("a second extract computed %d entries, want none", st.Misses)
			}
			var st checkcache.Stats
			if _, _, err := checkPackages(c.dir, []string{"./..."}, checkOptions{tests: true, stats: &st}); err != nil || st.Misses != 0 {
				t.Errorf("check after the extracts: %v, %+v: want every result from check's own entries", err, st)
			}
			if code, after, _ := runIn(t, c.dir, "check", "./..."); code > 1 || after != before {
				t.Errorf("check after the extracts (exit %d) reports\n%s\nwhere it reported\n%s", code, after, before)
			}

			t.Setenv(checkcache.EnvVar, "off")
			extractOut("off")
		})
	}
}

// TestCheckDesignCache: check --design reads the design comparison from
// the cache only while the design file is unchanged: the same design
// twice gives the same report, and a design rewritten in place (the
// module's own, extracted) is compared afresh.
func TestCheckDesignCache(t *testing.T) {
	t.Setenv(checkcache.EnvVar, t.TempDir())
	dir := filepath.Join("testdata", "extract")
	drift, err := os.ReadFile(filepath.Join("testdata", "extract-drift.tablelint.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "service.tablelint.yaml")
	writeFile(t, path, string(drift))
	design := func() []string {
		t.Helper()
		code, out, errs := runIn(t, dir, "check", "--design", path, "./...")
		if code > 1 {
			t.Fatalf("check: exit %d, stderr %s", code, errs)
		}
		var kept []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, " TL519 ") || strings.Contains(l, " TL520 ") || strings.Contains(l, " TL521 ") {
				kept = append(kept, l)
			}
		}
		return kept
	}
	first := design()
	if len(first) == 0 {
		t.Fatal("no TL519, TL520 or TL521 finding against the drifted design")
	}
	if again := design(); strings.Join(again, "\n") != strings.Join(first, "\n") {
		t.Errorf("the same design, cached:\n%s\nwant\n%s", strings.Join(again, "\n"), strings.Join(first, "\n"))
	}
	if code, _, errs := runIn(t, dir, "extract", "-o", path, "./..."); code != 0 {
		t.Fatalf("extract: exit %d, stderr %s", code, errs)
	}
	if got := design(); len(got) != 0 {
		t.Errorf("the module's own design, written over the drifted one:\n%s", strings.Join(got, "\n"))
	}
}

// TestExtractPartialKeepsDesign: with 2 of 3 packages failing to compile,
// extract -o leaves a hand-written design as it was and exits 2; the
// partial design still goes to stdout, with exit 2.
func TestExtractPartialKeepsDesign(t *testing.T) {
	mod := extractModule(t)
	writeFile(t, filepath.Join(mod, "broken1", "b.go"), "package broken1\n\nvar x int = \"s\"\n")
	writeFile(t, filepath.Join(mod, "broken2", "b.go"), "package broken2\n\nfunc f() { undefined() }\n")
	design := filepath.Join(mod, "app.tablelint.yaml")
	handWritten := readFile(t, "../../testdata/designs/employees.tablelint.yaml")
	writeFile(t, design, handWritten)
	code, out, errs := runIn(t, mod, "extract", "-o", design, "./...")
	if code != 2 || !strings.Contains(errs, "not written") || out != "" {
		t.Errorf("extract -o with broken packages: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if readFile(t, design) != handWritten {
		t.Error("the hand-written design was replaced")
	}
	if ents, _ := filepath.Glob(filepath.Join(mod, ".*.tmp")); len(ents) != 0 {
		t.Errorf("temporary files left: %v", ents)
	}
	code, out, _ = runIn(t, mod, "extract", "./...")
	if code != 2 || !strings.HasPrefix(out, "# Extracted by: tablelint extract") {
		t.Errorf("extract to stdout with broken packages: exit %d, stdout %.80q", code, out)
	}
}
