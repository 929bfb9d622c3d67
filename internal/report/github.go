package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
)

// writeGitHub writes GitHub Actions workflow commands, one per finding:
//
//	::error file=a.go,line=3,col=7,endLine=3,endColumn=12,title=TL301::message
//
// info findings become notices. The hint follows the message on a second
// line. A summary line ends the output (workflow logs show it as is).
func writeGitHub(w io.Writer, r Result) error {
	var b strings.Builder
	for _, f := range r.Findings {
		cmd := "warning"
		switch f.Severity {
		case rules.Error:
			cmd = "error"
		case rules.Info:
			cmd = "notice"
		}
		props := append(placeProperties(f), "title="+escapeProperty(f.Rule))
		// Workflow logs are terminals too: control characters escaped.
		msg := EscapeControl(f.Message)
		if name := f.Name(); name != "" {
			msg = name + ": " + msg
		}
		if h := hint(f); h != "" {
			msg += "\nhint: " + EscapeControl(h)
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", cmd, strings.Join(props, ","), escapeData(msg))
	}
	for _, e := range r.Errors {
		props := append(placeProperties(finding.Finding{File: e.File, Line: e.Line, Col: e.Col}), "title=tablelint")
		fmt.Fprintf(&b, "::error %s::%s\n", strings.Join(props, ","), escapeData("cannot check: "+EscapeControl(e.Message)))
	}
	b.WriteString(Summary(r.Findings) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// placeProperties returns the file, line, col, endLine and endColumn
// properties of a place, those that are known.
func placeProperties(f finding.Finding) []string {
	var props []string
	if f.File != "" {
		props = append(props, "file="+escapeProperty(f.File))
	}
	if f.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", f.Line))
		if f.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", f.Col))
		}
		if f.EndLine > 0 {
			props = append(props, fmt.Sprintf("endLine=%d", f.EndLine))
			if f.EndCol > 0 {
				props = append(props, fmt.Sprintf("endColumn=%d", f.EndCol))
			}
		}
	}
	return props
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// escapeData escapes a workflow command's message.
func escapeData(s string) string { return dataEscaper.Replace(s) }

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
