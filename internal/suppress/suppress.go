// Package suppress implements tablelint's suppression directives:
//
//	//tablelint:ignore TL301[,TL304] reason      Go: this line or the next
//	//tablelint:file-ignore TL301 reason         Go: the whole file
//	# tablelint:ignore TL301 reason              design file: this node and its children
//	# tablelint:file-ignore TL301 reason         design file: the whole file
//
// Rules may be named by ID or by name. The reason is required. A
// directive without a reason (TL901), one that suppresses nothing
// (TL902) and one that cannot be understood (TL903) are findings
// themselves, as staticcheck does for its //lint:ignore.
//
// A Set collects directives from Go files (AddGo) and design files
// (AddYAML, or AddYAMLSpans with the caller's own line → node spans),
// removes the findings they cover (Apply) and then reports the
// directives' own problems (Problems).
package suppress

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
)

// Prefix starts every directive, after the comment marker.
const Prefix = "tablelint:"

// Kind is what a directive covers.
type Kind uint8

// The kinds of directive.
const (
	Lines Kind = iota // tablelint:ignore: lines From..To
	File              // tablelint:file-ignore: the whole file
)

// Directive is one suppression directive.
type Directive struct {
	File      string // the file it is in
	Line, Col int    // where the directive starts (the comment marker)
	Kind      Kind
	// From and To are the lines a Lines directive covers, inclusive.
	From, To int
	Rules    []string // rule IDs
	Reason   string
	// Problem, if not empty, says why the directive is malformed; such a
	// directive suppresses nothing and is reported as TL903.
	Problem string
	// Reported marks a directive whose own problems (TL901, TL903) are
	// reported by someone else (the directives analyzer, for Go files
	// checked by the analyzers): Problems leaves them out.
	Reported bool

	used map[string]bool
	// hits are the findings the directive suppressed before it was added
	// to a Set (by the analyzers), as "line:col:rule:message".
	hits map[string]bool
}

// Parse parses the text of a comment after its marker (`//` or `#`),
// such as "tablelint:ignore TL301 reason". ok is false when the text is
// not a directive at all. A malformed directive is returned with Problem
// set.
func Parse(text string) (d *Directive, ok bool) {
	text = strings.TrimSpace(text)
	rest, ok := strings.CutPrefix(text, Prefix)
	if !ok {
		return nil, false
	}
	d = &Directive{}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		d.Problem = "empty tablelint: directive: want tablelint:ignore or tablelint:file-ignore"
		return d, true
	}
	switch fields[0] {
	case "ignore":
		d.Kind = Lines
	case "file-ignore":
		d.Kind = File
	default:
		d.Problem = fmt.Sprintf("unknown directive tablelint:%s: want tablelint:ignore or tablelint:file-ignore", fields[0])
		return d, true
	}
	if len(fields) < 2 {
		d.Problem = fmt.Sprintf("tablelint:%s needs a rule list, such as TL301 or TL301,TL304", fields[0])
		return d, true
	}
	for _, name := range strings.Split(fields[1], ",") {
		if name == "" {
			continue
		}
		r, ok := rules.Get(name)
		if !ok {
			d.Problem = fmt.Sprintf("unknown rule %q in tablelint:%s", name, fields[0])
			return d, true
		}
		if !slices.Contains(d.Rules, r.ID) {
			d.Rules = append(d.Rules, r.ID)
		}
	}
	if len(d.Rules) == 0 {
		d.Problem = fmt.Sprintf("tablelint:%s needs a rule list, such as TL301 or TL301,TL304", fields[0])
		return d, true
	}
	d.Reason = strings.Join(fields[2:], " ")
	return d, true
}

// Set is the directives of a set of files.
type Set struct {
	byFile map[string][]*Directive
	all    []*Directive
	at     map[dirKey]*Directive
}

type dirKey struct {
	file      string
	line, col int
}

// New returns an empty set.
func New() *Set { return &Set{byFile: map[string][]*Directive{}, at: map[dirKey]*Directive{}} }

// Add adds a directive. Its File must name the file as findings do. A
// directive at a position already in the set (the same file analysed as
// part of a package and of its test variant) is merged into the first:
// what either suppressed counts as used, and its problems are reported
// once.
func (s *Set) Add(d *Directive) {
	if d.used == nil {
		d.used = map[string]bool{}
	}
	key := filepath.Clean(d.File)
	k := dirKey{key, d.Line, d.Col}
	if old := s.at[k]; old != nil {
		for id := range d.used {
			old.used[id] = true
		}
		for h := range d.hits {
			if old.hits == nil {
				old.hits = map[string]bool{}
			}
			old.hits[h] = true
		}
		return
	}
	s.at[k] = d
	s.byFile[key] = append(s.byFile[key], d)
	s.all = append(s.all, d)
}

// Covers reports whether d suppresses a finding of rule id on line. A
// malformed directive or one without a reason suppresses nothing, nor
// does any directive suppress the directive rules' own findings.
func (d *Directive) Covers(id string, line int) bool {
	if IsRule(id) || d.Problem != "" || strings.TrimSpace(d.Reason) == "" || !slices.Contains(d.Rules, id) {
		return false
	}
	return d.Kind == File || (line >= d.From && line <= d.To)
}

// Use records that d suppressed a finding of rule id at line:col with
// message msg. It is not safe for concurrent use: the directives
// analyzer serialises the analyzers' calls.
func (d *Directive) Use(id string, line, col int, msg string) {
	if d.used == nil {
		d.used = map[string]bool{}
	}
	if d.hits == nil {
		d.hits = map[string]bool{}
	}
	d.used[id] = true
	d.hits[fmt.Sprintf("%d:%d:%s:%s", line, col, id, msg)] = true
}

