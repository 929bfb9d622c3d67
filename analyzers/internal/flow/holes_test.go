package flow_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// holeProbe reports, for every hole of the argument of each call of a
// function named sink, the expression it stands for (Result.HoleExpr)
// and the operand through which it entered the text (Result.UseExpr),
// and for a formatted hole the function, verb and argument that
// formatted it (Result.FormatExpr).
var holeProbe = &analysis.Analyzer{
	Name:     "holeprobe",
	Doc:      "holeprobe: report the expressions of the holes at sink calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		text := func(e ast.Expr) string {
			if e == nil {
				return "-"
			}
			return types.ExprString(e)
		}
		staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
			if f.Name() != "sink" || len(c.Call.Args) != 1 {
				return
			}
			var out []string
			for _, h := range r.Of(fn, c.Call.Args[0]).Holes() {
				s := text(r.HoleExpr(h)) + " @ " + text(r.UseExpr(h))
				if arg, call := r.FormatExpr(h); call != nil {
					s += " by " + h.Func + " " + h.Verb + " " + text(arg)
				}
				out = append(out, s)
			}
			if len(out) > 0 {
				pass.Reportf(c.Pos(), "%s", strings.Join(out, " ; "))
			}
		})
		return nil, nil
	},
}

func TestHoleExprs(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, holeProbe, "holes")
}

// entryProbe reports flow.MapEntries of the argument of each call of a
// function named entries: key=value, with ! for an assignment.
var entryProbe = &analysis.Analyzer{
	Name:     "entryprobe",
	Doc:      "entryprobe: report the constant-key entries of maps at entries calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
			if f.Name() != "entries" || len(c.Call.Args) != 1 {
				return
			}
			var out []string
			for _, e := range r.MapEntries(c.Call.Args[0]) {
				s := e.Key + "=" + types.ExprString(e.Value)
				if e.Assigned {
					s += "!"
				}
				out = append(out, s)
			}
			pass.Reportf(c.Pos(), "[%s]", strings.Join(out, " "))
		})
		return nil, nil
	},
}

func TestMapEntries(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, entryProbe, "entries")
}
