package perpartition

import (
	_ "embed"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

//go:embed doc.go
var doc string

// Analyzer reports TL320.
var Analyzer = &analysis.Analyzer{
	Name:     "perpartition",
	Doc:      docs.MustExtract(doc, "perpartition"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/perpartition",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL320 sequential per-partition queries)")
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	res  *values.Resolver
}

func run(pass *analysis.Pass) (any, error) {
	if !diag.Enabled("TL320", info) {
		return nil, nil
	}
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, res: x.Resolver()}
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
		c.loop(body, loopVars)
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

// loop reports the pagers of body whose filter's PartitionKey comes from
// the loop's variables and which body reads.
func (c *checker) loop(body *ast.BlockStmt, loopVars map[*types.Var]bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !sdk.IsListEntitiesCall(c.pass.TypesInfo, call) || len(call.Args) != 1 {
			return true
		}
		if !c.perPartition(call.Args[0], loopVars) || !c.readIn(body, call) {
			return true
		}
		diag.Report(c.pass, "TL320", call,
			"one partition is queried per iteration, each read to the end before the next starts")
		return true
	})
}

// perPartition reports whether the options' filter is PartitionKey eq a
// value from the loop's variables.
func (c *checker) perPartition(opts ast.Expr, loopVars map[*types.Var]bool) bool {
	lit := c.x.Vars.Resolve(opts)
	if u, ok := lit.(*ast.UnaryExpr); ok {
		lit = c.x.Vars.Resolve(u.X)
	}
	filter := sdk.Field(c.pass.TypesInfo, lit, "Filter")
	if filter == nil {
		return false
	}
	v := c.res.Of(filter)
	text := ""
	holes := 0
	pkHole := false
	for _, p := range v.Parts {
		if p.Hole == nil {
			text += p.Text
			continue
		}
		holes++
		before := strings.TrimRight(text, "' ")
		if strings.HasSuffix(before, "PartitionKey eq") {
			if c.mentions(p.Hole.Expr, loopVars) {
				return true
			}
			pkHole = true
		}
		text += "{?}"
	}
	// The one value of the filter went through a helper of the package
	// (esc(t)), whose hole is the helper's parameter: the expression that
	// defines the filter names the loop's variable.
	return holes == 1 && pkHole && c.mentions(c.definition(filter), loopVars)
}

// definition returns the expression that gives e its value: through &x
// and a variable assigned once.
func (c *checker) definition(e ast.Expr) ast.Expr {
	for range 4 {
		r := c.x.Vars.Resolve(e)
		if u, ok := r.(*ast.UnaryExpr); ok {
			e = u.X
			continue
		}
		return r
	}
	return e
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

// mentions reports whether e reads one of vars (d, d.ID, days[i]).
func (c *checker) mentions(e ast.Expr, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && vars[c.x.Vars.VarOf(id)] {
			found = true
		}
		return !found
	})
	return found
}
