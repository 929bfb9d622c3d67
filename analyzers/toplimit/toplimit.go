package toplimit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/target"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL309.
var Analyzer = &analysis.Analyzer{
	Name:     "toplimit",
	Doc:      docs.MustExtract(doc, "toplimit"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/toplimit",
	Requires: []*analysis.Analyzer{index.Analyzer, target.Analyzer},
	Run:      run,
}

// onTarget is the -target flag: on Cosmos DB for Table $top is not
// limited.
var onTarget target.Value

func init() { target.Register(&Analyzer.Flags, &onTarget) }

type checker struct {
	pass *analysis.Pass
	x    *index.Index
}

func run(pass *analysis.Pass) (any, error) {
	if target.For(pass, &onTarget).MaxTop == 0 {
		return nil, nil // "TableQuery TakeCount isn't limited to 1000."
	}
	c := &checker{pass: pass, x: index.Of(pass)}
	for cur := range c.x.Inspector.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if isQueryOptions(pass.TypesInfo.TypeOf(n)) {
				if top := sdk.Field(pass.TypesInfo, n, "Top"); top != nil {
					c.top(top)
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Top" {
					continue
				}
				if s := pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.FieldVal && isQueryOptions(s.Recv()) {
					c.top(n.Rhs[i])
				}
			}
		}
	}
	return nil, nil
}

// isQueryOptions reports whether t (or *t) is one of the options types
// with a Top.
func isQueryOptions(t types.Type) bool {
	return sdk.IsAztablesType(t, "ListEntitiesOptions") || sdk.IsAztablesType(t, "ListTablesOptions") ||
		sdk.IsLegacyType(t, "QueryOptions") || sdk.IsLegacyType(t, "QueryTablesOptions")
}

// top checks one Top value.
func (c *checker) top(e ast.Expr) {
	lit, n, ok := c.constant(e)
	if !ok {
		return
	}
	d, over := filtercheck.CheckTop(n)
	if !over {
		return
	}
	dg := diag.Diagnostic(d.Rule, e.Pos(), e.End(), "%s", d.Message)
	if lit != nil && e.Pos() <= lit.Pos() && lit.End() <= e.End() {
		// The number is written in this Top value, not in a constant or
		// variable that other code may share.
		dg.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("set Top to %d and read the following pages", limits.MaxPageEntities),
			TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Itoa(limits.MaxPageEntities))}},
		}}
	}
	diag.ReportDiagnostic(c.pass, dg)
}

// constant is Vars.IntConst; lit is the literal written in the code
// when there is one.
func (c *checker) constant(e ast.Expr) (*ast.BasicLit, int64, bool) {
	at, n, ok := c.x.Vars.IntConst(e)
	if !ok {
		return nil, 0, false
	}
	return basicLit(at), n, true
}

// basicLit returns the literal a constant expression is written as: the
// literal itself, or the argument of a conversion (int32(5000)); nil for
// named constants and arithmetic.
func basicLit(e ast.Expr) *ast.BasicLit {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		e = ast.Unparen(call.Args[0])
	}
	lit, _ := e.(*ast.BasicLit)
	return lit
}
