// Package report writes findings in the formats users read them in: text
// for terminals and CI logs, JSON for scripts (a stable format), SARIF 2.1.0
// for code scanning and GitHub workflow commands; and decides the exit
// code.
package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
)

// Formats lists the output formats.
var Formats = []string{"text", "json", "sarif", "github"}

// Result is what one command reports.
type Result struct {
	Findings []finding.Finding
	// Extra holds additional top-level JSON fields ("plan", "queries",
	// "entities"), in the order they should appear.
	Extra []Field
	// Text writes command-specific text output (plans, tables) after the
	// findings in text format.
	Text func(w io.Writer) error
	// Suppressed is how many findings directives suppressed; the text
	// summary mentions it.
	Suppressed int
	// SuppressedFindings are the findings directives suppressed, when the
	// command kept them: SARIF reports them as results with an in-source
	// suppression, so code scanning shows them as dismissed.
	SuppressedFindings []finding.Finding
	// Errors are inputs that could not be checked (a package that does
	// not compile, a design that does not load). They are reported beside
	// the findings of the other inputs, never instead of them.
	Errors []InputError
}

// InputError is an input that could not be checked, with the place of
// the problem when known (Line 0: the whole file).
type InputError struct {
	File      string
	Line, Col int
	Message   string
}

// String returns "file:line:col: message" (or "file: message"); a
// filter given on the command line is "<filter>".
func (e InputError) String() string {
	switch {
	case e.File == "" && e.Line > 0:
		return fmt.Sprintf("<filter>:%d:%d: %s", e.Line, max(e.Col, 1), e.Message)
	case e.File == "":
		return e.Message
	case e.Line <= 0:
		return e.File + ": " + e.Message
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, max(e.Col, 1), e.Message)
}

// Field is a named JSON value.
type Field struct {
	Name  string
	Value any
}

// Options control the output.
type Options struct {
	Format string // text (default), json, sarif, github
	Color  bool   // colour in text output
	// LineText returns the text of a line (1-based) of a file, without
	// its newline, for converting byte columns into the UTF-16 columns
	// SARIF requires. Nil, or ok false, means columns are assumed to be
	// ASCII. SourceLines makes one from content already read.
	LineText func(file string, line int) (text string, ok bool)
	// ToolVersion is tablelint's version, for SARIF.
	ToolVersion string
	// BaseDir is the absolute directory relative paths are relative to
	// (the working directory): SARIF names it as the SRCROOT base.
	BaseDir string
	// CommandLine is the command line, for SARIF's invocation.
	CommandLine []string
	// Command is the command that reports ("check", "review"): SARIF's
	// automationDetails.id is made of it (AutomationID).
	Command string
}

// Write writes r to w in the chosen format. The findings are sorted.
func Write(w io.Writer, r Result, opt Options) error {
	finding.Sort(r.Findings)
	switch opt.Format {
	case "", "text":
		return writeText(w, r, opt)
	case "json":
		return writeJSON(w, r)
	case "sarif":
		return writeSARIF(w, r, opt)
	case "github":
		return writeGitHub(w, r)
	}
	return fmt.Errorf("unknown format %q (want %s)", opt.Format, strings.Join(Formats, ", "))
}

// hint returns the finding's hint, or its rule's.
// docURL returns the documentation page of f's rule, or "".
func docURL(f finding.Finding) string {
	if r, ok := rules.Get(f.Rule); ok {
		return r.DocURL()
	}
	return ""
}

func hint(f finding.Finding) string {
	if f.Hint != "" {
		return f.Hint
	}
	if r, ok := rules.Get(f.Rule); ok {
		return r.Hint
	}
	return ""
}

// Summary returns "no findings" or "3 findings: 1 error, 2 warnings".
func Summary(fs []finding.Finding) string {
	if len(fs) == 0 {
		return "no findings"
	}
	var counts [rules.Error + 1]int
	for _, f := range fs {
		if f.Severity <= rules.Error {
			counts[f.Severity]++
		}
	}
	var parts []string
	for _, s := range []rules.Severity{rules.Error, rules.Warning, rules.Info} {
		if n := counts[s]; n > 0 {
			parts = append(parts, plural(n, s.String()))
		}
	}
	return plural(len(fs), "finding") + ": " + strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// ExitCode returns 1 if any finding is at or above failOn, else 0.
func ExitCode(fs []finding.Finding, failOn rules.Severity) int {
	for _, f := range fs {
		if f.Severity >= failOn && f.Severity != rules.Off {
			return 1
		}
	}
	return 0
}
