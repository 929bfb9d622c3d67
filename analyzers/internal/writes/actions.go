package writes

import (
	"go/ast"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// Action is one aztables.TransactionAction found in the code.
type Action struct {
	Lit    *ast.CompositeLit // the TransactionAction literal
	Entity ast.Expr          // its Entity field, or nil
	// Call is, instead of Lit and Entity, a call that returns the action
	// (action("defaults", k, v) of a helper of the package).
	Call *ast.CallExpr
}

// ActionsOf returns the TransactionAction literals that make up the slice
// expression e (a SubmitTransaction argument): slice literals, appends
// and variables assigned from them. Each literal is returned once, even
// when it sits in a loop and stands for many actions.
func (x *Index) ActionsOf(e ast.Expr) []Action {
	var out []Action
	seen := map[types.Object]bool{}
	x.actions(e, &out, seen, 0)
	return out
}

func (x *Index) actions(e ast.Expr, out *[]Action, seen map[types.Object]bool, depth int) {
	if e == nil || depth > MaxDepth {
		return
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		if sdk.IsAztablesType(x.Info.TypeOf(e), "TransactionAction") {
			*out = append(*out, Action{Lit: e, Entity: sdk.Field(x.Info, e, "Entity")})
			return
		}
		if _, ok := sdk.Under(x.Info.TypeOf(e)).(*types.Slice); ok {
			for _, el := range e.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				x.element(el, out, seen, depth+1)
			}
		}
	case *ast.CallExpr:
		if len(e.Args) > 0 && sdk.IsBuiltin(x.Info, e, "append") {
			x.actions(e.Args[0], out, seen, depth+1)
			for _, a := range e.Args[1:] {
				if e.Ellipsis.IsValid() {
					x.actions(a, out, seen, depth+1)
				} else {
					x.element(a, out, seen, depth+1)
				}
			}
		}
	case *ast.SliceExpr:
		x.actions(e.X, out, seen, depth+1)
	case *ast.Ident:
		v := x.VarOf(e)
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		for _, d := range x.Defs(v) {
			if d.Index < 0 {
				x.actions(d.Rhs, out, seen, depth+1)
			}
		}
	}
}

// element follows one element of an actions slice to its literal.
func (x *Index) element(e ast.Expr, out *[]Action, seen map[types.Object]bool, depth int) {
	if depth > MaxDepth {
		return
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		*out = append(*out, Action{Lit: e, Entity: sdk.Field(x.Info, e, "Entity")})
	case *ast.CallExpr:
		if sdk.IsAztablesType(x.Info.TypeOf(e), "TransactionAction") {
			*out = append(*out, Action{Call: e})
		}
	case *ast.Ident:
		v := x.VarOf(e)
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		for _, d := range x.Defs(v) {
			if d.Index < 0 {
				x.element(d.Rhs, out, seen, depth+1)
			}
		}
	}
}