// Hits returns the findings d suppressed (recorded by Use), each as
// "line:col:rule:message", sorted: a driver that caches the analyzers'
// results stores them and replays them with Use.
func (d *Directive) Hits() []string {
	out := make([]string, 0, len(d.hits))
	for h := range d.hits {
		out = append(out, h)
	}
	slices.Sort(out)
	return out
}

// Suppressed returns how many distinct findings the set's directives
// suppressed before they were added (see Use).
func (s *Set) Suppressed() int {
	n := 0
	for _, d := range s.all {
		n += len(d.hits)
	}
	return n
}

// ParseHit splits a Hits entry, "line:col:rule:message".
func ParseHit(h string) (line, col int, rule, msg string, ok bool) {
	parts := strings.SplitN(h, ":", 4)
	if len(parts) != 4 {
		return 0, 0, "", "", false
	}
	line, err1 := strconv.Atoi(parts[0])
	col, err2 := strconv.Atoi(parts[1])
	return line, col, parts[2], parts[3], err1 == nil && err2 == nil
}

// SuppressedFindings returns the findings the set's directives
// suppressed before they were added (see Use), in the order of the
// directives, each at its place in the directive's file with its rule's
// default severity; a message that starts with its rule ID and ": " (as
// analyzers write them) loses that prefix. A driver that reports
// suppressed findings (SARIF's suppressions) reports these beside those
// Apply removed.
func (s *Set) SuppressedFindings() []finding.Finding {
	var out []finding.Finding
	for _, d := range s.all {
		hits := make([]string, 0, len(d.hits))
		for h := range d.hits {
			hits = append(hits, h)
		}
		slices.Sort(hits)
		for _, h := range hits {
			line, col, id, msg, ok := ParseHit(h)
			r, known := rules.Get(id)
			if !ok || !known {
				continue
			}
			out = append(out, finding.Finding{
				Rule: r.ID, Severity: r.Severity, File: d.File, Line: line, Col: col,
				Message: strings.TrimPrefix(msg, r.ID+": "),
			})
		}
	}
	return out
}

// Directives returns the directives in the order they were added.
func (s *Set) Directives() []*Directive { return s.all }

// covers reports whether d suppresses finding f. A malformed directive
// or one without a reason suppresses nothing (it is reported instead, as
// staticcheck does), so the reason requirement cannot be skipped.
func (d *Directive) covers(f *finding.Finding) bool { return d.Covers(f.Rule, f.Line) }

// Apply returns the findings no directive covers, and how many were
// suppressed. It records which directives were used, for Problems.
// Findings of the directive rules themselves (TL901–TL903) are never
// suppressed.
func (s *Set) Apply(fs []finding.Finding) (kept []finding.Finding, suppressed int) {
	kept = fs[:0:0]
	for i := range fs {
		f := &fs[i]
		hit := false
		if f.File != "" {
			for _, d := range s.byFile[filepath.Clean(f.File)] {
				if d.covers(f) {
					d.used[f.Rule] = true
					hit = true
				}
			}
		}
		if hit {
			suppressed++
		} else {
			kept = append(kept, *f)
		}
	}
	return kept, suppressed
}

// The directive rules.
const (
	RuleNoReason  = "TL901"
	RuleUnused    = "TL902"
	RuleMalformed = "TL903"
)

// IsRule reports whether id is one of the directive rules, which every
// surface that reads directives (Go code, design files) declares.
func IsRule(id string) bool { return id == RuleNoReason || id == RuleUnused || id == RuleMalformed }

func (d *Directive) verb() string {
	if d.Kind == File {
		return "tablelint:file-ignore"
	}
	return "tablelint:ignore"
}

// Malformed reports whether d cannot suppress anything because it is
// malformed (TL903) or has no reason (TL901), with the rule and message
// of the finding about it.
func (d *Directive) Malformed() (id, msg string, bad bool) {
	if d.Problem != "" {
		return RuleMalformed, d.Problem, true
	}
	if strings.TrimSpace(d.Reason) == "" {
		return RuleNoReason, fmt.Sprintf("%s %s has no reason, so it suppresses nothing", d.verb(), strings.Join(d.Rules, ",")), true
	}
	return "", "", false
}

// Problems returns the findings about the directives themselves:
// malformed ones (TL903), ones without a reason (TL901) and, after Apply,
// rules a directive names that suppressed nothing (TL902). A rule only
// counts as unused when ran(id) reports that the rule was run over the
// directive's file (nil ran: every rule ran). Call it after Apply has
// seen every finding.
func (s *Set) Problems(ran func(id string) bool) []finding.Finding {
	var out []finding.Finding
	at := func(d *Directive, id, msg string) {
		f := finding.New(id, msg)
		f.File, f.Line, f.Col = d.File, d.Line, d.Col
		out = append(out, f)
	}
	for _, d := range s.all {
		if id, msg, bad := d.Malformed(); bad {
			if !d.Reported {
				at(d, id, msg)
			}
			continue
		}
		verb := d.verb()
		for _, id := range d.Rules {
			if d.used[id] || (ran != nil && !ran(id)) {
				continue
			}
			where := "on this line or the next"
			switch {
			case d.Kind == File:
				where = "in this file"
			case d.From != d.Line || d.To != d.Line+1:
				if d.From == d.To {
					where = fmt.Sprintf("on line %d", d.From)
				} else {
					where = fmt.Sprintf("on lines %d-%d", d.From, d.To)
				}
			}
			at(d, RuleUnused, fmt.Sprintf("%s %s suppresses nothing: no %s finding %s", verb, id, id, where))
		}
	}
	finding.Sort(out)
	return out
}
