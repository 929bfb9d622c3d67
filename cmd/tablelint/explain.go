package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

func init() {
	register(&command{
		name:    "explain",
		usage:   "explain [flags] 'FILTER' | -",
		summary: "parse one $filter, print its plan (point, range, partition scan, table scan) and its findings",
		run:     runExplain,
	})
}

func runExplain(e *env, args []string) int {
	var cf commonFlags
	fs := newFlagSet(e, commands["explain"], &cf)
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		return fail(e, usageError{"explain takes exactly one filter argument (quote it)"})
	}
	pl, code := startPipeline(e, &cf, rules.Filter)
	if pl == nil {
		return code
	}
	input := pos[0]
	if input == "-" {
		if input, err = readFilterStdin(e); err != nil {
			return fail(e, err)
		}
	}
	pl.AddSource("", input)
	q, err := odata.ParseQuery(input)
	if err == nil {
		var f *odata.Filter
		f, err = odata.Parse(q.Filter)
		if err == nil {
			return explainPlan(pl, f, q)
		}
		// Point the caret into the whole input, through the
		// percent-decoding.
		var perr *odata.Error
		if errors.As(err, &perr) {
			end := q.InputOffset(perr.Offset + perr.Len)
			perr.Filter = input
			perr.Offset = q.InputOffset(perr.Offset)
			perr.Len = end - perr.Offset
		}
	}
	var perr *odata.Error
	if errors.As(err, &perr) && perr.Rule != "" {
		// Valid OData, but not what the service supports: a finding.
		fd := finding.New(perr.Rule, perr.Msg)
		fd.Line, fd.Col = 1, perr.Offset+1
		fd.EndLine, fd.EndCol = 1, perr.Offset+max(perr.Len, 1)+1
		res := report.Result{Findings: []finding.Finding{fd}, Extra: []report.Field{{Name: "plan", Value: nil}}}
		res.Text = func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "%s\n", indent(caretWindow(perr)))
			return err
		}
		return pl.finish(res)
	}
	if perr != nil && cf.format != "text" {
		// JSON and SARIF still get a complete report, with the error.
		code := pl.finish(report.Result{Errors: []report.InputError{{Line: 1, Col: perr.Offset + 1, Message: "invalid filter: " + perr.Msg}}})
		fmt.Fprintf(e.stderr, "%s\n", indent(caretWindow(perr)))
		return code
	}
	if perr != nil {
		// Columns count bytes, as the findings' do.
		fmt.Fprintf(e.stderr, "tablelint: invalid filter: %s at column %d\n%s\n",
			report.EscapeControl(perr.Msg), perr.Offset+1, indent(caretWindow(perr)))
		return 2
	}
	return fail(e, err)
}

// explainPlan reports the plan and findings of a filter that parsed.
func explainPlan(pl *pipeline, f *odata.Filter, q odata.Query) int {
	p := plan.Of(f)
	var fds []finding.Finding
	for _, d := range filtercheck.Check(f, p, filtercheck.Options{}) {
		fd := finding.New(d.Rule, d.Message)
		fd.Line, fd.Col = 1, q.InputOffset(d.Offset)+1
		if d.Len > 0 {
			fd.EndLine, fd.EndCol = 1, q.InputOffset(d.Offset+d.Len)+1 // exclusive, as SARIF's endColumn
		}
		fds = append(fds, fd)
	}
	// $top is not limited on Cosmos DB for Table (target: cosmos).
	if d, ok := filtercheck.CheckTop(int64(q.Top)); ok && limits.For(pl.Config().Target).MaxTop > 0 { // $top has no offset in odata.Query: column 1
		fd := finding.New(d.Rule, d.Message)
		fd.Line, fd.Col = 1, 1
		fds = append(fds, fd)
	}
	pj := jsonPlan{JSON: p.JSON(), Filter: f.String(), Select: q.Select, Top: q.Top}
	res := report.Result{
		Findings: fds,
		Extra:    []report.Field{{Name: "plan", Value: pj}},
		Text:     func(w io.Writer) error { return writePlanText(w, p, q) },
	}
	return pl.finish(res)
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// caretWindow is the error's caret rendering, cut to a window of about
// caretContext bytes either side of the bad spot when the input is long,
// with "…" where text is left out.
func caretWindow(perr *odata.Error) string {
	const caretContext = 60
	w := *perr
	from := max(w.Offset-caretContext, 0)
	to := min(w.Offset+max(w.Len, 1)+caretContext, len(w.Filter))
	if from == 0 && to == len(w.Filter) {
		return w.Caret()
	}
	for from > 0 && !utf8.RuneStart(w.Filter[from]) {
		from--
	}
	for to < len(w.Filter) && !utf8.RuneStart(w.Filter[to]) {
		to++
	}
	text := w.Filter[from:to]
	off := w.Offset - from
	if from > 0 {
		text, off = "…"+text, off+len("…")
	}
	if to < len(w.Filter) {
		text += "…"
	}
	w.Filter, w.Offset = text, off
	w.Len = min(w.Len, len(text)-off)
	return w.Caret()
}

// jsonPlan is the JSON form of an explained plan: the plan, the filter in
// canonical form and the query options.
type jsonPlan struct {
	plan.JSON
	Filter string   `json:"filter"`
	Select []string `json:"select,omitempty"`
	Top    int      `json:"top,omitempty"`
}

func writePlanText(w io.Writer, p plan.Plan, q odata.Query) error {
	var b strings.Builder
	// Keys and residual filters come from the input: escape what would
	// control the terminal.
	esc := report.EscapeControl
	fmt.Fprintf(&b, "plan: %s\n", p.Kind)
	if p.PartitionKey != nil {
		fmt.Fprintf(&b, "  partition: %s\n", esc(fmt.Sprint(p.PartitionKey)))
	}
	if p.RowKey != nil {
		fmt.Fprintf(&b, "  row key:   %s\n", esc(fmt.Sprint(p.RowKey)))
	}
	if r := plan.RangeText(p.Low, p.High); r != "" {
		fmt.Fprintf(&b, "  row keys:  %s\n", esc(r))
	}
	if r := plan.RangeText(p.PKLow, p.PKHigh); r != "" {
		fmt.Fprintf(&b, "  partitions: %s\n", esc(r))
	}
	switch res := p.ResidualText(); {
	case res != "":
		fmt.Fprintf(&b, "  residual:  %s\n", esc(res))
	case p.Kind == plan.TableScan:
		fmt.Fprintf(&b, "  residual:  (none: every entity is returned)\n")
	}
	if q.Select != nil {
		fmt.Fprintf(&b, "  select:    %s\n", esc(strings.Join(q.Select, ", ")))
	}
	if q.Top > 0 {
		fmt.Fprintf(&b, "  top:       %d per page\n", q.Top)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// readFilterStdin reads the filter of `explain -` from stdin: the whole
// input, without its final line ending, at most a little more than the
// longest filter odata accepts (a longer one is rejected by the parser
// with its own message).
func readFilterStdin(e *env) (string, error) {
	limit := int64(odata.MaxLength) + 4096
	data, err := io.ReadAll(io.LimitReader(e.stdin, limit+1))
	if err != nil {
		return "", fmt.Errorf("reading the filter from stdin: %w", err)
	}
	if int64(len(data)) > limit {
		return "", fmt.Errorf("the filter on stdin is longer than %d bytes", limit)
	}
	s := strings.TrimSuffix(string(data), "\n")
	return strings.TrimSuffix(s, "\r"), nil
}
