package properties

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

// funcAt returns the declaration of the function that holds pos (its
// parameters or its body).
func (c *checker) funcAt(pos token.Pos) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= pos && pos < fd.End() {
				return fd
			}
		}
	}
	return nil
}

// zeroFromCallers describes the time a call in the package gives e, a
// parameter of the function reading it or a field of one, when it is
// provably out of range (flow's Given): a zero time passed, a field the
// caller's struct literal leaves out and nothing sets before the call,
// or a value out of range given. "" when no call shows one. A function
// that tests the time itself is not looked past (timeTested).
func (c *checker) zeroFromCallers(e ast.Expr) string {
	if t := c.pass.TypesInfo.TypeOf(e); t == nil || !isTime(t) {
		return "" // a *time.Time field left out is nil, not a zero time
	}
	for _, g := range c.fl.Given(e, c.untested) {
		what := ""
		if g.Expr != nil {
			what = c.outOfRangeAt(g.Expr, false)
		}
		switch {
		case what != "" || !g.Zero:
		case g.Field == "":
			what = "zero time 0001-01-01"
		case g.Var != "":
			what = fmt.Sprintf("%s never set on %s", finding.Clip(g.Field), finding.Clip(g.Var))
		case g.Lit.IsValid():
			what = fmt.Sprintf("%s left out of the literal at line %d", finding.Clip(g.Field), c.pass.Fset.Position(g.Lit).Line)
		default:
			what = fmt.Sprintf("%s left zero", finding.Clip(g.Field))
		}
		if what == "" {
			continue
		}
		if g.Field == "" {
			what += fmt.Sprintf(" (passed at line %d)", c.pass.Fset.Position(g.Call.Pos()).Line)
		}
		return what
	}
	return ""
}

// untested reports whether fn leaves its parameter p (or p's field)
// untested: a function that tests a time may leave the property out for
// a zero one.
func (c *checker) untested(fn *ssa.Function, p *ssa.Parameter, field string) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return false
	}
	want := p.Name()
	if field != "" {
		want += "." + field
	}
	return !timeTested(decl.Body, want)
}

// timeTested reports whether body tests the time written want (the same
// expression): want.IsZero(), want.Before(…), want.After(…),
// want.Equal(…), want.Compare(…), or want compared with ==, !=, <…
func timeTested(body *ast.BlockStmt, want string) bool {
	same := func(x ast.Expr) bool { return types.ExprString(ast.Unparen(x)) == want }
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && same(sel.X) {
				switch sel.Sel.Name {
				case "IsZero", "Before", "After", "Equal", "Compare":
					found = true
				}
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				found = found || same(n.X) || same(n.Y)
			}
		}
		return !found
	})
	return found
}

// callerEntries calls check for each constant-key entry of the maps the
// package's calls give props, a map parameter of the function declaring
// it that the function gives an entity as Properties (flow's Given): the
// entries of the literal passed, and those the caller assigns to the
// variable passed (props["Due"] = v).
func (c *checker) callerEntries(props ast.Expr, check func(name string, v ast.Expr)) {
	if t := c.pass.TypesInfo.TypeOf(props); t == nil || !writes.IsStringMap(t) {
		return
	}
	for _, g := range c.fl.Given(props, nil) {
		if g.Expr == nil || g.Field != "" {
			continue
		}
		c.entries(g.Expr, check)
		if av := c.x.Vars.VarOf(g.Expr); av != nil && !writes.IsPackageVar(av) {
			c.assignedOf(g.Expr, check)
		}
	}
}
