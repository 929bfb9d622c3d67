package tablescan

import (
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

//go:embed doc.go
var doc string

// Analyzer reports table scans and invalid filters in Azure Table queries.
var Analyzer = &analysis.Analyzer{
	Name:     "tablescan",
	Doc:      docs.MustExtract(doc, "tablescan"),
	URL:      "https://github.com/tablelint/tablelint/blob/main/docs/rules",
	Run:      run,
	Requires: []*analysis.Analyzer{filterflow.Analyzer, index.Analyzer, flow.Analyzer},
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL303 partition scans)")
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[filterflow.Analyzer].(*filterflow.Result)
	// One finding per rule and query. A query may have several variants
	// (options or a filter set in branches, each value flow follows): a
	// rule several of them break is reported once, where they all place
	// it, or, when they place it apart, at the call that runs the query
	// (the options do not get that filter on every path).
	type key struct {
		file string
		line int
		rule string
	}
	seen := map[key]bool{}
	var pending []*queryFinding
	byRule := map[queryRule]*queryFinding{}
	var st map[string]stored
	for _, q := range res.Queries {
		if st == nil {
			st = storedTypes(pass, index.Of(pass))
		}
		qk := queryKey{q.Call, q.Via, q.Where}
		// TL303 names the partition: a variant that keeps more of the
		// filter's values as code names it as written; one whose value a
		// guard pinned to a constant on one path (an escaper's
		// `if s == "" { return s }`) names that path's ''. Its message is
		// the variant's with the most holes (other rules keep the first
		// variant's reason).
		holes := 0
		if q.Known && !q.Empty {
			_, hs := filterflow.Template(q.Filter)
			holes = len(hs)
		}
		report := func(id string, node ast.Node, format string, args ...any) {
			k := queryRule{qk, id}
			if f := byRule[k]; f != nil {
				switch {
				case f.at.Pos() != node.Pos() && f.at.Pos() != q.Call.Pos():
					// Moved to the call: said as a flow placed there
					// says it, if one is.
					f.at = q.Call
					if node.Pos() == q.Call.Pos() {
						f.msg, f.holes = fmt.Sprintf(format, args...), holes
					}
				case id == "TL303" && node.Pos() == f.at.Pos() && holes > f.holes:
					f.msg, f.holes = fmt.Sprintf(format, args...), holes
				}
				return
			}
			f := &queryFinding{rule: id, at: node, msg: fmt.Sprintf(format, args...), holes: holes}
			byRule[k] = f
			pending = append(pending, f)
		}
		check(pass, q, st, report, func(h *values.Hole) string { return holeText(flow.Of(pass), res, h) })
	}
	// Two queries on one line (or a query's finding moved to its call)
	// still give one finding per rule and line.
	for _, f := range pending {
		pos := pass.Fset.Position(f.at.Pos())
		if k := (key{pos.Filename, pos.Line, f.rule}); !seen[k] {
			seen[k] = true
			diag.Report(pass, f.rule, f.at, "%s", f.msg)
		}
	}
	return nil, nil
}

// queryKey names one query: the call that runs it and, for a call of a
// helper that runs several, the query inside it.
type queryKey struct {
	call  *ast.CallExpr
	via   *types.Func
	where string
}

type queryRule struct {
	q    queryKey
	rule string
}

// queryFinding is one rule's finding for one query, reported once every
// variant of the query is checked.
type queryFinding struct {
	rule  string
	at    ast.Node
	msg   string
	holes int // the holes of the variant msg says
}

