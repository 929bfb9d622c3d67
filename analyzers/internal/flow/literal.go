package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// LitField returns the values field name takes in the struct literal
// lit (T{…} or &T{…}): the constant the field is given, else what flow
// follows from the store the literal makes (SSA stores a keyed field at
// its colon, a positional one at the element). ok is false when lit is
// no struct literal, does not set the field, or its function has no SSA
// body (ill-typed): callers treat that as unknown. A pointer field
// (Select: to.Ptr("a,b")) gives the values it points to.
func (r *Result) LitField(lit ast.Expr, name string) (Value, bool) {
	lit = ast.Unparen(lit)
	if u, ok := lit.(*ast.UnaryExpr); ok && u.Op == token.AND {
		lit = ast.Unparen(u.X)
	}
	cl, ok := lit.(*ast.CompositeLit)
	if !ok {
		return Value{}, false
	}
	info := r.Pass.TypesInfo
	st, ok := info.TypeOf(cl).(*types.Struct)
	if t := info.TypeOf(cl); t != nil && !ok {
		st, ok = t.Underlying().(*types.Struct)
	}
	if !ok {
		return Value{}, false
	}
	var val ast.Expr
	var at token.Pos
	for i, e := range cl.Elts {
		if kv, isKV := e.(*ast.KeyValueExpr); isKV {
			if id, isID := kv.Key.(*ast.Ident); isID && id.Name == name {
				val, at = kv.Value, kv.Colon
				break
			}
			continue
		}
		if i < st.NumFields() && st.Field(i).Name() == name {
			val, at = e, e.Pos()
			break
		}
	}
	if val == nil {
		return Value{}, false
	}
	if tv, ok := info.Types[val]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return textValue(constant.StringVal(tv.Value)), true
	}
	s := r.litStores[at]
	if s == nil {
		return Value{}, false
	}
	e := &eval{r: r, callers: true}
	if _, isPtr := s.Val.Type().Underlying().(*types.Pointer); isPtr {
		return e.load(s.Val, 0), true // a *string field: what it points to
	}
	return e.of(s.Val, 0), true
}

// indexLitStore records s when it is a struct literal's store into a
// field (see LitField): the field's address and the store share the
// position of the element.
func (r *Result) indexLitStore(s *ssa.Store) {
	if fa, ok := s.Addr.(*ssa.FieldAddr); ok && fa.Pos().IsValid() && fa.Pos() == s.Pos() {
		r.litStores[s.Pos()] = s
	}
}
