package report

import (
	"encoding/json"
	"io"
	"strings"
)

// JSONFinding is the JSON form of a finding.
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
	// URL is the rule's documentation page.
	URL string `json:"url,omitempty"`
}

func writeJSON(w io.Writer, r Result) error {
	fs := make([]JSONFinding, 0, len(r.Findings))
	for _, f := range r.Findings {
		fs = append(fs, JSONFinding{Rule: f.Rule, Name: f.Name(), Severity: f.Severity.String(),
			Message: f.Message, File: f.File, Line: f.Line, Col: f.Col, EndLine: f.EndLine, EndCol: f.EndCol, Hint: hint(f), URL: docURL(f)})
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
	if len(r.Errors) > 0 {
		type jsonError struct {
			File    string `json:"file"`
			Line    int    `json:"line,omitempty"`
			Col     int    `json:"col,omitempty"`
			Message string `json:"message"`
		}
		errs := make([]jsonError, len(r.Errors))
		for i, e := range r.Errors {
			errs[i] = jsonError(e)
		}
		b.WriteString(",\n  \"errors\": ")
		if err := appendJSON(&b, errs); err != nil {
			return err
		}
	}
	if r.Suppressed > 0 {
		b.WriteString(",\n  \"suppressed\": ")
		if err := appendJSON(&b, r.Suppressed); err != nil {
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
