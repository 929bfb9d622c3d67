package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/internal/golden"
)

// runRoot runs tablelint with args in the repository root and returns its
// exit code, stdout and stderr.
func runRoot(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	root, _ := filepath.Abs("../..")
	return runIn(t, root, args...)
}

// TestReviewGolden runs `tablelint review` on the example designs in text
// and JSON and compares with testdata/review/*.
func TestReviewGolden(t *testing.T) {
	for _, c := range []struct {
		file string
		code int
	}{
		{"employees.tablelint.yaml", 1},
		{"log-tail.tablelint.yaml", 0},
		{"high-volume-delete.tablelint.yaml", 0},
		{"prepend-append.tablelint.yaml", 1},
	} {
		name := strings.TrimSuffix(c.file, ".tablelint.yaml")
		for _, format := range []string{"text", "json"} {
			t.Run(name+"/"+format, func(t *testing.T) {
				code, out, errOut := runRoot(t, "review", "--format", format, "testdata/designs/"+c.file)
				if code != c.code || errOut != "" {
					t.Fatalf("exit %d (want %d), stderr %q", code, c.code, errOut)
				}
				if format == "json" {
					checkJSON(t, out)
				}
				golden.CheckString(t, filepath.Join("testdata", "review", name+"."+format), out)
			})
		}
	}
}

