// Package diag reports tablelint findings from analyzers in one shape:
// the diagnostic's Category is the rule ID and its Message is the
// finding's message alone. The drivers that print diagnostics as text
// (go vet, the golangci-lint plugin) run the analyzers through Text,
// which starts each message with its rule ID ("TL309: …"); Split is the
// one parser of that text.
package diag

import (
	"fmt"
	"go/token"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/directives"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
)

// Diagnostic returns a diagnostic for rule id at [pos, end).
func Diagnostic(id string, pos, end token.Pos, format string, args ...any) analysis.Diagnostic {
	return analysis.Diagnostic{Pos: pos, End: end, Category: id, Message: fmt.Sprintf(format, args...)}
}

// Report reports a finding of rule id on the node's span.
func Report(pass *analysis.Pass, id string, n interface {
	Pos() token.Pos
	End() token.Pos
}, format string, args ...any) {
	pass.Report(Diagnostic(id, n.Pos(), n.End(), format, args...))
}

// A Line is one line of one file: where a rule that finds one write on
// several paths reports it once. A line number alone is not one: the
// files of a package share line numbers.
type Line struct {
	File string
	Line int
}

// LineOf returns the Line of pos.
func LineOf(fset *token.FileSet, pos token.Pos) Line {
	p := fset.Position(pos)
	return Line{File: p.Filename, Line: p.Line}
}

// ReportDiagnostic reports d (made by Diagnostic, with fixes added).
//
// Directives are applied in one place, analyzers/all, which runs every
// analyzer for every driver (check, go vet, the plugin) and drops the
// diagnostics a //tablelint:ignore directive covers.
func ReportDiagnostic(pass *analysis.Pass, d analysis.Diagnostic) {
	pass.Report(d)
}

// Suppressed reports whether a directive covers d, and records the use.
// It reads the directives analyzer's result: every analyzer in
// analyzers/all requires it. analyzers/all applies directives to what
// an analyzer reports; an analyzer asks only to plan around a finding
// that will not be reported (a suppressed finding's fix is not applied,
// so the fixes of the others must not rely on it). An analyzer run on
// its own that does not require the directives analyzer suppresses
// nothing.
func Suppressed(pass *analysis.Pass, d analysis.Diagnostic) bool {
	r, _ := pass.ResultOf[directives.Analyzer].(*directives.Result)
	return r.Suppress(d)
}

// Text returns a copy of a whose diagnostics' messages start with their
// rule ID, "TL309: …", as go vet and golangci-lint print a diagnostic's
// message without its Category. A diagnostic without a Category is
// reported as it is.
func Text(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	run := a.Run
	w.Run = func(pass *analysis.Pass) (any, error) {
		inner := *pass
		inner.Report = func(d analysis.Diagnostic) {
			if d.Category != "" {
				d.Message = d.Category + ": " + d.Message
			}
			pass.Report(d)
		}
		return run(&inner)
	}
	return &w
}

// Split returns the rule ID and the message of a diagnostic as Text
// reports it (or as an analyzer does: the prefix is optional); id is ""
// for diagnostics of no registered rule.
func Split(d analysis.Diagnostic) (id, msg string) {
	if d.Category != "" {
		if _, ok := rules.Get(d.Category); ok {
			return d.Category, strings.TrimPrefix(d.Message, d.Category+": ")
		}
	}
	return "", d.Message
}

// Enabled reports whether findings of rule id are reported given the
// analyzer's -info flag: info-severity rules are off unless asked for,
// so that go vet (which fails on any diagnostic) stays quiet about them.
func Enabled(id string, info bool) bool {
	r, ok := rules.Get(id)
	return ok && (r.Severity != rules.Info || info)
}

// InTestFile reports whether pos is in a _test.go file, for rules that
// stay silent in tests (made-up keys, retries turned off on purpose).
func InTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// Fit returns msg, or short when msg is longer than finding.MaxMessageLen:
// analyzers whose messages quote values (keys, types, expressions) pass a
// short form without them.
func Fit(msg, short string) string {
	if utf8.RuneCountInString(msg) > finding.MaxMessageLen {
		return short
	}
	return msg
}
