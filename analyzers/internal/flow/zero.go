package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

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

// LitFieldZero reports whether field name of the struct literal lit
// (keyed, written in a function of the package) holds the zero value
// wherever the struct goes: the literal leaves the field out or gives
// it a zero, no store sets it later (x.F = …, x.F++), no address of the
// struct or the field is passed on (&x to json.Unmarshal, a method with
// a pointer receiver), and the struct, its copies and pointers to it go
// nowhere but json.Marshal and field reads. A struct returned, given to
// another function or captured may get the field there: not zero. ok is
// false when the literal's storage is not found.
func (r *Result) LitFieldZero(lit *ast.CompositeLit, name string) (zero, ok bool) {
	a, _ := r.valueAt(lit.Lbrace, isAlloc).(*ssa.Alloc)
	if a == nil {
		// Built in place in the variable it is assigned to: the
		// variable's storage, found from the literal's own stores.
		for _, el := range lit.Elts {
			kv, isKV := el.(*ast.KeyValueExpr)
			if !isKV {
				continue
			}
			if s := r.litStores[kv.Colon]; s != nil {
				if fa, isFA := s.Addr.(*ssa.FieldAddr); isFA {
					a, _ = fa.X.(*ssa.Alloc)
				}
			}
			break
		}
	}
	if a == nil {
		return false, false
	}
	st := structOf(a.Type())
	if st == nil {
		return false, false
	}
	i := slices.IndexFunc(fieldsOf(st), func(f *types.Var) bool { return f.Name() == name })
	if i < 0 {
		return false, false
	}
	return fieldStaysZero(a, i, 0), true
}

// fieldStaysZero reports whether field i of the struct at addr keeps its
// zero value through every use of addr (see LitFieldZero).
func fieldStaysZero(addr ssa.Value, i, depth int) bool {
	if depth > MaxDepth {
		return false
	}
	for _, ref := range *addr.Referrers() {
		switch u := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if u.Field != i {
				continue // another field: its stores do not touch this one
			}
			for _, fr := range *u.Referrers() {
				switch s := fr.(type) {
				case *ssa.Store:
					if s.Addr != u || !zeroValue(s.Val) {
						return false
					}
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return false // &x.F passed on
				}
			}
		case *ssa.Store:
			if u.Addr != addr {
				return false // the pointer itself kept somewhere
			}
			if c, isConst := u.Val.(*ssa.Const); !isConst || c.Value != nil {
				return false // a whole struct copied in
			}
		case *ssa.UnOp:
			if u.Op != token.MUL || !valueStaysZero(u, i, depth+1) {
				return false
			}
		default:
			if !marshalled(u) {
				return false
			}
		}
	}
	return true
}

// valueStaysZero is fieldStaysZero for a struct value v (a copy): read,
// marshalled, or stored into another local variable whose field stays
// zero.
func valueStaysZero(v ssa.Value, i, depth int) bool {
	for _, ref := range *v.Referrers() {
		switch u := ref.(type) {
		case *ssa.DebugRef, *ssa.Field:
		case *ssa.Store:
			a, isAlloc := u.Addr.(*ssa.Alloc)
			if !isAlloc || u.Val != v || !fieldStaysZero(a, i, depth+1) {
				return false
			}
		default:
			if !marshalled(u) {
				return false
			}
		}
	}
	return true
}

// marshalled reports whether the instruction gives the value it uses to
// json.Marshal only: the call itself, or an interface made for it.
func marshalled(in ssa.Instruction) bool {
	switch u := in.(type) {
	case *ssa.Call:
		f := u.Call.StaticCallee()
		return f != nil && f.Pkg != nil && f.Pkg.Pkg.Path() == "encoding/json" && f.Name() == "Marshal"
	case *ssa.MakeInterface:
		refs := u.Referrers()
		if refs == nil || len(*refs) == 0 {
			return false
		}
		for _, r := range *refs {
			if !marshalled(r) {
				return false
			}
		}
		return true
	}
	return false
}
