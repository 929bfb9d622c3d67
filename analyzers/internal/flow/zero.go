package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// ZeroAt reports whether the expression e holds its type's zero value
// on every path that reaches it, where it is written: a variable
// declared without a value (var t time.Time) and given none before e on
// any path, through conversions (aztables.EDMDateTime(t)) and φ-nodes.
// A variable whose address is taken (&t given to json.Unmarshal, a
// method with a pointer receiver such as t.UnmarshalJSON, a closure
// that captures it) may be changed where the engine does not look and is
// not zero; nor is an expression the engine cannot find.
func (r *Result) ZeroAt(e ast.Expr) bool {
	v, ok := r.ExprValue(e)
	if !ok {
		// The operand of a conversion is consumed by the conversion.
		path := r.pathTo(ast.Unparen(e))
		if len(path) < 2 {
			return false
		}
		call, isCall := path[1].(*ast.CallExpr)
		if !isCall || len(call.Args) != 1 || call.Args[0] != e {
			return false
		}
		if tv, ok := r.Pass.TypesInfo.Types[call.Fun]; !ok || !tv.IsType() {
			return false
		}
		if v, ok = r.ExprValue(call); !ok {
			return false
		}
	}
	return zeroValue(v)
}

// zeroValue reports whether v is its type's zero value on every path: a
// zero constant, a conversion or φ-node of zeros, or a load of a
// variable only its function loads and stores that no store but of a
// zero reaches.
func zeroValue(v ssa.Value) bool { return zeroOn(v, map[ssa.Value]bool{}, 0) }

func zeroOn(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if depth > MaxDepth || seen[v] {
		return depth <= MaxDepth // a φ-cycle adds no other value
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return zeroConst(x)
	case *ssa.MakeInterface:
		return zeroOn(x.X, seen, depth+1)
	case *ssa.ChangeType:
		return zeroOn(x.X, seen, depth+1)
	case *ssa.Convert:
		return zeroOn(x.X, seen, depth+1)
	case *ssa.Phi:
		for _, in := range x.Edges {
			if !zeroOn(in, seen, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.UnOp:
		a, ok := x.X.(*ssa.Alloc)
		if !ok || x.Op != token.MUL || !localOnly(a, false) {
			return false
		}
		vals, _, ok := reaching(x, a, storeTo(a))
		if !ok {
			return false
		}
		for _, s := range vals {
			if !zeroOn(s, seen, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// zeroConst reports whether c is its type's zero value: nil (the zero
// struct, pointer, slice…), false, 0 or "".
func zeroConst(c *ssa.Const) bool {
	if c.Value == nil {
		return true
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(c.Value)
	case constant.String:
		return constant.StringVal(c.Value) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(c.Value) == 0 && isNumeric(c.Type())
	}
	return false
}

func isNumeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}
