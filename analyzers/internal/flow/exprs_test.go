package flow_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdktest"
)

// exprProbe reports flow.ExprOf of expressions found in the syntax: the
// value of each keyed element K: … of a literal, the right side of each
// assignment to a field K, and each read of a variable named probe in a return statement.
var exprProbe = &analysis.Analyzer{
	Name:     "exprprobe",
	Doc:      "exprprobe: report flow.ExprOf of marked expressions",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := flow.Of(pass)
		report := func(e ast.Expr) {
			v, ok := r.ExprOf(e)
			if !ok {
				pass.Reportf(e.Pos(), "unknown")
				return
			}
			if s, ok := flow.ConstText(v); ok {
				pass.Reportf(e.Pos(), "const %q", s)
				return
			}
			pass.Reportf(e.Pos(), "%s", v.String())
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "K" {
						report(n.Value)
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "K" && len(n.Lhs) == len(n.Rhs) {
							report(n.Rhs[i])
						}
					}
				case *ast.ReturnStmt:
					ast.Inspect(n, func(m ast.Node) bool {
						if id, ok := m.(*ast.Ident); ok && id.Name == "probe" {
							report(id)
						}
						return true
					})
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestExprOf(t *testing.T) {
	dir := sdktest.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, exprProbe, "exprs")
}
