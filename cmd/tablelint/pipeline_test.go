package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
)

// runIn runs the command line in dir and returns exit code, stdout and
// stderr.
func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, dir: dir}
	code := run(e, args)
	return code, out.String(), errb.String()
}

// repo returns a scratch directory that is a repository root.
func repo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const scan = "LastName eq 'Jones'"

func TestExplainConfigAndFailOn(t *testing.T) {
	dir := repo(t)
	sub := filepath.Join(dir, "a", "b")
	os.MkdirAll(sub, 0o755)

	code, out, _ := runIn(t, sub, "explain", scan)
	if code != 1 || !strings.Contains(out, "<filter>:1:1: warning TL301 ") || !strings.Contains(out, "1 finding: 1 warning") {
		t.Fatalf("default: exit %d\n%s", code, out)
	}
	if code, _, _ := runIn(t, sub, "explain", "--fail-on", "error", scan); code != 0 {
		t.Errorf("--fail-on error with a warning: exit %d", code)
	}

	// Found by walking up: TL301 becomes info.
	writeFile(t, filepath.Join(dir, ".tablelint.yaml"), "rules:\n  table-scan: info\n")
	code, out, _ = runIn(t, sub, "explain", scan)
	if code != 0 || !strings.Contains(out, "info TL301") {
		t.Errorf("TL301 at info: exit %d\n%s", code, out)
	}
	if code, _, _ := runIn(t, sub, "explain", "--fail-on=info", scan); code != 1 {
		t.Errorf("--fail-on info with an info finding: exit %d", code)
	}

	// --config wins, relative to the working directory.
	writeFile(t, filepath.Join(sub, "strict.yaml"), "rules: {TL301: error}\n")
	code, out, _ = runIn(t, sub, "explain", "--config", "strict.yaml", "--fail-on", "error", scan)
	if code != 1 || !strings.Contains(out, "error TL301") {
		t.Errorf("--config strict.yaml: exit %d\n%s", code, out)
	}

	// Off: no finding at all.
	writeFile(t, filepath.Join(dir, ".tablelint.yaml"), "rules:\n  TL301: off\n")
	code, out, _ = runIn(t, sub, "explain", "--fail-on", "info", scan)
	if code != 0 || strings.Contains(out, "TL301") || !strings.Contains(out, "no findings") {
		t.Errorf("TL301 off: exit %d\n%s", code, out)
	}
}

