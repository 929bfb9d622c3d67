package writes

import (
	"go/ast"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// MarshalWrapperArg returns the argument of a call of a marshalling
// helper of this package — a function of one parameter each of whose
// successful returns is json.Marshal of that parameter, directly or
// through a variable (func mustJSON(v any) []byte { b, err :=
// json.Marshal(v); if err != nil { panic(err) }; return b }) — or nil if
// call is not such a call. Returns of nil (an error path) are left out.
func (x *Index) MarshalWrapperArg(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil
	}
	fn := sdk.Callee(x.Info, call)
	if fn == nil {
		return nil
	}
	decl := x.FuncDecl(fn)
	if decl == nil || decl.Type.Params == nil || len(decl.Type.Params.List) != 1 || len(decl.Type.Params.List[0].Names) != 1 {
		return nil
	}
	param, _ := x.Info.Defs[decl.Type.Params.List[0].Names[0]].(*types.Var)
	if param == nil || !x.IsParam(param) {
		return nil
	}
	// The parameter is used once: what is marshalled is what is passed.
	uses := 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && x.Info.Uses[id] == param {
			uses++
		}
		return true
	})
	if uses != 1 {
		return nil
	}
	rets, _ := x.Returns(fn, 0)
	marshals := 0
	for _, r := range rets {
		if r == nil {
			return nil
		}
		if tv, ok := x.Info.Types[r]; ok && tv.IsNil() {
			continue
		}
		e := ast.Unparen(r)
		if v := x.VarOf(e); v != nil {
			d, ok := x.Only(v)
			if !ok || d.Zero() || d.Index > 0 {
				return nil
			}
			e = ast.Unparen(d.Rhs)
		}
		m, ok := e.(*ast.CallExpr)
		if !ok {
			return nil
		}
		arg := MarshalArg(x.Info, m)
		if arg == nil || x.VarOf(ast.Unparen(arg)) != param {
			return nil
		}
		marshals++
	}
	if marshals == 0 {
		return nil
	}
	return call.Args[0]
}