// checkJSON checks the documented fields of `review --format json`.
func checkJSON(t *testing.T, out string) {
	t.Helper()
	var doc struct {
		Findings []map[string]any `json:"findings"`
		Queries  []struct {
			Table, Name string
			Plan        struct{ Kind string }
		} `json:"queries"`
		Entities []struct {
			Table, Name string
			MaxBytes    int64 `json:"maxBytes"`
		} `json:"entities"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	for _, f := range doc.Findings {
		for _, k := range []string{"rule", "name", "severity", "message", "file", "line", "col"} {
			if _, ok := f[k]; !ok {
				t.Errorf("finding without %q: %v", k, f)
			}
		}
	}
	if len(doc.Queries) == 0 {
		t.Error("no queries")
	}
	for _, q := range doc.Queries {
		if q.Table == "" || q.Name == "" || q.Plan.Kind == "" {
			t.Errorf("query without table, name or plan kind: %+v", q)
		}
	}
	if len(doc.Entities) == 0 {
		t.Error("no entities")
	}
	for _, e := range doc.Entities {
		if e.Table == "" || e.Name == "" || e.MaxBytes <= 0 {
			t.Errorf("entity without table, name or maxBytes: %+v", e)
		}
	}
}

// TestReviewBadInput: every malformed design gives exit 2 and one line on
// stderr that starts with file:line:col, and nothing on stdout.
func TestReviewBadInput(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/designs/bad/*.yaml")
	dir := t.TempDir()
	garbage := make([]byte, 2048)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range garbage {
		garbage[i] = byte(rng.IntN(256))
	}
	gen := map[string][]byte{
		"garbage.bin": garbage,
		"big.yaml":    bytes.Repeat([]byte("#\n"), 25<<20),
	}
	for name, data := range gen {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	for _, f := range files {
		arg := f
		if rel, err := filepath.Rel("../..", f); err == nil && !strings.HasPrefix(rel, "..") {
			arg = rel
		}
		code, out, errOut := runRoot(t, "review", arg)
		if code != 2 || out != "" {
			t.Errorf("%s: exit %d, stdout %q; want 2 and nothing", arg, code, out)
		}
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "tablelint: "+arg+":") || strings.Contains(errOut, "panic") {
			t.Errorf("%s: stderr %q, want one line tablelint: FILE:LINE:COL: …", arg, errOut)
		}
	}
}

func TestReviewUsage(t *testing.T) {
	if code, _, errOut := runRoot(t, "review"); code != 2 || !strings.Contains(errOut, "at least one design file") {
		t.Errorf("no file: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runRoot(t, "review", "testdata/designs/nope.yaml"); code != 2 || !strings.Contains(errOut, "nope.yaml") {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
	if code, _, _ := runRoot(t, "review", "--format", "xml", "testdata/designs/log-tail.tablelint.yaml"); code != 2 {
		t.Errorf("bad format: exit %d", code)
	}
	if code, _, errOut := runRoot(t, "review", "--partition-rate", "0", "testdata/designs/log-tail.tablelint.yaml"); code != 2 || !strings.Contains(errOut, "--partition-rate must be positive") {
		t.Errorf("bad partition rate: exit %d, %q", code, errOut)
	}
}

func TestReviewFailOnAndOptions(t *testing.T) {
	// Only warnings and infos: --fail-on error exits 0.
	if code, _, _ := runRoot(t, "review", "--fail-on", "error", "testdata/designs/employees.tablelint.yaml"); code != 0 {
		t.Errorf("--fail-on error: exit %d, want 0", code)
	}
	if code, _, _ := runRoot(t, "review", "testdata/designs/checks/transactions.yaml", "--fail-on", "error"); code != 1 {
		t.Errorf("errors with --fail-on error: exit %d, want 1", code)
	}
	// A higher partition rate silences TL209 on 3,000 writes/s; the
	// default reports it.
	_, out, errOut := runRoot(t, "review", "--partition-rate", "5000", "testdata/designs/prepend-append.tablelint.yaml")
	if strings.Contains(out, "TL209") || errOut != "" {
		t.Errorf("--partition-rate 5000 still reports TL209, or complains: %q", errOut)
	}
	if _, out, _ := runRoot(t, "review", "testdata/designs/prepend-append.tablelint.yaml"); !strings.Contains(out, "TL209") {
		t.Errorf("the default partition rate does not report TL209 on 3,000 writes/s")
	}
	// --partition-target is the deprecated name: it still works, and says
	// so once on stderr.
	_, out, errOut = runRoot(t, "review", "--partition-target", "5000", "testdata/designs/prepend-append.tablelint.yaml")
	if strings.Contains(out, "TL209") || strings.Count(errOut, "--partition-target is deprecated; use --partition-rate") != 1 {
		t.Errorf("--partition-target 5000: TL209 reported or no single deprecation note: stderr %q", errOut)
	}
	// Several files: each file's tables, findings from both.
	code, out, _ := runRoot(t, "review", "testdata/designs/log-tail.tablelint.yaml", "testdata/designs/prepend-append.tablelint.yaml")
	if code != 1 || !strings.Contains(out, "EmployeeExpense") || !strings.Contains(out, "prepend-append.tablelint.yaml:11:23: warning TL209") {
		t.Errorf("two files: exit %d\n%s", code, out)
	}
}

// TestReviewPipeline checks that review goes through the shared pipeline:
// design-file suppressions, per-rule severities from the config, and the
// SARIF format.
func TestReviewPipeline(t *testing.T) {
	dir := repo(t)
	design := `version: 1
tables:
  People:
    entities:
      Person:
        partitionKey: "{Team}"
        rowKey: "{Id}"
        properties:
          Team: {type: String, maxLength: 20}
          Id: {type: String, maxLength: 36}
          Name: {type: String, maxLength: 50}
    queries:
      byName: {filter: "Name eq '{Name}'", rate: 1/min} # tablelint:ignore TL301 nightly report, a full scan is fine
      byTeamName: {filter: "PartitionKey eq '{Team}' and Name eq '{Name}'", rate: 1/min}
`
	writeFile(t, filepath.Join(dir, "people.tablelint.yaml"), design)

	code, out, errOut := runIn(t, dir, "review", "--format", "json", "--fail-on", "info", "people.tablelint.yaml")
	if code != 1 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var got struct {
		Findings   []struct{ Rule, Severity string } `json:"findings"`
		Suppressed int                               `json:"suppressed"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	rulesSeen := map[string]string{}
	for _, f := range got.Findings {
		rulesSeen[f.Rule] = f.Severity
	}
	if _, ok := rulesSeen["TL301"]; ok || got.Suppressed != 1 {
		t.Errorf("TL301 should be suppressed once: findings %v, suppressed %d", rulesSeen, got.Suppressed)
	}
	if rulesSeen["TL303"] != "info" {
		t.Errorf("TL303 severity %q, want info: %v", rulesSeen["TL303"], rulesSeen)
	}

	writeFile(t, filepath.Join(dir, ".tablelint.yaml"), "rules:\n  TL303: error\n")
	code, out, _ = runIn(t, dir, "review", "--format", "sarif", "people.tablelint.yaml")
	// The suppressed TL301 is a result with an in-source suppression.
	if code != 1 || !strings.Contains(out, `"ruleId": "TL303"`) || !strings.Contains(out, `"level": "error"`) ||
		strings.Count(out, `"ruleId": "TL301"`) != 1 || strings.Count(out, `"kind": "inSource"`) != 1 {
		t.Errorf("sarif with TL303 raised to error: exit %d\n%s", code, out)
	}
}

// TestReviewHostileInputs: a bad design among good ones leaves the good
// ones' findings in the report (exit 2); a design named twice is
// reviewed once; a FIFO nobody writes to does not hang review; SARIF is
// a complete document with the bad design as a notification.
func TestReviewHostileInputs(t *testing.T) {
	dir := t.TempDir()
	good := readFile(t, "../../testdata/designs/employees.tablelint.yaml")
	writeFile(t, filepath.Join(dir, "good.tablelint.yaml"), good)
	writeFile(t, filepath.Join(dir, "bad.tablelint.yaml"), "version: 1\ntables:\n  T:\n    entities:\n      E: {partitionKey: p, rowKey: r, count: lots}\n")
	if err := os.Symlink(filepath.Join(dir, "good.tablelint.yaml"), filepath.Join(dir, "link.tablelint.yaml")); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runIn(t, dir, "review", "--format", "json", "good.tablelint.yaml", "bad.tablelint.yaml", "./good.tablelint.yaml", "link.tablelint.yaml")
	var doc struct {
		Findings []struct{ File string }
		Entities []struct{ Name string }
		Errors   []struct {
			File      string
			Line, Col int
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 2 || len(doc.Findings) == 0 || len(doc.Errors) != 1 ||
		doc.Errors[0].File != "bad.tablelint.yaml" || doc.Errors[0].Line != 5 {
		t.Fatalf("exit %d err %v stderr %q\n%s", code, err, errs, out)
	}
	_, once, _ := runIn(t, dir, "review", "--format", "json", "good.tablelint.yaml")
	var single struct{ Entities []struct{ Name string } }
	json.Unmarshal([]byte(once), &single)
	if len(doc.Entities) != len(single.Entities) {
		t.Errorf("a design named three ways was reviewed %d/%d times", len(doc.Entities), len(single.Entities))
	}
	if !strings.Contains(errs, "bad.tablelint.yaml:5:") || strings.Count(errs, "\n") != 1 {
		t.Errorf("stderr %q, want one line for the bad design", errs)
	}

	code, out, _ = runIn(t, dir, "review", "--format", "sarif", "good.tablelint.yaml", "bad.tablelint.yaml")
	if code != 2 || !strings.Contains(out, `"toolExecutionNotifications"`) || !strings.Contains(out, `"results"`) {
		t.Errorf("sarif: exit %d\n%s", code, out)
	}

	fifo := filepath.Join(dir, "fifo.tablelint.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan int, 1)
	go func() {
		c, _, _ := runIn(t, dir, "review", "--format", "sarif", "fifo.tablelint.yaml")
		done <- c
	}()
	select {
	case c := <-done:
		if c != 2 {
			t.Errorf("FIFO without a writer: exit %d, want 2", c)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("review hangs on a FIFO")
	}
}