func TestExplainConfigErrors(t *testing.T) {
	dir := repo(t)
	writeFile(t, filepath.Join(dir, ".tablelint.yaml"), "rules:\n  TL3O1: off\nexlude: []\n")
	code, out, errs := runIn(t, dir, "explain", scan)
	if code != 2 || out != "" {
		t.Errorf("invalid config: exit %d, stdout %q", code, out)
	}
	want := []string{
		`tablelint: ` + filepath.Join(dir, ".tablelint.yaml") + `:2:3: unknown rule "TL3O1" (did you mean "TL301"?)`,
		`tablelint: ` + filepath.Join(dir, ".tablelint.yaml") + `:3:1: unknown key "exlude" (did you mean "exclude"?)`,
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], want[0]) || !strings.HasPrefix(lines[1], want[1]) {
		t.Errorf("stderr:\n%s\nwant lines starting:\n%s", errs, strings.Join(want, "\n"))
	}
	if code, _, errs := runIn(t, dir, "explain", "--config", "nope.yaml", scan); code != 2 || !strings.Contains(errs, "nope.yaml") {
		t.Errorf("missing --config: exit %d %q", code, errs)
	}
	for _, args := range [][]string{{"explain", "--format", "xml", scan}, {"explain", "--fail-on", "off", scan}} {
		if code, _, errs := runIn(t, dir, args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

func TestExplainFormats(t *testing.T) {
	dir := repo(t)
	for _, f := range report.Formats {
		code, out, errs := runIn(t, dir, "explain", "--format", f, "PartitionKey eq 'é/x' and (RowKey eq '1' or RowKey eq '2')")
		if code != 1 || errs != "" {
			t.Errorf("%s: exit %d, stderr %q", f, code, errs)
		}
		switch f {
		case "json", "sarif":
			var v map[string]any
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Errorf("%s output is not JSON: %v\n%s", f, err, out)
			}
		case "github":
			if !strings.Contains(out, "::error line=1,col=17,") || !strings.Contains(out, "title=TL201::") {
				t.Errorf("github output:\n%s", out)
			}
		}
		if f == "sarif" {
			// The TL201 literal starts before é (2 bytes, 1 UTF-16 unit):
			// byte column 17 stays 17. TL304's or is after it: byte column
			// 29 is UTF-16 column 28.
			if !strings.Contains(out, `"startColumn": 17`) || !strings.Contains(out, `"startColumn": 28`) ||
				!strings.Contains(out, `"columnKind": "utf16CodeUnits"`) {
				t.Errorf("sarif regions:\n%s", out)
			}
			if !strings.Contains(out, `"ruleId": "TL304"`) {
				t.Errorf("sarif lacks TL304:\n%s", out)
			}
		}
	}
}

// TestPipelineSuppressions drives the shared pipeline the way review
// will: a design file's directives, findings in it, excludes and
// severities.
func TestPipelineSuppressions(t *testing.T) {
	dir := repo(t)
	writeFile(t, filepath.Join(dir, ".tablelint.yaml"), "exclude: [generated/**]\nrules: {TL303: warning}\n")
	design := "tables:\n  T:\n    queries:\n      a: {filter: \"x eq 1\"}  # tablelint:ignore TL301 reporting job\n      b: {filter: \"y eq 1\"}  # tablelint:ignore TL304\n      c: {filter: \"z eq 1\"}  # tablelint:ignore TL321 Go code only\n"
	path := filepath.Join(dir, "d.tablelint.yaml")
	writeFile(t, path, design)

	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, dir: dir}
	cf := commonFlags{format: "json", failOn: "warning"}
	p, code := startPipeline(e, &cf, rules.Design)
	if p == nil {
		t.Fatalf("startPipeline: %d %s", code, errb.String())
	}
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(design), &root); err != nil {
		t.Fatal(err)
	}
	p.Suppress.AddYAML(path, []byte(design), &root)
	mk := func(id, file string, line int) finding.Finding {
		f := finding.New(id, "m")
		f.File, f.Line, f.Col = file, line, 7
		return f
	}
	code = p.finish(report.Result{Findings: []finding.Finding{
		mk("TL301", path, 4), // suppressed
		mk("TL303", path, 5), // info by default, warning by config
		mk("TL301", filepath.Join(dir, "generated", "g.tablelint.yaml"), 1), // excluded
	}})
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	var doc struct {
		Findings   []report.JSONFinding `json:"findings"`
		Suppressed int                  `json:"suppressed"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range doc.Findings {
		got = append(got, f.File+":"+itoa(f.Line)+" "+f.Severity+" "+f.Rule)
	}
	// TL304's directive has no reason, so it suppresses nothing and is
	// reported once (TL901, not also as unused); TL321's: unused, but TL321
	// is not a design rule (Go code only) — except where it is not
	// registered, when it is malformed (TL903).
	want := []string{
		"d.tablelint.yaml:5 warning TL303",
		"d.tablelint.yaml:5 warning TL901",
	}
	if _, ok := rules.Get("TL321"); !ok {
		want = append(want, "d.tablelint.yaml:6 warning TL903")
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || doc.Suppressed != 1 {
		t.Errorf("findings:\n%s\nwant:\n%s\nsuppressed %d", strings.Join(got, "\n"), strings.Join(want, "\n"), doc.Suppressed)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestRulesAndDoc(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := runIn(t, dir, "rules")
	if code != 0 {
		t.Fatalf("rules: exit %d", code)
	}
	for _, r := range rules.All() {
		if !strings.Contains(out, r.ID) || !strings.Contains(out, r.Name) || !strings.Contains(out, r.Title) {
			t.Errorf("rules table lacks %s", r.ID)
		}
	}
	if !strings.Contains(out, "| SEVERITY ") || !strings.Contains(out, "| APPLIES TO ") {
		t.Errorf("rules table header:\n%s", out)
	}
	code, out, _ = runIn(t, dir, "rules", "--format", "json")
	var list []jsonRule
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != len(rules.All()) {
		t.Errorf("rules --format json: exit %d\n%s", code, out)
	}

	for _, arg := range []string{"TL304", "tl304", "or-on-rowkey"} {
		code, out, _ := runIn(t, dir, "doc", arg)
		if code != 0 || !strings.HasPrefix(out, "TL304 or-on-rowkey\n") || !strings.Contains(out, "Why\n---\n") {
			t.Errorf("doc %s: exit %d\n%s", arg, code, out)
		}
	}
	code, out, _ = runIn(t, dir, "doc", "--markdown", "TL301")
	if code != 0 || out != rules.MustGet("TL301").Markdown() {
		t.Errorf("doc --markdown: exit %d", code)
	}
	code, out, errs := runIn(t, dir, "doc", "TL3O1")
	if code != 2 || out != "" || errs != "tablelint: unknown rule \"TL3O1\" (did you mean \"TL301\"?); `tablelint rules` lists them\n" {
		t.Errorf("doc TL3O1: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := runIn(t, dir, "doc"); code != 2 {
		t.Errorf("doc without argument: exit %d", code)
	}
}