// check reports the findings of one query; holeText writes a hole of its
// filter as the Go expression it stands for (holeText).
func check(pass *analysis.Pass, q *filterflow.Query, st map[string]stored, report func(id string, at ast.Node, format string, args ...any), holeText func(*values.Hole) string) {
	if !q.Known {
		return
	}
	// One placement for every query finding (Query.At): the Filter an
	// options literal gives, otherwise the call that runs the query.
	at := ast.Node(q.Call)
	if q.At != nil && !q.Empty {
		at = q.At
	}
	what := describe(pass, q)
	if q.Empty {
		if q.Checked {
			return
		}
		report("TL301", at, "%s has no filter: it reads the whole table", what)
		return
	}
	f, p, err, ok := filterflow.Parse(q.Filter)
	text, holes := filterflow.Template(q.Filter)
	if !ok {
		if scansWhateverNames(q.Filter) && !q.Checked {
			report("TL301", at, "%s", diag.Fit(what+" scans the whole table whatever properties it names: no PartitionKey eq",
				"query scans the whole table whatever properties it names: no PartitionKey eq"))
			return
		}
		var oe *odata.Error
		if errors.As(err, &oe) && oe.Rule == "" && !q.Checked && faultInCode(text, oe) {
			msg := renderParams(oe.Msg, holes, holeText)
			report("TL300", at, "%s", diag.Fit(what+": invalid filter: "+msg, diag.Fit(what+": "+msg, "invalid filter: "+finding.Clip(msg))))
		}
		return
	}
	if err != nil {
		var oe *odata.Error
		if errors.As(err, &oe) && !q.Checked {
			report(oe.Rule, at, "%s: %s", what, oe.Msg)
		}
		return
	}
	var skip map[string]bool
	if q.Checked {
		skip = map[string]bool{}
		if sf, sp, _, ok := filterflow.Parse(q.SinkFilter); ok && sf != nil {
			for _, d := range filtercheck.Check(sf, sp, filtercheck.Options{}) {
				skip[d.Rule+d.Message] = true
			}
		}
	}
	if !q.Checked {
		literalTypes(f, st, what, func(id, msg string) { report(id, at, "%s", msg) })
	}
	for _, d := range filtercheck.Check(f, p, filtercheck.Options{}) {
		if !diag.Enabled(d.Rule, info) {
			continue
		}
		if q.Checked && (d.Rule != "TL201" || skip[d.Rule+d.Message]) {
			continue
		}
		msg := strings.Replace(renderParams(d.Message, holes, holeText), "query", what, 1)
		if !strings.Contains(msg, what) {
			msg = what + ": " + msg
		}
		report(d.Rule, at, "%s", msg)
	}
}

// scansWhateverNames reports whether a filter that names properties at
// run time (fmt.Sprintf("%s gt '%s'", column, last)) is a table scan
// whichever properties those are: no choice of names gives it a
// top-level PartitionKey eq.
func scansWhateverNames(v values.Value) bool {
	kinds, ok := filterflow.NameKinds(v)
	return ok && len(kinds) == 1 && kinds[0] == plan.TableScan
}

func describe(pass *analysis.Pass, q *filterflow.Query) string {
	if q.Via != nil {
		name := q.Via.Name()
		if sig, ok := q.Via.Type().(*types.Signature); ok && sig.Recv() != nil {
			if n := recvName(sig.Recv().Type()); n != "" {
				name = n + "." + name
			}
		}
		return fmt.Sprintf("query via %s at %s", name, q.Where)
	}
	return "query"
}

func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

var paramRE = regexp.MustCompile(`\{p([0-9]+)(:[^{}]*)?\}`)

// renderParams replaces template parameters {pN} in a message with the
// Go expressions they stand for (text).
func renderParams(msg string, holes []*values.Hole, text func(*values.Hole) string) string {
	return paramRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := paramRE.FindStringSubmatch(m)
		i, err := strconv.Atoi(sub[1])
		if err != nil || i >= len(holes) {
			return m
		}
		return "{" + text(holes[i]) + "}"
	})
}

// holeText writes the Go expression a filter's hole stands for: for a
// hole filterflow converted from flow, the operand that put the value
// into the text (UseExpr), else the expression computing it (HoleExpr);
// otherwise the syntax hole's operand or expression. A hole built in
// another package, or a long expression, is "…".
func holeText(fl *flow.Result, res *filterflow.Result, h *values.Hole) string {
	var e ast.Expr
	if fh := res.FromFlow[h]; fh != nil {
		if e = fl.UseExpr(fh); e == nil {
			e = fl.HoleExpr(fh)
		}
	}
	if e == nil {
		e = h.Use
	}
	if e == nil {
		e = h.Expr
	}
	s := types.ExprString(e)
	if h.Foreign || len(s) > 40 {
		s = "…"
	}
	return s
}

// faultInCode reports whether a parse error of a filter's template text
// is the code's own: every run-time part stands for a literal value (it
// sits inside a quoted literal, or is formatted as a number) and none
// lies within the fault's span, so no run-time value can make the text
// valid.
func faultInCode(text string, oe *odata.Error) bool {
	from, to := oe.Offset, oe.Offset+max(oe.Len, 1)
	holes, ok := filterflow.TemplateHoles(text)
	if !ok {
		return false
	}
	for _, h := range holes {
		if h.Start < to && h.End > from {
			return false // the fault is at a run-time part
		}
		if !h.Quoted && !numberHole(text[h.Start+1:h.End-1]) {
			return false // it may stand for more than a value
		}
	}
	return true
}

// numberHole reports whether a template hole (pN:VERB) is formatted as a
// number.
func numberHole(hole string) bool {
	_, verb, ok := strings.Cut(hole, ":")
	if !ok || verb == "" {
		return false
	}
	return strings.ContainsRune("dbodxXeEfFgG", rune(verb[len(verb)-1]))
}
