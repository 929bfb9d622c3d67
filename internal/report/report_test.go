package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/internal/rules"
)

// sources are the files the fixed findings point into; line 3 of the
// design has non-ASCII text before the finding, so SARIF columns differ
// from byte columns there.
var sources = map[string]string{
	"designs/hr.tablelint.yaml": "version: 1\ntables:\n  Employés: {note: \"日本 😀\", q: \"LastName eq 'x'\"}\n",
	"pkg/store/store.go":        "package store\n\nfunc f() {\n\tfilter := \"PartitionKey eq 'a' and (RowKey eq '1' or RowKey eq '2')\"\n}\n",
	"":                          "PartitionKey eq 'sales/emea'",
}

// fixedFindings returns one finding of each severity and shape: with and
// without a file, with an end position, with a custom hint, with
// characters that need escaping in workflow commands.
func fixedFindings() []finding.Finding {
	mk := func(id, file string, line, col, endLine, endCol int, msg string) finding.Finding {
		f := finding.New(id, msg)
		f.File, f.Line, f.Col, f.EndLine, f.EndCol = file, line, col, endLine, endCol
		return f
	}
	design := mk("TL301", "designs/hr.tablelint.yaml", 3, 36, 3, 53, "query q scans the whole table: no top-level PartitionKey eq")
	scan := mk("TL303", "designs/hr.tablelint.yaml", 3, 3, 0, 0, "query reads a whole partition, 100% of it: fine, or not?")
	scan.Severity = rules.Info
	or := mk("TL304", "pkg/store/store.go", 4, 36, 4, 70, "or over RowKey values: a partition scan")
	key := mk("TL201", "", 1, 17, 1, 29, "PartitionKey literal contains '/', which keys cannot contain: this comparison never matches")
	stale := mk("TL902", "pkg/store/store.go", 2, 1, 0, 0, "tablelint:ignore TL301 suppresses nothing: no TL301 finding on this line or the next")
	stale.Hint = "remove it, or move it next to the query, line 4, col 2"
	return []finding.Finding{design, or, scan, stale, key}
}

func fixedResult() Result {
	return Result{
		Findings: fixedFindings(),
		Extra:    []Field{{Name: "plan", Value: map[string]string{"kind": "table-scan"}}},
		Text: func(w io.Writer) error {
			_, err := io.WriteString(w, "plan: table-scan\n")
			return err
		},
		Suppressed: 2,
	}
}

// hostileResult has a security finding, a suppressed finding, inputs
// that could not be checked and control characters in messages.
func hostileResult() Result {
	inj := finding.New("TL321", "value of dept put into a filter literal without escaping: \x1b]0;pwned\x07")
	inj.File, inj.Line, inj.Col = "pkg/store/store.go", 4, 2
	sup := finding.New("TL301", "query scans the whole table")
	sup.File, sup.Line, sup.Col = "pkg/store/store.go", 3, 2
	return Result{
		Findings:           []finding.Finding{inj},
		SuppressedFindings: []finding.Finding{sup},
		Suppressed:         1,
		Errors: []InputError{
			{File: "pkg/broken/broken.go", Line: 3, Col: 9, Message: "undefined: x"},
			{File: "designs/bad.tablelint.yaml", Message: "is a directory, not a design file"},
		},
	}
}

func render(t *testing.T, opt Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if opt.LineText == nil {
		opt.LineText = SourceLines(sources)
	}
	opt.ToolVersion = "0.1.0-test"
	if err := Write(&b, fixedResult(), opt); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"text.golden", Options{Format: "text"}},
		{"text-color.golden", Options{Format: "text", Color: true}},
		{"json.golden", Options{Format: "json"}},
		{"sarif.golden", Options{Format: "sarif"}},
		{"github.golden", Options{Format: "github"}},
	} {
		t.Run(tc.name, func(t *testing.T) { golden.Check(t, filepath.Join("testdata", "golden", tc.name), render(t, tc.opt)) })
	}
}

