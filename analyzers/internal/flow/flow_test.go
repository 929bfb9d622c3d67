package flow_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// staticCalls calls visit with each call, in the package's source
// functions, of a function known statically: the walk every probe makes.
func staticCalls(r *flow.Result, visit func(fn *ssa.Function, c *ssa.Call, callee *ssa.Function)) {
	for fn, call := range r.Calls() {
		if c, ok := call.(*ssa.Call); ok {
			if f := c.Call.StaticCallee(); f != nil {
				visit(fn, c, f)
			}
		}
	}
}

// debugDump writes the SSA and summary of every function whose name
// contains $FLOWDEBUG, for reading a failing probe test.
func debugDump(r *flow.Result) {
	name := os.Getenv("FLOWDEBUG")
	if name == "" {
		return
	}
	for _, fn := range r.SSA.SrcFuncs {
		if strings.Contains(fn.Name(), name) {
			fn.WriteTo(os.Stderr)
			if s := r.Summary(fn); s != nil {
				fmt.Fprintln(os.Stderr, "summary:", s.Results, s.Fields)
			}
		}
	}
}

// probe reports the value of every argument of each call of a function
// named sink, as flow.Value.String writes it: the tests state what the
// engine answers, shape by shape.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "probe: report flow values at sink calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		debugDump(r)
		staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
			if f.Name() != "sink" {
				return
			}
			var vs []string
			for _, a := range flow.CallArgs(c.Common()) {
				vs = append(vs, r.Of(fn, a).String())
			}
			pass.Reportf(c.Pos(), "%s", strings.Join(vs, " ; "))
		})
		return nil, nil
	},
}

func TestShapes(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, probe, "shapes", "helpers", "cycles")
}

// iterProbe reports, for the argument of each call of a function named
// key, whether it varies per iteration of the innermost loop around the
// call (flow.VariesPerIteration).
var iterProbe = &analysis.Analyzer{
	Name:     "iterprobe",
	Doc:      "iterprobe: report per-iteration variance at key calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
			if f.Name() != "key" || len(c.Call.Args) != 1 {
				return
			}
			var loop ast.Node
			for _, file := range pass.Files {
				ast.Inspect(file, func(n ast.Node) bool {
					switch n.(type) {
					case *ast.ForStmt, *ast.RangeStmt:
						if n.Pos() <= c.Pos() && c.Pos() < n.End() {
							loop = n
						}
					}
					return true
				})
			}
			if loop == nil {
				return
			}
			if what, ok := r.VariesPerIteration(fn, c.Call.Args[0], loop); ok {
				pass.Reportf(c.Pos(), "varies: %s", what)
			} else {
				pass.Reportf(c.Pos(), "fixed")
			}
		})
		return nil, nil
	},
}

func TestIterations(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, iterProbe, "iterations", "groups")
}

// TestStoresAtLoads: a read of a variable whose address the options
// keep sees the stores that reach that read.
func TestStoresAtLoads(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, probe, "stores")
}

// fieldProbe reports, for each call of a function named deliver, what
// the call puts in the Body field of its first argument
// (flow.ArgField, parameter 0), or "none".
var fieldProbe = &analysis.Analyzer{
	Name:     "fieldprobe",
	Doc:      "fieldprobe: report flow.ArgField at deliver calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		staticCalls(r, func(_ *ssa.Function, c *ssa.Call, f *ssa.Function) {
			field := "Body"
			switch f.Name() {
			case "deliver":
			case "deliverOpts":
				field = "Filter"
			default:
				return
			}
			if v, ok := r.ArgField(c, 0, field); ok {
				pass.Reportf(c.Pos(), "%s", v.String())
			} else {
				pass.Reportf(c.Pos(), "none")
			}
		})
		return nil, nil
	},
}

func TestArgField(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, fieldProbe, "argfields")
}

// propagateProbe carries "parameter i reaches sink's second argument"
// up the calls with flow.PropagateParams and reports, at each function,
// the parameters it learned.
var propagateProbe = &analysis.Analyzer{
	Name:     "propagateprobe",
	Doc:      "propagateprobe: report the parameters PropagateParams carries to sink",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		learned := map[*ssa.Function]map[int]bool{}
		params := func(f *ssa.Function) map[int]bool {
			if f.Name() == "sink" {
				return map[int]bool{1: true}
			}
			return learned[f]
		}
		flow.PropagateParams(r, params, func(i int) int { return i }, func(site flow.CallSite, k int, _ bool) bool {
			grew := false
			for i, fp := range site.Fn.Params {
				if site.Args[k] == fp && !learned[site.Fn][i] {
					if learned[site.Fn] == nil {
						learned[site.Fn] = map[int]bool{}
					}
					learned[site.Fn][i] = true
					grew = true
				}
			}
			return grew
		})
		for fn, ps := range learned {
			for i := range ps {
				pass.Reportf(fn.Pos(), "%s: param %d", fn.Name(), i)
			}
		}
		return nil, nil
	},
}

