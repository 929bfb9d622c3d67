package main

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const miniDesign = `tables:
  T:
    entities:
      E:
        partitionKey: "{A}"
        rowKey: "{B}"
        properties:
          A: string
          B: string
`

func TestExpandDesigns(t *testing.T) {
	dir := repo(t)
	for _, f := range []string{
		"designs/b.tablelint.yaml",
		"designs/a.tablelint.yml",
		"designs/sub/c.tablelint.yaml",
		"designs/.hidden/h.tablelint.yaml",
		"designs/_skip/s.tablelint.yaml",
		"designs/.tablelint.yaml", // the configuration file, not a design
		"designs/notes.yaml",
		"other/x.tablelint.yaml",
	} {
		writeFile(t, filepath.Join(dir, f), miniDesign)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"designs"}, []string{"designs/a.tablelint.yml", "designs/b.tablelint.yaml", "designs/sub/c.tablelint.yaml"}},
		{[]string{"designs/"}, []string{"designs/a.tablelint.yml", "designs/b.tablelint.yaml", "designs/sub/c.tablelint.yaml"}},
		{[]string{"designs/*.yaml"}, []string{"designs/b.tablelint.yaml", "designs/notes.yaml"}},
		{[]string{"**/*.tablelint.yaml"}, []string{"designs/_skip/s.tablelint.yaml", "designs/b.tablelint.yaml", "designs/sub/c.tablelint.yaml", "other/x.tablelint.yaml"}},
		{[]string{"designs/**/c.tablelint.yaml"}, []string{"designs/sub/c.tablelint.yaml"}},
		// A file named explicitly is taken whatever its name; each file once.
		{[]string{"designs/notes.yaml", "designs", "designs/b.tablelint.yaml", "./designs/b.tablelint.yaml"},
			[]string{"designs/notes.yaml", "designs/a.tablelint.yml", "designs/b.tablelint.yaml", "designs/sub/c.tablelint.yaml"}},
		{[]string{"missing.tablelint.yaml"}, []string{"missing.tablelint.yaml"}},
	} {
		got, err := expandDesigns(dir, c.args)
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		for i := range got {
			got[i] = filepath.ToSlash(got[i])
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.args, got, c.want)
		}
	}
	for _, args := range [][]string{{"nothing/*.yaml"}, {"other/**/none.yaml"}, {"designs/.hidden/none"}, {"[bad"}} {
		if _, err := expandDesigns(dir, args); err == nil && args[0] != "designs/.hidden/none" {
			t.Errorf("%q: no error", args)
		}
	}
	if _, err := expandDesigns(dir, []string{filepath.Join("designs", "_skip")}); err != nil {
		t.Errorf("a directory named explicitly is searched even when it starts with _: %v", err)
	}
	writeFile(t, filepath.Join(dir, "empty", "readme.md"), "x")
	if _, err := expandDesigns(dir, []string{"empty"}); err == nil || !strings.Contains(err.Error(), "no design files") {
		t.Errorf("a directory without designs: %v", err)
	}
}

// TestReviewDirectoryAndQuiet: review of the examples' directory reports
// what reviewing each file does; --quiet prints exactly the findings
// (no tables, no summary) and keeps the exit code.
func TestReviewDirectoryAndQuiet(t *testing.T) {
	code, full, stderr := runRoot(t, "review", "testdata/designs/")
	if code != 1 || stderr != "" {
		t.Fatalf("review testdata/designs/: exit %d, stderr %q", code, stderr)
	}
	for _, f := range []string{"employees", "log-tail", "high-volume-delete", "prepend-append"} {
		_, one, _ := runRoot(t, "review", "--quiet", "testdata/designs/"+f+".tablelint.yaml")
		if !strings.Contains(full, one) {
			t.Errorf("review of the directory lacks %s's findings:\n%s", f, one)
		}
	}
	qcode, quiet, stderr := runRoot(t, "review", "--quiet", "testdata/designs")
	if qcode != code || stderr != "" {
		t.Fatalf("--quiet: exit %d, stderr %q", qcode, stderr)
	}
	if quiet == "" || !strings.HasPrefix(full, quiet) {
		t.Fatalf("--quiet output is not the findings part of the full output:\n%s", quiet)
	}
	for _, line := range strings.Split(strings.TrimSuffix(quiet, "\n"), "\n") {
		if !strings.HasPrefix(line, "testdata/designs/") && !strings.HasPrefix(line, "    hint: ") {
			t.Errorf("--quiet printed a line that is not a finding: %q", line)
		}
	}
	code, quiet, _ = runRoot(t, "review", "--quiet", "testdata/designs/log-tail.tablelint.yaml")
	if code != 0 || quiet != "" {
		t.Errorf("--quiet on a clean design: exit %d, printed %q", code, quiet)
	}
	// Other formats ignore --quiet: the JSON document is whole.
	_, js, _ := runRoot(t, "review", "--quiet", "--format", "json", "testdata/designs/log-tail.tablelint.yaml")
	checkJSON(t, js)
}

// TestReviewHostileArgs: an empty path is an error (not the current
// directory), and an invalid glob holding a newline and terminal escapes
// is reported in one line with them escaped.
func TestReviewHostileArgs(t *testing.T) {
	dir := repo(t)
	writeFile(t, filepath.Join(dir, "d.tablelint.yaml"), miniDesign)
	for _, tc := range []struct {
		arg, msg string
	}{
		{"", "an empty path"},
		{"x\x1b]0;owned\x07[\n\x1b[2J", "invalid glob"},
		{"**/[\x1b[31m", "invalid glob"},
	} {
		code, out, errs := runIn(t, dir, "review", tc.arg)
		if code != 2 || !strings.Contains(errs, tc.msg) || strings.Count(errs, "\n") != 1 || strings.ContainsAny(errs, "\x1b\x07") || out != "" {
			t.Errorf("review %q: exit %d stdout %q stderr %q; want exit 2 and one escaped line with %q", tc.arg, code, out, errs, tc.msg)
		}
	}
}