func TestTextShape(t *testing.T) {
	out := string(render(t, Options{Format: "text"}))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "<filter>:1:17: error TL201 PartitionKey literal contains '/', which keys cannot contain: this comparison never matches" {
		t.Errorf("first line: %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "    hint: ") {
		t.Errorf("no hint line under the finding: %q", lines[1])
	}
	if last := lines[len(lines)-1]; last != "5 findings: 1 error, 3 warnings, 1 info (2 suppressed)" {
		t.Errorf("summary: %q", last)
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("colour without Color")
	}
	if !strings.Contains(string(render(t, Options{Format: "text", Color: true})), "\x1b[1m\x1b[31merror\x1b[0m") {
		t.Error("no red error with Color")
	}
}

func TestJSONContract(t *testing.T) {
	var doc struct {
		Findings []map[string]any `json:"findings"`
		Plan     map[string]any   `json:"plan"`
	}
	if err := json.Unmarshal(render(t, Options{Format: "json"}), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Findings) != 5 || doc.Plan["kind"] != "table-scan" {
		t.Fatalf("doc = %+v", doc)
	}
	for _, f := range doc.Findings {
		for _, k := range []string{"rule", "name", "severity", "message", "file", "line", "col"} {
			if _, ok := f[k]; !ok {
				t.Errorf("finding %v lacks %q", f, k)
			}
		}
	}
	if f := doc.Findings[0]; f["rule"] != "TL201" || f["name"] != "key-invalid-char" || f["severity"] != "error" {
		t.Errorf("first finding = %v", f)
	}
}

func TestGitHubEscaping(t *testing.T) {
	out := string(render(t, Options{Format: "github"}))
	want := "::notice file=designs/hr.tablelint.yaml,line=3,col=3,title=TL303::partition-scan: query reads a whole partition, 100%25 of it: fine, or not?%0Ahint: "
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if !strings.Contains(out, "::error line=1,col=17,endLine=1,endColumn=29,title=TL201::") {
		t.Errorf("filter finding without file property wrong:\n%s", out)
	}
	if got := escapeProperty("a:b,c%d\ne"); got != "a%3Ab%2Cc%25d%0Ae" {
		t.Errorf("escapeProperty = %q", got)
	}
}

func TestUTF16Column(t *testing.T) {
	for _, tc := range []struct {
		text string
		col  int
		want int
	}{
		{"abc", 1, 1},
		{"abc", 3, 3},
		{"abc", 6, 6},   // past the end: one unit per byte
		{"é=1", 3, 2},   // é is 2 bytes, 1 unit
		{"日本x", 7, 3},   // 3 bytes each, 1 unit each
		{"😀x", 5, 3},    // 4 bytes, 2 units (surrogate pair)
		{"😀x", 3, 3},    // inside the emoji: counts it
		{"\xffx", 2, 2}, // invalid byte: one unit
		{"", 0, 1},
	} {
		if got := UTF16Column(tc.text, tc.col); got != tc.want {
			t.Errorf("UTF16Column(%q, %d) = %d, want %d", tc.text, tc.col, got, tc.want)
		}
	}
}

// sarifLog is the part of a SARIF log the tests look at.
type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		ColumnKind string `json:"columnKind"`
		Tool       struct {
			Driver struct {
				Rules []struct {
					ID                   string            `json:"id"`
					Name                 string            `json:"name"`
					ShortDescription     map[string]string `json:"shortDescription"`
					FullDescription      map[string]string `json:"fullDescription"`
					Help                 map[string]string `json:"help"`
					HelpURI              string            `json:"helpUri"`
					DefaultConfiguration map[string]any    `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation map[string]any `json:"artifactLocation"`
					Region           map[string]int `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

func TestSARIFContent(t *testing.T) {
	var log sarifLog
	if err := json.Unmarshal(render(t, Options{Format: "sarif"}), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("log = %+v", log)
	}
	run := log.Runs[0]
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind = %q", run.ColumnKind)
	}
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		rule := rules.MustGet(r.ID)
		if r.Name != rule.Name || r.ShortDescription["text"] != rule.Title || r.FullDescription["text"] == "" ||
			r.Help["text"] == "" || !strings.HasPrefix(r.Help["markdown"], "# "+r.ID) ||
			r.HelpURI != "https://github.com/tablelint/tablelint/blob/main/docs/rules/"+r.ID+".md" ||
			r.DefaultConfiguration["level"] != sarifLevel(rule.Severity) {
			t.Errorf("rule %s incomplete: %+v", r.ID, r)
		}
	}
	if got := strings.Join(ids, ","); got != "TL201,TL301,TL303,TL304,TL902" {
		t.Errorf("rules = %s", got)
	}
	levels := map[string]string{}
	for _, res := range run.Results {
		if run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("ruleIndex %d does not point at %s", res.RuleIndex, res.RuleID)
		}
		levels[res.RuleID] = res.Level
		if len(res.Locations) != 1 || res.Locations[0].PhysicalLocation.Region["startLine"] < 1 {
			t.Errorf("result %s has no region", res.RuleID)
		}
	}
	if fmt.Sprint(levels) != "map[TL201:error TL301:warning TL303:note TL304:warning TL902:warning]" {
		t.Errorf("levels = %v", levels)
	}
	// TL301 is at byte column 36 of `  Employés: {note: "日本 😀", q: …`:
	// é is 2 bytes, 日 and 本 3 each, 😀 4 bytes and 2 UTF-16 units.
	for _, res := range run.Results {
		if res.RuleID == "TL301" {
			reg := res.Locations[0].PhysicalLocation.Region
			if reg["startColumn"] != 36-1-4-2 || reg["endColumn"] != 53-1-4-2 {
				t.Errorf("TL301 region = %v, want UTF-16 columns 29..46", reg)
			}
			if uri := res.Locations[0].PhysicalLocation.ArtifactLocation["uri"]; uri != "designs/hr.tablelint.yaml" {
				t.Errorf("uri = %v", uri)
			}
		}
	}
}

// TestSARIFValidatesAgainstSchema validates the SARIF output against the
// SARIF 2.1.0 JSON Schema (testdata/README.md says where it comes from).
func TestSARIFValidatesAgainstSchema(t *testing.T) {
	schemaFile := filepath.Join("testdata", "sarif-2.1.0-rtm.5.json")
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, out []byte) {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s does not validate against the SARIF 2.1.0 schema: %v", name, err)
		}
	}
	check("fixed findings", render(t, Options{Format: "sarif"}))
	var empty bytes.Buffer
	if err := Write(&empty, Result{}, Options{Format: "sarif"}); err != nil {
		t.Fatal(err)
	}
	check("no findings", empty.Bytes())
	var hostile bytes.Buffer
	if err := Write(&hostile, hostileResult(), Options{Format: "sarif", BaseDir: "/work/src", CommandLine: []string{"tablelint", "check", "./..."}, ToolVersion: "v0.1.0"}); err != nil {
		t.Fatal(err)
	}
	check("errors and suppressions", hostile.Bytes())
	// The validator does reject invalid logs.
	bad := bytes.Replace(render(t, Options{Format: "sarif"}), []byte(`"level": "note"`), []byte(`"level": "info"`), 1)
	inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(bad))
	if sch.Validate(inst) == nil {
		t.Error("schema accepted level \"info\"")
	}
}

