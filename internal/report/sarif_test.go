package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
)

// genericLog is a SARIF log read without a schema of our own.
type genericLog struct {
	Runs []struct {
		AutomationDetails *struct {
			ID string `json:"id"`
		} `json:"automationDetails"`
		Tool struct {
			Driver struct {
				Rules []struct {
					ID              string            `json:"id"`
					FullDescription map[string]string `json:"fullDescription"`
					Help            map[string]string `json:"help"`
					Properties      map[string]any    `json:"properties"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Artifacts []struct {
			Location map[string]any    `json:"location"`
			Contents map[string]string `json:"contents"`
		} `json:"artifacts"`
		Results []struct {
			RuleID              string            `json:"ruleId"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Suppressions        []map[string]any  `json:"suppressions"`
			Locations           []struct {
				PhysicalLocation struct {
					ArtifactLocation map[string]any `json:"artifactLocation"`
					Region           map[string]int `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

func writeLog(t *testing.T, r Result, opt Options) genericLog {
	t.Helper()
	opt.Format = "sarif"
	var b bytes.Buffer
	if err := Write(&b, r, opt); err != nil {
		t.Fatal(err)
	}
	var log genericLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs", len(log.Runs))
	}
	return log
}

// TestSARIFAutomationID: each command's run has an id of its own, so
// code scanning keeps check's and review's results apart.
func TestSARIFAutomationID(t *testing.T) {
	for _, cmd := range []string{"check", "review", "explain", "replay"} {
		log := writeLog(t, Result{}, Options{Command: cmd})
		if ad := log.Runs[0].AutomationDetails; ad == nil || ad.ID != "tablelint/"+cmd+"/" {
			t.Errorf("%s: automationDetails = %+v", cmd, ad)
		}
	}
}

// TestSARIFFingerprintsSurviveLineShifts: lines added above a finding
// move it, but its partial fingerprint stays; two findings of one rule on
// identical lines get different ones.
func TestSARIFFingerprintsSurviveLineShifts(t *testing.T) {
	src := "package p\n\nfunc f() {\n\tq := \"PartitionKey ne 'a'\"\n\tq = \"PartitionKey ne 'a'\"\n}\n"
	mk := func(line int) finding.Finding {
		f := finding.New("TL301", "filter reads the whole table (line 3)")
		f.File, f.Line, f.Col = "p/p.go", line, 7
		return f
	}
	prints := func(src string, shift int) []string {
		lt := SourceLines(map[string]string{"p/p.go": src})
		log := writeLog(t, Result{Findings: []finding.Finding{mk(4 + shift), mk(5 + shift)}}, Options{LineText: lt})
		var out []string
		for _, r := range log.Runs[0].Results {
			out = append(out, r.PartialFingerprints[FingerprintKey])
		}
		return out
	}
	before := prints(src, 0)
	after := prints("// Package p.\n//\n"+strings.Replace(src, "func f() {", "// f.\nfunc f() {", 1), 3)
	if len(before) != 2 || before[0] == "" || before[0] == before[1] {
		t.Fatalf("fingerprints %q: want two distinct", before)
	}
	if strings.Join(before, ",") != strings.Join(after, ",") {
		t.Errorf("fingerprints changed when lines moved: %q → %q", before, after)
	}
	// A change of the line itself is a new result.
	changed := prints(strings.Replace(src, "\tq := \"PartitionKey ne 'a'\"", "\tq := \"RowKey ne 'a'\"", 1), 0)
	if changed[0] == before[0] {
		t.Errorf("fingerprint kept when the finding's line changed")
	}
}

// TestSARIFRegionsHaveEnds: every region has an end, a finding without
// one ending at the end of its line.
func TestSARIFRegionsHaveEnds(t *testing.T) {
	log := writeLog(t, fixedResult(), Options{LineText: SourceLines(sources)})
	for _, r := range log.Runs[0].Results {
		reg := r.Locations[0].PhysicalLocation.Region
		if reg["endLine"] < reg["startLine"] || reg["endColumn"] == 0 {
			t.Errorf("%s: region %v has no end", r.RuleID, reg)
		}
		if r.RuleID == "TL303" { // line 3 of the design, col 3, no end given
			want := utf8RuneLenUTF16(strings.Split(sources["designs/hr.tablelint.yaml"], "\n")[2]) + 1
			if reg["endLine"] != 3 || reg["endColumn"] != want {
				t.Errorf("TL303 region %v, want the end of line 3 (column %d)", reg, want)
			}
		}
	}
}

func utf8RuneLenUTF16(s string) int { return UTF16Column(s, len(s)+1) - 1 }

// TestSARIFEveryLocationHasURI: the filter of explain is an artifact of
// the run, with its text; every location names a URI.
func TestSARIFEveryLocationHasURI(t *testing.T) {
	r := hostileResult()
	r.Findings = append(r.Findings, fixedFindings()...)
	r.Errors = append(r.Errors, InputError{Line: 1, Col: 3, Message: "invalid filter"})
	log := writeLog(t, r, Options{LineText: SourceLines(sources)})
	run := log.Runs[0]
	for _, res := range run.Results {
		if uri, _ := res.Locations[0].PhysicalLocation.ArtifactLocation["uri"].(string); uri == "" {
			t.Errorf("%s: location without a URI", res.RuleID)
		}
	}
	if len(run.Artifacts) != 1 || run.Artifacts[0].Location["uri"] != "%3Cfilter%3E" || run.Artifacts[0].Contents["text"] != sources[""] {
		t.Errorf("artifacts = %+v, want the filter with its text", run.Artifacts)
	}
}

// TestSARIFSuppressed: suppressed findings are results with an in-source
// suppression, beside the others.
func TestSARIFSuppressed(t *testing.T) {
	log := writeLog(t, hostileResult(), Options{})
	var sup int
	for _, r := range log.Runs[0].Results {
		if len(r.Suppressions) > 0 {
			sup++
			if r.Suppressions[0]["kind"] != "inSource" {
				t.Errorf("suppression %v", r.Suppressions[0])
			}
		}
	}
	if sup != 1 {
		t.Errorf("%d suppressed results, want 1", sup)
	}
}

// TestSARIFRuleDescriptors: every rule's fullDescription fits GitHub's
// 1,024 characters, its help holds the whole documentation, and every
// security rule has a security-severity and the security tag.
func TestSARIFRuleDescriptors(t *testing.T) {
	var all []finding.Finding
	for _, r := range rules.All() {
		f := finding.New(r.ID, "m")
		f.File, f.Line = "x.go", 1
		all = append(all, f)
	}
	log := writeLog(t, Result{Findings: all}, Options{})
	secure := 0
	for _, d := range log.Runs[0].Tool.Driver.Rules {
		r := rules.MustGet(d.ID)
		full := d.FullDescription["text"]
		if n := utf8.RuneCountInString(full); n == 0 || n > MaxFullDescription {
			t.Errorf("%s: fullDescription has %d characters", d.ID, n)
		}
		if d.Help["markdown"] != r.Markdown() || !strings.Contains(strings.Join(strings.Fields(d.Help["text"]), " "), strings.Join(strings.Fields(firstSentence(r.Rationale)), " ")) {
			t.Errorf("%s: help is not the whole documentation", d.ID)
		}
		tags, _ := d.Properties["tags"].([]any)
		hasTag := len(tags) > 0 && tags[0] == "security"
		if r.Security != nil {
			secure++
			if d.Properties["security-severity"] != r.Security.Severity || !hasTag {
				t.Errorf("%s: security rule with properties %v", d.ID, d.Properties)
			}
		} else if hasTag || d.Properties["security-severity"] != nil {
			t.Errorf("%s: not a security rule but has %v", d.ID, d.Properties)
		}
	}
	if secure < 3 {
		t.Errorf("%d security rules, want TL321, TL601 and TL602 at least", secure)
	}
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i > 0 {
		return s[:i]
	}
	return s
}

func TestFullDescription(t *testing.T) {
	long := strings.Repeat("A sentence of some length. ", 60) + "\n\nSecond paragraph."
	got := FullDescription(long)
	if n := utf8.RuneCountInString(got); n > MaxFullDescription || !strings.HasSuffix(got, ".") {
		t.Errorf("FullDescription = %d characters ending %q", n, got[len(got)-10:])
	}
	word := strings.Repeat("word ", 300)
	if got := FullDescription(word); utf8.RuneCountInString(got) > MaxFullDescription || !strings.HasSuffix(got, "word…") {
		t.Errorf("FullDescription without sentences = …%q", got[len(got)-12:])
	}
	if got := FullDescription("Short.\n\nSilent when…"); got != "Short." {
		t.Errorf("FullDescription = %q, want the first paragraph", got)
	}
}
