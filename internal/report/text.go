package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
)

// ANSI escapes for colour output.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
)

func paint(on bool, code, s string) string {
	if !on {
		return s
	}
	return code + s + ansiReset
}

var severityColor = map[rules.Severity]string{
	rules.Error: ansiBold + ansiRed, rules.Warning: ansiYellow, rules.Info: ansiCyan,
}

// location returns FILE:LINE:COL, with "<filter>" for a filter given on
// the command line.
func location(f finding.Finding) string {
	file := f.File
	if file == "" {
		file = "<filter>"
	}
	return fmt.Sprintf("%s:%d:%d", EscapeControl(file), f.Line, f.Col)
}

func writeText(w io.Writer, r Result, opt Options) error {
	var b strings.Builder
	c := opt.Color
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "%s: %s %s %s\n", paint(c, ansiBold, location(f)),
			paint(c, severityColor[f.Severity], f.Severity.String()), paint(c, ansiDim, f.Rule), EscapeControl(f.Message))
		h := EscapeControl(hint(f))
		// The hint line ends with the rule's page, on every finding, so
		// that the output for several inputs is the outputs for each.
		if u := docURL(f); u != "" {
			if h != "" {
				h += " "
			}
			h += paint(c, ansiDim, "("+u+")")
		}
		if h != "" {
			fmt.Fprintf(&b, "    %s %s\n", paint(c, ansiDim, "hint:"), h)
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if r.Text != nil {
		if err := r.Text(w); err != nil {
			return err
		}
	}
	sum := Summary(r.Findings)
	if r.Suppressed > 0 {
		sum += fmt.Sprintf(" (%d suppressed)", r.Suppressed)
	}
	if n := len(r.Errors); n > 0 {
		sum += "; " + plural(n, "input") + " could not be checked"
	}
	_, err := fmt.Fprintln(w, paint(c, ansiBold, sum))
	return err
}