// originsProbe reports, for each call of a function named written, where
// its argument comes from as a whole (flow.Origins): the source, and
// for an entity the read and the helper it came through.
var originsProbe = &analysis.Analyzer{
	Name:     "originsprobe",
	Doc:      "originsprobe: report flow.Origins at written calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		if os.Getenv("FLOWDEBUG") != "" {
			for _, fn := range r.SSA.SrcFuncs {
				if strings.Contains(fn.Name(), os.Getenv("FLOWDEBUG")) {
					fn.WriteTo(os.Stderr)
				}
			}
		}
		staticCalls(r, func(_ *ssa.Function, c *ssa.Call, f *ssa.Function) {
			if f.Name() != "written" || len(c.Call.Args) != 1 {
				return
			}
			var out []string
			for _, o := range r.Origins(c.Call.Args[0]) {
				switch o.Source {
				case flow.Entity:
					out = append(out, fmt.Sprintf("entity %s via %q", o.What, o.Via))
				case flow.Param:
					out = append(out, fmt.Sprintf("param %d", o.Param))
				}
			}
			if len(out) == 0 {
				out = append(out, "none")
			}
			pass.Reportf(c.Pos(), "%s", strings.Join(out, "; "))
		})
		return nil, nil
	},
}

// TestPropagateParams: a summary reaches callers written before their
// callees (more than one round), through a method call, and not from a
// constant argument.
func TestPropagateParams(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, propagateProbe, "propagate")
}

// TestOrigins: where a written value comes from, through helpers that
// read it, lay it out or are generic.
func TestOrigins(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, originsProbe, "origins")
}

// TestJoins: helpers joining the slice they are given (joins.go).
func TestJoins(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, probe, "joins")
}

// givenProbe reports, at each call of sink, what the package's calls give
// the expression passed to sink (flow.Given), one entry per call:
// "line: zero", "line: zero, literal at line L", "line: zero, var x", or
// "line: the expression given", each followed by "(through f, g)" when
// helpers' returns gave it; "none" when nothing.
var givenProbe = &analysis.Analyzer{
	Name:     "givenprobe",
	Doc:      "givenprobe: report flow.Given at sink calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		staticCalls(r, func(_ *ssa.Function, c *ssa.Call, f *ssa.Function) {
			call, ok := r.ValueExpr(c).(*ast.CallExpr)
			if f.Name() != "sink" || !ok || len(call.Args) != 1 {
				return
			}
			var out []string
			for _, g := range r.Given(call.Args[0], nil) {
				s := fmt.Sprintf("%d:", pass.Fset.Position(g.Call.Pos()).Line)
				if g.Field != "" {
					s += " " + g.Field
				}
				switch {
				case g.Zero && g.Var != "":
					s += " zero, var " + g.Var
				case g.Zero && g.Lit.IsValid():
					s += fmt.Sprintf(" zero, literal at line %d", pass.Fset.Position(g.Lit).Line)
				case g.Zero:
					s += " zero"
				case g.Expr != nil:
					s += " " + types.ExprString(g.Expr)
				}
				if len(g.Through) > 0 {
					var names []string
					for _, c := range g.Through {
						names = append(names, c.Call.StaticCallee().Name())
					}
					s += " (through " + strings.Join(names, ", ") + ")"
				}
				out = append(out, s)
			}
			if len(out) == 0 {
				out = []string{"none"}
			}
			pass.Reportf(c.Pos(), "%s", strings.Join(out, "; "))
		})
		return nil, nil
	},
}

func TestGiven(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, givenProbe, "given")
}

// sizeProbe reports flow.SizeAt of the argument of each call of sink:
// "unbounded (what)", "at most N" or "known" for neither.
var sizeProbe = &analysis.Analyzer{
	Name:     "sizeprobe",
	Doc:      "sizeprobe: report value sizes at sink calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		debugDump(r)
		staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
			args := flow.CallArgs(c.Common())
			if f.Name() != "sink" || len(args) != 1 {
				return
			}
			a := args[0]
			if mi, ok := a.(*ssa.MakeInterface); ok {
				a = mi.X
			}
			switch s := r.SizeAt(fn, a, c); {
			case s.Unbounded:
				pass.Reportf(c.Pos(), "unbounded (%s)", s.What)
			case s.Bounded:
				pass.Reportf(c.Pos(), "at most %d", s.Max)
			default:
				pass.Reportf(c.Pos(), "not known")
			}
		})
		return nil, nil
	},
}

// TestSizes: what the code says about how large a value can be.
func TestSizes(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, sizeProbe, "sizes")
}

// TestMapped: element-wise summaries of slices mapped by a helper
// (mapped.go) and type-switch cases picked by dynamic type
// (typecases.go).
func TestMapped(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, probe, "mapped")
}

// lenProbe reports flow.LenMostAt of the argument of each call of sink:
// "at most N" or "not bounded".
var lenProbe = &analysis.Analyzer{
	Name:     "lenprobe",
	Doc:      "lenprobe: report slice length bounds at sink calls",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		debugDump(r)
		staticCalls(r, func(fn *ssa.Function, c *ssa.Call, f *ssa.Function) {
			args := flow.CallArgs(c.Common())
			if f.Name() != "sink" || len(args) != 1 {
				return
			}
			if n, ok := r.LenMostAt(args[0], c); ok {
				pass.Reportf(c.Pos(), "at most %d", n)
			} else {
				pass.Reportf(c.Pos(), "not bounded")
			}
		})
		return nil, nil
	},
}

// TestLens: the most elements a slice holds (lens.go), through clamps,
// loops, closures, callers and other packages' summaries.
func TestLens(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, lenProbe, "lens/...")
}
