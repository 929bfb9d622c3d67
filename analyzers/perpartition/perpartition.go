package perpartition

import (
	_ "embed"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

//go:embed doc.go
var doc string

// Analyzer reports TL320.
var Analyzer = &analysis.Analyzer{
	Name:     "perpartition",
	Doc:      docs.MustExtract(doc, "perpartition"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/perpartition",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL320 sequential per-partition queries)")
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	fl   *flow.Result
}

func run(pass *analysis.Pass) (any, error) {
	if !diag.Enabled("TL320", info) {
		return nil, nil
	}
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass)}
	for cur := range x.Inspector.Root().Preorder((*ast.RangeStmt)(nil), (*ast.ForStmt)(nil)) {
		var body *ast.BlockStmt
		loopVars := map[*types.Var]bool{}
		switch l := cur.Node().(type) {
		case *ast.RangeStmt:
			body = l.Body
			for _, e := range []ast.Expr{l.Key, l.Value} {
				if v := x.Vars.VarOf(e); v != nil {
					loopVars[v] = true
				}
			}
		case *ast.ForStmt:
			body = l.Body
			if as, ok := l.Init.(*ast.AssignStmt); ok {
				for _, e := range as.Lhs {
					if v := x.Vars.VarOf(e); v != nil {
						loopVars[v] = true
					}
				}
			}
		}
		if len(loopVars) == 0 || concurrent(body) {
			continue
		}
		c.loop(cur.Node(), body)
	}
	return nil, nil
}

// concurrent reports whether body starts goroutines or hands work to a
// function literal.
func concurrent(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GoStmt, *ast.FuncLit:
			found = true
		}
		return !found
	})
	return found
}

// loop reports the pagers of body whose filter's PartitionKey changes
// from one iteration of loop to the next and which body reads.
func (c *checker) loop(loop ast.Node, body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !sdk.IsListEntitiesCall(c.pass.TypesInfo, call) || len(call.Args) != 1 {
			return true
		}
		if !c.perPartition(call.Args[0], loop) || !c.readIn(body, call) {
			return true
		}
		diag.Report(c.pass, "TL320", call,
			"one partition is queried per iteration, each read to the end before the next starts")
		return true
	})
}

// perPartition reports whether the options' filter is PartitionKey eq a
// value that changes from one iteration of loop to the next (on the flow
// layer: flow.SlotAfter finds the value after "PartitionKey eq", and
// flow.Result.VariesPerIteration says whether it changes), or, for a
// filter a helper builds whose one hole follows "PartitionKey eq", the
// filter itself changes.
func (c *checker) perPartition(opts ast.Expr, loop ast.Node) bool {
	lit := c.x.Vars.Resolve(opts)
	if u, ok := lit.(*ast.UnaryExpr); ok {
		lit = c.x.Vars.Resolve(u.X)
	}
	filter := sdk.Field(c.pass.TypesInfo, lit, "Filter")
	if filter == nil {
		return false
	}
	if call, ok := c.x.Vars.Resolve(filter).(*ast.CallExpr); ok {
		if arg := c.x.Vars.PointerArg(call); arg != nil {
			filter = arg // to.Ptr(text)
		}
	}
	fv, ok := c.fl.ExprValue(filter)
	if !ok || fv.Parent() == nil {
		return false
	}
	fn := fv.Parent()
	if slot, ok := c.fl.SlotAfter(fv, afterPartitionKey); ok {
		_, varies := c.fl.VariesPerIteration(fn, slot, loop)
		return varies
	}
	v := c.fl.OfLocal(fv)
	if len(v.Variants) != 1 || v.Approx {
		return false
	}
	text, holes, pkHole := "", 0, false
	for _, p := range v.Variants[0].Parts {
		if p.Hole == nil {
			text += p.Text
			continue
		}
		holes++
		pkHole = pkHole || afterPartitionKey(text)
		text += "{?}"
	}
	if holes != 1 || !pkHole {
		return false
	}
	_, varies := c.fl.VariesPerIteration(fn, fv, loop)
	return varies
}

// afterPartitionKey reports whether filter text ends with a comparison
// of PartitionKey for equality, its value to follow.
func afterPartitionKey(text string) bool {
	return strings.HasSuffix(strings.TrimRight(text, "' "), "PartitionKey eq")
}

// readIn reports whether body reads the pager call creates: a More or
// NextPage call on it (directly or through a variable).
func (c *checker) readIn(body *ast.BlockStmt, create *ast.CallExpr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if !sdk.IsPagerMethod(c.pass.TypesInfo, call, "More") && !sdk.IsPagerMethod(c.pass.TypesInfo, call, "NextPage") {
			return true
		}
		sel := call.Fun.(*ast.SelectorExpr)
		found = c.x.Vars.Resolve(sel.X) == create
		return !found
	})
	return found
}