func TestExitCode(t *testing.T) {
	fs := fixedFindings()
	for _, tc := range []struct {
		failOn rules.Severity
		want   int
	}{{rules.Error, 1}, {rules.Warning, 1}, {rules.Info, 1}} {
		if got := ExitCode(fs, tc.failOn); got != tc.want {
			t.Errorf("ExitCode(fail-on %v) = %d", tc.failOn, got)
		}
	}
	info := fs[2:3] // TL303 at info
	if ExitCode(info, rules.Warning) != 0 || ExitCode(info, rules.Info) != 1 || ExitCode(nil, rules.Info) != 0 {
		t.Error("ExitCode wrong for an info finding")
	}
}

func TestUnknownFormat(t *testing.T) {
	if err := Write(io.Discard, Result{}, Options{Format: "xml"}); err == nil {
		t.Error("xml accepted")
	}
}

// TestSARIFCompleteness checks what code scanning needs beyond the
// schema: SRCROOT-based URIs, the invocation and its notifications for
// inputs that could not be checked, suppressed results, and the security
// properties of TL321.
func TestSARIFCompleteness(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, hostileResult(), Options{Format: "sarif", BaseDir: "/work/src", CommandLine: []string{"tablelint", "check"}, ToolVersion: "v0.1.0"}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Tool               struct {
				Driver struct {
					Version string
					Rules   []struct {
						ID         string
						Properties map[string]any
					}
				}
			}
			Invocations []struct {
				ExecutionSuccessful        *bool `json:"executionSuccessful"`
				Arguments                  []string
				ToolExecutionNotifications []struct {
					Level   string
					Message struct{ Text string }
				} `json:"toolExecutionNotifications"`
			}
			Results []struct {
				RuleID       string
				Suppressions []struct{ Kind string }
				Locations    []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string
							URIBaseID string `json:"uriBaseId"`
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte("null")) {
		t.Errorf("SARIF holds null members:\n%s", b.Bytes())
	}
	run := log.Runs[0]
	if run.OriginalURIBaseIDs["SRCROOT"].URI != "file:///work/src/" {
		t.Errorf("originalUriBaseIds = %+v", run.OriginalURIBaseIDs)
	}
	if run.Tool.Driver.Version != "v0.1.0" {
		t.Errorf("driver version %q", run.Tool.Driver.Version)
	}
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful == nil || *run.Invocations[0].ExecutionSuccessful ||
		len(run.Invocations[0].ToolExecutionNotifications) != 2 || run.Invocations[0].ToolExecutionNotifications[0].Level != "error" {
		t.Errorf("invocations = %+v", run.Invocations)
	}
	if len(run.Results) != 2 || len(run.Results[0].Suppressions) != 0 || len(run.Results[1].Suppressions) != 1 || run.Results[1].Suppressions[0].Kind != "inSource" {
		t.Errorf("results = %+v", run.Results)
	}
	if loc := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation; loc.URIBaseID != "SRCROOT" || loc.URI != "pkg/store/store.go" {
		t.Errorf("location = %+v", loc)
	}
	var sec map[string]any
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "TL321" {
			sec = r.Properties
		}
	}
	if sec["security-severity"] != "7.5" || fmt.Sprint(sec["tags"]) != "[security external/cwe/cwe-943]" {
		t.Errorf("TL321 properties = %v", sec)
	}
	// Without errors the invocation is successful.
	var ok bytes.Buffer
	if err := Write(&ok, Result{}, Options{Format: "sarif"}); err != nil || !bytes.Contains(ok.Bytes(), []byte(`"executionSuccessful": true`)) {
		t.Errorf("empty run: %v\n%s", err, ok.Bytes())
	}
}

