package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/internal/golden"
)

// TestCheckFixAndDiff: --diff prints the suggested fixes of the findings
// reported as a unified diff and changes nothing; --fix applies the same
// edits (the file then equals the golden file), reports the findings
// left, and a second run finds nothing left to fix. A suppressed finding
// is not fixed, nor one --checks leaves out.
func TestCheckFixAndDiff(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "checkfix", "keys.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dir := hostileModule(t, map[string]string{"keys/keys.go": string(src)})
	wd, _ := os.Getwd()
	file := filepath.Join(dir, "keys", "keys.go")
	pattern := "./" + filepath.ToSlash(dir) + "/..."

	code, diff, errs := runIn(t, wd, "check", "--diff", pattern)
	if code != 1 || errs != "" {
		t.Fatalf("--diff: exit %d, stderr %q\n%s", code, errs, diff)
	}
	golden.CheckString(t, filepath.Join("testdata", "checkfix", "diff.golden"), strings.ReplaceAll(diff, filepath.ToSlash(dir), "DIR"))
	if now, _ := os.ReadFile(file); string(now) != string(src) {
		t.Fatal("--diff changed the file")
	}

	// --checks leaves TL204 out: nothing of it is fixed.
	code, out, _ := runIn(t, wd, "check", "--diff", "--checks", "-TL204", pattern)
	if strings.Contains(out, "Sprintf(\"%019d\"") || code > 1 {
		t.Errorf("--diff --checks -TL204: exit %d\n%s", code, out)
	}

	code, out, errs = runIn(t, wd, "check", "--fix", pattern)
	if !strings.Contains(errs, "tablelint: applied ") || code > 1 {
		t.Fatalf("--fix: exit %d, stderr %q\n%s", code, errs, out)
	}
	if strings.Contains(out, "TL204") {
		t.Errorf("--fix still reports the TL204 it fixed:\n%s", out)
	}
	fixed, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	golden.CheckString(t, filepath.Join("testdata", "checkfix", "keys.go.golden"), string(fixed))
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode after --fix: %v %v", fi.Mode(), err)
	}
	code, out, _ = runIn(t, wd, "check", "--diff", pattern)
	if code != 0 || out != "" {
		t.Errorf("--diff after --fix: exit %d\n%s", code, out)
	}
	if code, _, errs := runIn(t, wd, "check", "--fix", "--diff", pattern); code != 2 || !strings.Contains(errs, "cannot be used together") {
		t.Errorf("--fix --diff: exit %d %q", code, errs)
	}
}
