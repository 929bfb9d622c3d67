package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckText(t *testing.T) {
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "./testdata/checkdemo")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", code, errs)
	}
	golden := filepath.Join("testdata", "check.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("output differs from %s (run with -update-check):\n%s", golden, out)
	}
}

func TestCheckJSONAndFailOn(t *testing.T) {
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "--format", "json", "--fail-on", "error", "./testdata/checkdemo")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", code, errs)
	}
	var doc struct {
		Findings []struct {
			Rule, Name, Severity, File string
			Line, Col                  int
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	rules := map[string]bool{}
	for _, f := range doc.Findings {
		rules[f.Rule] = true
		if f.File != filepath.Join("testdata", "checkdemo", "main.go") || f.Line == 0 || f.Col == 0 || f.Name == "" {
			t.Errorf("finding without a proper place or name: %+v", f)
		}
	}
	for _, r := range []string{"TL301", "TL307", "TL321"} {
		if !rules[r] {
			t.Errorf("no %s finding in %s", r, out)
		}
	}
}

func TestCheckErrors(t *testing.T) {
	wd, _ := os.Getwd()
	code, _, errs := runIn(t, wd, "check", "./testdata/does-not-exist")
	if code != 2 || !strings.HasPrefix(errs, "tablelint: ") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("missing package: exit %d, stderr %q; want exit 2 and one line", code, errs)
	}
	code, _, errs = runIn(t, wd, "check", "--format", "xml", ".")
	if code != 2 || !strings.Contains(errs, "invalid --format") {
		t.Errorf("bad format: exit %d, stderr %q", code, errs)
	}
}

func TestVetProtocol(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "tablelint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "-V=full").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "version") {
		t.Fatalf("-V=full: %v %s", err, out)
	}
	out, err = exec.Command(bin, "-flags").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "tablescan.info") {
		t.Fatalf("-flags: %v %s", err, out)
	}
	cmd := exec.Command("go", "vet", "-vettool="+bin, "./testdata/checkdemo")
	out, err = cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet succeeded; want findings:\n%s", out)
	}
	for _, r := range []string{"TL301:", "TL307:", "TL321:"} {
		if !strings.Contains(string(out), r) {
			t.Errorf("go vet output lacks %s:\n%s", r, out)
		}
	}
	// Ordinary commands still work when the binary is not run by vet.
	out, err = exec.Command(bin, "explain", "PartitionKey eq 'a'").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "plan:") {
		t.Errorf("explain after vet hook: %v %s", err, out)
	}
}

func TestIsVetInvocation(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "vet.cfg")
	os.WriteFile(cfg, []byte("{}"), 0o644)
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"-V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{cfg}, true},
		{[]string{"-tablescan.info", cfg}, true},
		{[]string{"check", cfg}, false},
		{[]string{"explain", "x.cfg"}, false},
		{[]string{"missing.cfg"}, false},
		{nil, false},
	} {
		if got := isVetInvocation(c.args); got != c.want {
			t.Errorf("isVetInvocation(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// TestCheckSuppressions: a directive with a reason silences its finding; one
// without a reason silences nothing and is itself reported (TL901).
func TestCheckSuppressions(t *testing.T) {
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "--format", "json", "./testdata/checksuppress")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s\n%s", code, errs, out)
	}
	var got struct {
		Findings []struct {
			Rule string
			Line int
		}
		Suppressed int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, f := range got.Findings {
		seen = append(seen, fmt.Sprintf("%s@%d", f.Rule, f.Line))
	}
	want := []string{"TL901@23", "TL301@24"}
	if strings.Join(seen, " ") != strings.Join(want, " ") || got.Suppressed != 1 {
		t.Errorf("findings %v (suppressed %d), want %v (suppressed 1)", seen, got.Suppressed, want)
	}
}

// TestCheckPartialLoad: a package that does not type-check is named on
// one line of stderr and the others are still analysed; exit 2 only when
// nothing could be analysed.
func TestCheckPartialLoad(t *testing.T) {
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "--format", "json", "./testdata/checkpartial/...")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (findings in ok); stderr: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "checkpartial/broken: (compile) ") || !strings.Contains(lines[0], "broken.go:4:") {
		t.Errorf("stderr %q; want one line naming the broken package and its error", errs)
	}
	if !strings.Contains(out, `"TL301"`) || !strings.Contains(out, "ok.go") {
		t.Errorf("the package that loads was not analysed:\n%s", out)
	}
	code, _, errs = runIn(t, wd, "check", "./testdata/checkpartial/broken")
	if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "broken: (compile) ") {
		t.Errorf("only a broken package: exit %d, stderr %q; want exit 2", code, errs)
	}
}

// TestCheckGenerated: findings in generated files are dropped unless
// --include-generated.
func TestCheckGenerated(t *testing.T) {
	wd, _ := os.Getwd()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"hand.go"}},
		{[]string{"--include-generated"}, []string{"gen.go", "hand.go"}},
	} {
		args := append([]string{"check", "--format", "json"}, c.args...)
		code, out, errs := runIn(t, wd, append(args, "./testdata/checkgen")...)
		if code != 1 {
			t.Fatalf("%v: exit %d; stderr %s", c.args, code, errs)
		}
		var doc struct{ Findings []struct{ File string } }
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range doc.Findings {
			got = append(got, filepath.Base(f.File))
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%v: findings in %v, want %v", c.args, got, c.want)
		}
	}
}