// TestSourceLinesReadsNoFile: columns of a file the command did not
// register stay byte columns, and the file is never opened (a FIFO would
// hang).
func TestSourceLinesReadsNoFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.go")
	if err := os.WriteFile(p, []byte("x := \"é\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := SourceLines(map[string]string{"b.go": "é = 1"})
	if _, ok := lines(p, 1); ok {
		t.Errorf("SourceLines read %s from disk", p)
	}
	if text, ok := lines("b.go", 1); !ok || text != "é = 1" {
		t.Errorf("registered source: %q %v", text, ok)
	}
}

// TestTextEscapesControl: control characters from inputs reach the
// terminal as escapes, in messages, hints, file names and errors.
func TestTextEscapesControl(t *testing.T) {
	var b, gh bytes.Buffer
	if err := Write(&b, hostileResult(), Options{Format: "text"}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&gh, hostileResult(), Options{Format: "github"}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(gh.String(), "\x1b\x07") {
		t.Errorf("raw control characters in workflow commands: %q", gh.String())
	}
	out := b.String()
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("raw control characters in text output: %q", out)
	}
	if !strings.Contains(out, `\x1b]0;pwned\x07`) {
		t.Errorf("escaped text missing: %q", out)
	}
	for in, want := range map[string]string{
		"a\x1b[2Jb":      `a\x1b[2Jb`,
		"tab\there":      `tab\x09here`,
		"\u202eevil":     `\u202eevil`,
		"c1\u009b":       `c1\u009b`,
		"Zoë 日本 😀 plain": "Zoë 日本 😀 plain",
	} {
		if got := EscapeControl(in); got != want {
			t.Errorf("EscapeControl(%q) = %q, want %q", in, got, want)
		}
	}
}
