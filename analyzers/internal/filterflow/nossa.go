package filterflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// written reads a filter where there is no SSA: a function with type
// errors, which ssabuild leaves without a body, so the flow layer knows
// nothing of it. It is the fallback that keeps what such code wrote in
// place: string constants, +, &x, *p, to.Ptr(x), parentheses and
// locals assigned once (the package's assignment index); a value
// escaped by strings.ReplaceAll(s, "'", "”") or url.QueryEscape is an
// escaped hole, and anything else one hole of its (possibly invalid)
// type, which the query analyzers do not guess about. No helper is
// followed and no branch is split: that is flow's work where there is
// SSA.
func (st *state) written(e ast.Expr) values.Value {
	return st.writtenAt(e, 0)
}

func (st *state) writtenAt(e ast.Expr, depth int) values.Value {
	info := st.pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return values.Value{Parts: []values.Part{{Text: constant.StringVal(tv.Value)}}}
	}
	if depth < values.MaxDepth {
		switch x := e.(type) {
		case *ast.BinaryExpr:
			if x.Op == token.ADD && isStringType(info.TypeOf(x)) {
				v := st.operandAt(x.X, depth+1)
				v.Parts = append(v.Parts, st.operandAt(x.Y, depth+1).Parts...)
				return merge(v)
			}
		case *ast.UnaryExpr:
			if _, lit := ast.Unparen(x.X).(*ast.CompositeLit); x.Op == token.AND && !lit {
				return st.writtenAt(x.X, depth+1)
			}
		case *ast.StarExpr:
			return st.writtenAt(x.X, depth+1)
		case *ast.Ident:
			if v := st.vars.VarOf(x); v != nil {
				if d, ok := st.vars.Only(v); ok && d.Index < 0 && !d.Zero() {
					if rhs := st.writtenAt(d.Rhs, depth+1); !isOneHole(rhs) {
						return rhs
					} else if h := rhs.Parts[0].Hole; h.Escaped {
						h.Use = nil
						return rhs
					}
				}
			}
		case *ast.CallExpr:
			if arg := st.vars.PointerArg(x); arg != nil {
				return st.writtenAt(arg, depth+1)
			}
			if escapes(info, x) {
				return values.Value{Parts: []values.Part{{Hole: &values.Hole{Expr: x.Args[0], Type: info.TypeOf(x.Args[0]), Escaped: true}}}}
			}
		}
	}
	h := &values.Hole{Expr: e, Type: info.TypeOf(e)}
	if v := st.vars.VarOf(e); v != nil && st.vars.IsParam(v) {
		h.Param = v
	}
	return values.Value{Parts: []values.Part{{Hole: h}}}
}

// operandAt reads an operand of +, marking a lone hole as put in here.
func (st *state) operandAt(e ast.Expr, depth int) values.Value {
	v := st.writtenAt(e, depth)
	if isOneHole(v) && v.Parts[0].Hole.Use == nil {
		v.Parts[0].Hole.Use = e
	}
	return v
}

func isOneHole(v values.Value) bool { return len(v.Parts) == 1 && v.Parts[0].Hole != nil }

// escapes reports whether call doubles or encodes the quotes of its
// first argument: strings.ReplaceAll(s, "'", "”"), strings.Replace with
// the same, url.QueryEscape, url.PathEscape.
func escapes(info *types.Info, call *ast.CallExpr) bool {
	switch {
	case sdk.IsFunc(info, call, "net/url", "QueryEscape"), sdk.IsFunc(info, call, "net/url", "PathEscape"):
		return len(call.Args) == 1
	case sdk.IsFunc(info, call, "strings", "ReplaceAll") && len(call.Args) == 3,
		sdk.IsFunc(info, call, "strings", "Replace") && len(call.Args) == 4:
		old, ok1 := constString(info, call.Args[1])
		nw, ok2 := constString(info, call.Args[2])
		return ok1 && ok2 && old == "'" && nw == "''"
	}
	return false
}
