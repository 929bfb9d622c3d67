// Package finding defines the finding that every part of tablelint
// reports: a rule, a severity, a message and the place it is about.
package finding

import (
	"cmp"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/tablelint/tablelint/internal/rules"
)

// Finding is one problem found in a filter, a design file, Go code or a
// replayed workload.
type Finding struct {
	Rule     string         // rule ID, "TL301"
	Severity rules.Severity // effective severity
	Message  string
	// Hint is an optional one-line suggestion; empty means the rule's
	// default hint.
	Hint string
	// File is the path the finding is in; "" for a filter given on the
	// command line (shown as "<filter>").
	File string
	// Line and Col are 1-based; Col counts bytes, as Go positions do.
	Line, Col int
	// EndLine and EndCol mark the end of the span, if known (0 otherwise).
	// EndCol is exclusive (the column just past the span, as SARIF's
	// endColumn), in bytes like Col.
	EndLine, EndCol int
}

// New returns a finding for rule id with the rule's default severity.
func New(id, msg string) Finding {
	return Finding{Rule: id, Severity: rules.MustGet(id).Severity, Message: msg}
}

// Name returns the rule's kebab-case name.
func (f Finding) Name() string {
	if r, ok := rules.Get(f.Rule); ok {
		return r.Name
	}
	return ""
}

// Sort orders findings by file, line, column and rule.
func Sort(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col), cmp.Compare(a.Rule, b.Rule))
	})
}

// MaxMessageLen bounds a finding's message, as go vet and staticcheck
// keep theirs: one clause that states the fact. Advice, numbers behind the
// fact and the plan go to the hint and the rule's page. Tests of every
// surface (analyzers, review, replay) check their messages against it.
const MaxMessageLen = 100

// CheckMessage returns an error when msg is longer than MaxMessageLen
// characters.
func CheckMessage(id, msg string) error {
	if n := utf8.RuneCountInString(msg); n > MaxMessageLen {
		return fmt.Errorf("%s message has %d characters, over %d: %q", id, n, MaxMessageLen, msg)
	}
	return nil
}

// MaxValueLen is how many characters of a value (a filter, an expression,
// a key) a finding message quotes; Clip shortens longer ones.
const MaxValueLen = 40

// Clip returns s, or its first MaxValueLen-1 characters and "…" when it is
// longer, so that messages quoting code or filters stay one short line.
func Clip(s string) string {
	if utf8.RuneCountInString(s) <= MaxValueLen {
		return s
	}
	n := 0
	for i := range s {
		if n == MaxValueLen-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// HintWith returns rule id's hint followed by detail about one finding
// (the numbers behind it), as a finding's Hint; detail alone when the
// rule has no hint.
func HintWith(id, detail string) string {
	if r, ok := rules.Get(id); ok && r.Hint != "" {
		return r.Hint + "; " + detail
	}
	return detail
}
