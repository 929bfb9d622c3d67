package writes

import (
	"go/ast"
	"go/types"
)

// LiteralProperty is one property an entity literal sets.
type LiteralProperty struct {
	// Name is the property's name: a map entry's constant key, or a
	// field's JSON name ("" for a field JSON leaves out).
	Name string
	// Field is the struct field the literal sets; nil in a map.
	Field *types.Var
	// Type is the field's type, or in a map the entry's value's type.
	Type  types.Type
	Value ast.Expr
}

// LiteralProperties calls visit with each property the literal lit, of
// type t, sets, in the literal's order: every entry of a map with string
// keys whose key is a constant, every field of a struct (keyed or
// positional). It is the one walk over an entity literal's properties;
// what a property means (a key, the Properties of an EDMEntity, an
// embedded struct) is the caller's. It returns false, visiting nothing,
// when t is neither a map with string keys nor a struct.
func (x *Index) LiteralProperties(t types.Type, lit *ast.CompositeLit, visit func(LiteralProperty)) bool {
	if IsStringMap(t) {
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := x.ConstString(kv.Key); ok {
				visit(LiteralProperty{Name: k, Type: x.Info.TypeOf(kv.Value), Value: kv.Value})
			}
		}
		return true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i, e := range lit.Elts {
		f, v := i, e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			f, v = FieldIndex(st, id.Name), kv.Value
		}
		if f < 0 || f >= st.NumFields() {
			continue
		}
		name, _ := FieldJSONName(st, f)
		visit(LiteralProperty{Name: name, Field: st.Field(f), Type: st.Field(f).Type(), Value: v})
	}
	return true
}
