package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/internal/golden"
)

func TestCheckText(t *testing.T) {
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "./testdata/checkdemo")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", code, errs)
	}
	golden.CheckString(t, filepath.Join("testdata", "check.golden"), out)
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
	bin := buildTablelint(t)
	out, err := exec.Command(bin, "-V=full").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "version") {
		t.Fatalf("-V=full: %v %s", err, out)
	}
	out, err = exec.Command(bin, "-flags").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "tablescan.info") || !strings.Contains(string(out), `"checks"`) {
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
	// -checks selects rules under go vet as on the command line.
	out, _ = exec.Command("go", "vet", "-vettool="+bin, "-checks=all,-TL307,-filter-injection", "./testdata/checkdemo").CombinedOutput()
	if !strings.Contains(string(out), "TL301:") || strings.Contains(string(out), "TL307:") || strings.Contains(string(out), "TL321:") {
		t.Errorf("go vet -checks=all,-TL307,-filter-injection:\n%s", out)
	}
	// An unknown rule in -checks fails the run with one line and exit 2
	// from the tool, before any analysis, so go vet caches nothing: the
	// same after the runs above and when repeated. Dependencies vetted
	// for facts stay quiet, so the line comes once.
	for i := 0; i < 2; i++ {
		out, err = exec.Command("go", "vet", "-vettool="+bin, "-checks=TL3O7", "./testdata/checkdemo").CombinedOutput()
		if err == nil || strings.Count(string(out), `tablelint: invalid -checks: unknown rule "TL3O7" in checks (did you mean "TL307"?)`) != 1 {
			t.Errorf("go vet -checks=TL3O7, run %d: err %v; want a failure naming the rule once (not per dependency):\n%s", i+1, err, out)
		}
	}
	// Ordinary commands still work when the binary is not run by vet.
	out, err = exec.Command(bin, "explain", "PartitionKey eq 'a'").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "plan:") {
		t.Errorf("explain after vet hook: %v %s", err, out)
	}
}

func TestVetChecksArg(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		ok   bool
	}{
		{[]string{"-checks=TL3O7", "-json", "x.cfg"}, "TL3O7", true},
		{[]string{"--checks=all,-TL307", "x.cfg"}, "all,-TL307", true},
		{[]string{"-json", "-checks", "TL3*", "x.cfg"}, "TL3*", true},
		{[]string{"-checks=TL301", "-checks=TL3O7", "x.cfg"}, "TL3O7", true},
		{[]string{"-checks=", "x.cfg"}, "", true},
		{[]string{"-tablescan.info", "x.cfg"}, "", false},
		{[]string{"-checksum=1", "x.cfg"}, "", false},
		{[]string{"-checks"}, "", false},
		{nil, "", false},
	} {
		got, ok := vetChecksArg(c.args)
		if got != c.want || ok != c.ok {
			t.Errorf("vetChecksArg(%q) = %q, %v; want %q, %v", c.args, got, ok, c.want, c.ok)
		}
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

// hostileModule writes packages under testdata (inside the module, so
// they resolve the SDK) and returns the directory's path relative to the
// package directory; it is removed after the test.
func hostileModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := os.MkdirTemp("testdata", "hostile")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const injection = `package %s

import (
	"context"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func handler(c *aztables.Client, r *http.Request) {
%s	f := fmt.Sprintf("LastName eq '%%s'", r.FormValue("n"))
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	p.NextPage(context.Background())
}
`

// TestCheckLineDirectiveOutsideModule: a //line directive naming a FIFO
// outside the module neither hangs check --format sarif nor points
// findings there: they are reported in the file that holds them.
func TestCheckLineDirectiveOutsideModule(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	dir := hostileModule(t, map[string]string{
		"linedir/a.go": fmt.Sprintf(injection, "linedir", "//line "+fifo+":1:1\n"),
	})
	wd, _ := os.Getwd()
	done := make(chan struct{})
	var code int
	var out, errs string
	go func() {
		defer close(done)
		code, out, errs = runIn(t, wd, "check", "--format", "sarif", "./"+dir+"/...")
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("check --format sarif hangs on a //line directive naming a FIFO")
	}
	if code != 1 || strings.Contains(out, "fifo") || !strings.Contains(out, `"uri": "testdata/`+filepath.Base(dir)+`/linedir/a.go"`) {
		t.Errorf("exit %d, stderr %q\n%s", code, errs, out)
	}
}

// TestCheckBrokenPackage: one package that does not compile is analysed
// with what type-checks and leaves the others' findings in the report,
// in every format; it is named (SARIF: a toolExecutionNotification,
// executionSuccessful false; JSON: errors and incomplete) and the exit
// status is 2 unless --allow-incomplete, when the findings decide (1);
// the error has no stray "-:".
func TestCheckBrokenPackage(t *testing.T) {
	dir := hostileModule(t, map[string]string{
		"good/a.go":   fmt.Sprintf(injection, "good", ""),
		"broken/b.go": "package broken\n\nvar x int = \"s\"\n",
	})
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "--format", "sarif", "./"+dir+"/...")
	if code != 2 || !strings.Contains(out, `"ruleId": "TL321"`) || !strings.Contains(out, `"toolExecutionNotifications"`) ||
		!strings.Contains(out, `"executionSuccessful": false`) || !strings.Contains(errs, "broken/b.go:3:13: (incomplete) ") || !strings.Contains(errs, "cannot use") {
		t.Errorf("sarif: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs = runIn(t, wd, "check", "--format", "json", "--allow-incomplete", "./"+dir+"/...")
	var doc struct {
		Findings []struct{ Rule string }
		Errors   []struct {
			File      string
			Line, Col int
			Message   string
		}
		Incomplete []struct{ Package string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 || len(doc.Findings) == 0 || len(doc.Errors) != 1 ||
		doc.Errors[0].Line != 3 || strings.HasPrefix(doc.Errors[0].Message, "-:") || len(doc.Incomplete) != 1 {
		t.Errorf("json: exit %d err %v %+v, stderr %q", code, err, doc, errs)
	}
	code, out, errs = runIn(t, wd, "check", "./"+dir+"/...")
	if code != 2 || !strings.Contains(out, "TL321") || !strings.Contains(out, "1 input could not be checked") || strings.Contains(errs, "-:") {
		t.Errorf("text: exit %d\n%s\nstderr %q", code, out, errs)
	}
}

// TestCheckPartialLoad: a package that does not type-check is named on
// one line of stderr, analysed with what type-checks, and the others are
// analysed all the same; exit 2 unless --allow-incomplete.
func TestCheckPartialLoad(t *testing.T) {
	wd, _ := os.Getwd()
	code, out, errs := runIn(t, wd, "check", "--format", "json", "./testdata/checkpartial/...")
	if code != 2 {
		t.Fatalf("exit %d, want 2 (a package analysed incompletely); stderr: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "(incomplete) ") || !strings.Contains(lines[0], "broken.go:4:") {
		t.Errorf("stderr %q; want one line naming the broken package and its error", errs)
	}
	if !strings.Contains(out, `"TL301"`) || !strings.Contains(out, "ok.go") {
		t.Errorf("the package that loads was not analysed:\n%s", out)
	}
	if code, _, _ := runIn(t, wd, "check", "--allow-incomplete", "./testdata/checkpartial/..."); code != 1 {
		t.Errorf("--allow-incomplete: exit %d, want 1 (findings in ok)", code)
	}
	code, _, errs = runIn(t, wd, "check", "./testdata/checkpartial/broken")
	if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "(incomplete) ") {
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
