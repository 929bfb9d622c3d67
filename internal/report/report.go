// Package report writes findings in the formats users read them in: text
// for terminals and CI logs, JSON for scripts, SARIF for code scanning and
// GitHub workflow commands; and decides the exit code.
package report

import (
	"encoding/json"
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
}

// Write writes r to w in the chosen format.
func Write(w io.Writer, r Result, opt Options) error {
	finding.Sort(r.Findings)
	switch opt.Format {
	case "", "text":
		return writeText(w, r, opt)
	case "json":
		return writeJSON(w, r)
	}
	return fmt.Errorf("unknown format %q (want %s)", opt.Format, strings.Join(Formats, ", "))
}

func location(f finding.Finding) string {
	file := f.File
	if file == "" {
		file = "<filter>"
	}
	return fmt.Sprintf("%s:%d:%d", file, f.Line, f.Col)
}

func writeText(w io.Writer, r Result, opt Options) error {
	for _, f := range r.Findings {
		fmt.Fprintf(w, "%s: %s %s %s\n", location(f), f.Severity, f.Rule, f.Message)
		hint := f.Hint
		if hint == "" {
			if rule, ok := rules.Get(f.Rule); ok {
				hint = rule.Hint
			}
		}
		if hint != "" {
			fmt.Fprintf(w, "    hint: %s\n", hint)
		}
	}
	if r.Text != nil {
		if err := r.Text(w); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(w, Summary(r.Findings))
	return err
}

// Summary returns "no findings" or "3 findings: 1 error, 2 warnings".
func Summary(fs []finding.Finding) string {
	if len(fs) == 0 {
		return "no findings"
	}
	var counts [rules.Error + 1]int
	for _, f := range fs {
		counts[f.Severity]++
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

// JSONFinding is the JSON form of a finding (contract §2).
type JSONFinding struct {
	Rule     string `json:"rule"`
	Name     string `json:"name"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	EndLine  int    `json:"endLine,omitempty"`
	EndCol   int    `json:"endCol,omitempty"`
	Hint     string `json:"hint,omitempty"`
}

func writeJSON(w io.Writer, r Result) error {
	fs := make([]JSONFinding, 0, len(r.Findings))
	for _, f := range r.Findings {
		fs = append(fs, JSONFinding{Rule: f.Rule, Name: f.Name(), Severity: f.Severity.String(),
			Message: f.Message, File: f.File, Line: f.Line, Col: f.Col, EndLine: f.EndLine, EndCol: f.EndCol, Hint: f.Hint})
	}
	var b strings.Builder
	b.WriteString("{\n  \"findings\": ")
	if err := appendJSON(&b, fs); err != nil {
		return err
	}
	for _, x := range r.Extra {
		b.WriteString(",\n  " + quoteJSON(x.Name) + ": ")
		if err := appendJSON(&b, x.Value); err != nil {
			return err
		}
	}
	b.WriteString("\n}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func appendJSON(b *strings.Builder, v any) error {
	out, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil {
		return err
	}
	b.Write(out)
	return nil
}

func quoteJSON(s string) string {
	out, _ := json.Marshal(s)
	return string(out)
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
