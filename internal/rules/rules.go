// Package rules is the registry of tablelint's rules: one entry per rule
// with its stable ID, kebab-case name, default severity, what it applies
// to, and its documentation. Every finding names a rule from here, and
// `tablelint rules`, `tablelint doc`, the generated docs/rules pages and
// the SARIF rules[] all come from these entries.
package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Severity is how serious a finding is.
type Severity uint8

// The severities, least serious first. Off disables a rule.
const (
	Off Severity = iota
	Info
	Warning
	Error
)

var severityNames = [...]string{Off: "off", Info: "info", Warning: "warning", Error: "error"}

// String returns "off", "info", "warning" or "error".
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// ParseSeverity parses a severity name.
func ParseSeverity(s string) (Severity, error) {
	for i, n := range severityNames {
		if n == s {
			return Severity(i), nil
		}
	}
	return Off, fmt.Errorf("unknown severity %q (want off, info, warning or error)", s)
}

// Target is a kind of input a rule applies to.
type Target string

// The targets.
const (
	Filter Target = "filter" // a $filter string (explain, designs, Go code)
	Design Target = "design" // a YAML design file
	GoCode Target = "go"     // Go code using the Azure Tables SDK
	Replay Target = "replay" // a replayed workload
)

// Rule documents one rule.
type Rule struct {
	ID       string   // "TL301", stable forever
	Name     string   // "table-scan", kebab-case
	Title    string   // one line
	Severity Severity // default severity
	Targets  []Target
	// Rationale explains why the rule exists, in Markdown.
	Rationale string
	// Source is the quote from the Table storage documentation that
	// grounds the rule, with its citation key.
	Source string
	// Bad and Good are examples of code, filters or designs.
	Bad, Good string
	// Hint is a one-line fix suggestion shown under text findings.
	Hint string
	// Options documents the rule's configuration options, if any.
	Options string
	// Since is the tablelint version the rule first appeared in.
	Since string
	// Security, when set, marks a rule whose findings are
	// vulnerabilities: code scanning lists them as security alerts.
	Security *Security
}

// Security describes a security rule for code scanning.
type Security struct {
	// Severity is a CVSS-like score from 0.1 to 10.0 ("7.5"): GitHub
	// ranks 9.0 and above critical, 7.0 high, 4.0 medium, lower low.
	Severity string
	// CWEs are the weaknesses the rule finds ("CWE-943").
	CWEs []string
}

// Tags returns the code-scanning tags of a security rule: "security" and
// one "external/cwe/cwe-N" per weakness.
func (s *Security) Tags() []string {
	tags := []string{"security"}
	for _, c := range s.CWEs {
		tags = append(tags, "external/cwe/"+strings.ToLower(c))
	}
	return tags
}

var registry = map[string]*Rule{}

// Register adds rules to the registry. It panics on a duplicate ID or name,
// which is a programming error.
func Register(rs ...*Rule) {
	for _, r := range rs {
		if _, dup := registry[r.ID]; dup {
			panic("rules: duplicate rule ID " + r.ID)
		}
		for _, o := range registry {
			if o.Name == r.Name {
				panic("rules: duplicate rule name " + r.Name)
			}
		}
		registry[r.ID] = r
	}
}

// Get returns the rule with the given ID ("TL301") or name ("table-scan").
func Get(idOrName string) (*Rule, bool) {
	if r, ok := registry[strings.ToUpper(idOrName)]; ok {
		return r, true
	}
	for _, r := range registry {
		if r.Name == idOrName {
			return r, true
		}
	}
	return nil, false
}

// MustGet returns the rule with the given ID and panics if there is none.
func MustGet(id string) *Rule {
	r, ok := registry[id]
	if !ok {
		panic("rules: unknown rule " + id)
	}
	return r
}

// All returns every rule, ordered by ID.
func All() []*Rule {
	out := make([]*Rule, 0, len(registry))
	for _, r := range registry {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Names returns every rule ID and name, for Closest.
func Names() []string {
	var out []string
	for _, r := range All() {
		out = append(out, r.ID, r.Name)
	}
	return out
}
