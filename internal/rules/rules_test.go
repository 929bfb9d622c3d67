package rules

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRegistryEntries checks every registered rule is complete: ID TLnnn,
// kebab-case name, title, rationale, source, bad and good examples and
// the version it appeared in.
func TestRegistryEntries(t *testing.T) {
	all := All()
	if len(all) == 0 {
		t.Fatal("registry is empty")
	}
	for _, r := range all {
		if err := r.Validate(); err != nil {
			t.Error(err)
		}
		if got, ok := Get(r.ID); !ok || got != r {
			t.Errorf("Get(%q) does not return the rule", r.ID)
		}
		if got, ok := Get(r.Name); !ok || got != r {
			t.Errorf("Get(%q) does not return %s", r.Name, r.ID)
		}
	}
}

func TestValidateRejects(t *testing.T) {
	good := Rule{ID: "TL999", Name: "some-rule", Title: "t", Severity: Warning, Targets: []Target{Design},
		Rationale: "r", Source: "s", Bad: "b", Good: "g", Since: "0.1.0"}
	if err := good.Validate(); err != nil {
		t.Fatalf("valid rule rejected: %v", err)
	}
	for name, mut := range map[string]func(*Rule){
		"lower-case id":   func(r *Rule) { r.ID = "tl999" },
		"short id":        func(r *Rule) { r.ID = "TL99" },
		"camel name":      func(r *Rule) { r.Name = "someRule" },
		"trailing dash":   func(r *Rule) { r.Name = "some-" },
		"no title":        func(r *Rule) { r.Title = "" },
		"no rationale":    func(r *Rule) { r.Rationale = " " },
		"no source":       func(r *Rule) { r.Source = "" },
		"no bad":          func(r *Rule) { r.Bad = "" },
		"no good":         func(r *Rule) { r.Good = "" },
		"no since":        func(r *Rule) { r.Since = "" },
		"off by default":  func(r *Rule) { r.Severity = Off },
		"no targets":      func(r *Rule) { r.Targets = nil },
		"unknown target":  func(r *Rule) { r.Targets = []Target{"yaml"} },
		"multiline title": func(r *Rule) { r.Title = "a\nb" },
	} {
		r := good
		mut(&r)
		if r.Validate() == nil {
			t.Errorf("%s: Validate accepted %+v", name, r)
		}
	}
}

// publishedRules are the rule IDs (and, where they are fixed, names) that
// users' configurations and suppressions refer to: they must stay.
var publishedRules = map[string]string{
	"TL101": "table-name-invalid", "TL102": "table-name-reserved",
	"TL110": "", "TL111": "", "TL112": "property-name-dash", "TL113": "",
	"TL120": "too-many-properties", "TL121": "entity-too-large",
	"TL122": "string-value-too-large", "TL123": "binary-value-too-large",
	"TL201": "key-invalid-char", "TL202": "key-too-long", "TL204": "numeric-key-unpadded",
	"TL205": "reverse-ticks-unpadded", "TL209": "time-based-partition-key",
	"TL301": "table-scan", "TL303": "partition-scan", "TL304": "or-on-rowkey",
	"TL306": "unsupported-operator", "TL307": "continuation-ignored", "TL321": "filter-injection",
	"TL322": "too-many-comparisons", "TL323": "literal-type-mismatch",
	"TL401": "batch-too-many", "TL403": "batch-cross-partition", "TL501": "hot-partition",
}

// TestContractRulesRegistered checks every published rule ID is still
// registered, with its published name where one is fixed.
func TestPublishedRulesRegistered(t *testing.T) {
	var missing []string
	for id, name := range publishedRules {
		r, ok := Get(id)
		if !ok {
			missing = append(missing, id)
			continue
		}
		if name != "" && r.Name != name {
			t.Errorf("%s is named %q; the published name is %q", id, r.Name, name)
		}
	}
	if len(missing) == 0 {
		return
	}
	slices.Sort(missing)
	t.Errorf("published rules not registered: %s", strings.Join(missing, " "))
}

// TestDocsUpToDate fails when docs/rules differs from what the registry
// generates. Fix it with `go generate ./internal/rules`.
func TestDocsUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "rules")
	want := DocFiles()
	for name, content := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("docs/rules/%s: %v (run go generate ./internal/rules)", name, err)
			continue
		}
		if string(got) != content {
			t.Errorf("docs/rules/%s is stale (run go generate ./internal/rules)", name)
		}
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "TL*.md"))
	for _, p := range pages {
		if _, ok := want[filepath.Base(p)]; !ok {
			t.Errorf("docs/rules/%s documents no registered rule (run go generate ./internal/rules)", filepath.Base(p))
		}
	}
}

func TestMarkdownPage(t *testing.T) {
	r := MustGet("TL301")
	md := r.Markdown()
	for _, want := range []string{"# TL301 table-scan\n", "| Default severity | warning |", "## Bad\n\n```\nLastName eq 'Jones'\n```",
		"> \"A table scan doesn't include the PartitionKey", "`//tablelint:ignore TL301 reason`", "`# tablelint:ignore TL301 reason`"} {
		if !strings.Contains(md, want) {
			t.Errorf("TL301 page lacks %q:\n%s", want, md)
		}
	}
	txt := r.Text(60)
	for _, l := range strings.Split(txt, "\n") {
		if len(l) > 60 && !strings.Contains(l, "http") && !strings.HasPrefix(l, "    ") {
			if len(strings.Fields(l)) > 1 {
				t.Errorf("text line longer than 60 columns: %q", l)
			}
		}
	}
	if !strings.Contains(txt, "TL301 table-scan\n================\n") {
		t.Errorf("text page has no heading:\n%s", txt)
	}
}

func TestFenceLongerThanContent(t *testing.T) {
	if f := fence("a ``` b"); f != "````" {
		t.Errorf("fence = %q", f)
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []Severity{Off, Info, Warning, Error} {
		got, err := ParseSeverity(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Error("ParseSeverity accepted fatal")
	}
}

// unpublishedCitation matches references to documents a user cannot open:
// the keys and names of the project's internal source list, the internal
// spec's section marks, and issue numbers. The words are written with a
// character class ([a], [o]) so that this pattern is not itself read as
// such a reference.
var unpublishedCitation = regexp.MustCompile(`\[S\d|(?i)c[a]talogue|c[o]ntract §|\bissue #?\d|\bseeds?\b`)

// TestNoUnpublishedCitations fails when a rule's user-facing text cites
// something that is not published: quote the source and name its public
// title instead.
func TestNoUnpublishedCitations(t *testing.T) {
	for _, r := range All() {
		for field, text := range map[string]string{
			"Title": r.Title, "Rationale": r.Rationale, "Source": r.Source,
			"Bad": r.Bad, "Good": r.Good, "Hint": r.Hint, "Options": r.Options,
		} {
			if m := unpublishedCitation.FindString(text); m != "" {
				t.Errorf("%s %s cites %q, which users cannot open", r.ID, field, m)
			}
		}
	}
}
