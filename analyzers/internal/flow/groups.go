package flow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Groups: slices of a local map filled by appending each item under its
// own field, and what that says about the items of one slice.
//
// A function that files items by one of their fields,
//
//	byPage := map[string][]Visit{}
//	for _, v := range visits {
//		byPage[v.Page] = append(byPage[v.Page], v)
//	}
//
// then ranges over the map (or looks a key up) has, in each slice it
// gets, items whose Page is the slice's key: their Page is fixed for as
// long as the slice is. The same holds for an entry read by a constant
// key from map items (ent["PartitionKey"].(string)). Only a map made in
// the function is trusted, and only when every store into it appends
// items under their own field (or entry) of that name to the slice
// already there: a map given to a call, kept elsewhere or filled any
// other way groups nothing.

// groupOf returns the slice v is an element of when that slice is a
// value of a local map whose items are filed under their field (or
// constant-key entry) name; nil otherwise.
func groupOf(v ssa.Value, name string) ssa.Value {
	g := elementOf(v)
	if g == nil {
		return nil
	}
	var m ssa.Value
	switch x := g.(type) {
	case *ssa.Extract:
		// for _, g := range m: the value of ssa.Next; v, ok := m[k].
		switch t := x.Tuple.(type) {
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok && x.Index == 2 {
				m = r.X
			}
		case *ssa.Lookup:
			if x.Index == 0 {
				m = t.X
			}
		}
	case *ssa.Lookup:
		m = x.X
	}
	if mm, ok := m.(*ssa.MakeMap); ok && filedBy(mm, name) {
		return g
	}
	return nil
}

// elementOf returns the slice (or array) v is an element of: *&s[i],
// s[i] of an array, s being that slice, possibly resliced (g[a:b]).
func elementOf(v ssa.Value) ssa.Value {
	v = held(v)
	var s ssa.Value
	switch x := v.(type) {
	case *ssa.UnOp:
		ia, ok := x.X.(*ssa.IndexAddr)
		if !ok || x.Op != token.MUL {
			return nil
		}
		s = ia.X
	case *ssa.Index:
		s = x.X
	case *ssa.IndexAddr:
		s = x.X // &s[i], its fields read in place
	default:
		return nil
	}
	return sliced(s)
}

// sliced returns the slice s is cut from: s itself, or the slice of
// s[a:b], or, for a variable cut down in a loop (for len(s) > 0 { …;
// s = s[n:] }), the one value it starts from.
func sliced(s ssa.Value) ssa.Value {
	for i := 0; i <= MaxDepth; i++ {
		switch x := s.(type) {
		case *ssa.Slice:
			s = x.X
			continue
		case *ssa.Phi:
			var root ssa.Value
			for _, ed := range x.Edges {
				if cutFrom(ed, x) {
					continue
				}
				if root != nil && root != ed {
					return s
				}
				root = ed
			}
			if root == nil {
				return s
			}
			s = root
			continue
		}
		return s
	}
	return nil
}

// cutFrom reports whether v is p resliced (p[n:], p[a:b][c:]).
func cutFrom(v ssa.Value, p *ssa.Phi) bool {
	for i := 0; i <= MaxDepth; i++ {
		sl, ok := v.(*ssa.Slice)
		if !ok {
			return false
		}
		if sl.X == p {
			return true
		}
		v = sl.X
	}
	return false
}

// filedBy reports whether every store into the local map m appends
// items under their own field or entry name (m[e.F] = append(m[e.F], e)),
// and m is used otherwise only to be read, ranged over, measured or
// cleared.
func filedBy(m *ssa.MakeMap, name string) bool {
	refs := m.Referrers()
	if refs == nil {
		return false
	}
	filled := false
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.MapUpdate:
			if r.Map != m || !appendsUnder(m, r, name) {
				return false
			}
			filled = true
		case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
		case *ssa.Call:
			b, ok := r.Call.Value.(*ssa.Builtin)
			if !ok || (b.Name() != "len" && b.Name() != "delete" && b.Name() != "clear") {
				return false
			}
		default:
			return false
		}
	}
	return filled
}

// appendsUnder reports whether up is m[k] = append(m[k], e…) with every
// e filed under k, its own field or entry name.
func appendsUnder(m *ssa.MakeMap, up *ssa.MapUpdate, name string) bool {
	call, ok := up.Value.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || b.Name() != "append" || len(call.Call.Args) != 2 {
		return false
	}
	prev, ok := call.Call.Args[0].(*ssa.Lookup)
	if !ok || prev.X != m || !sameRead(prev.Index, up.Key, 0) {
		return false
	}
	items, ok := sliceLiteral(call.Call.Args[1])
	if !ok || len(items) == 0 {
		return false
	}
	for _, e := range items {
		if !projects(up.Key, e, name) {
			return false
		}
	}
	return true
}

// projects reports whether k is the field (or constant-key entry) name
// of e: e.F, (*e).F, e["F"].(T).
func projects(k, e ssa.Value, name string) bool {
	switch x := k.(type) {
	case *ssa.Field:
		return fieldName(x.X.Type(), x.Field) == name && sameItem(x.X, e)
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		return ok && x.Op == token.MUL && fieldName(fa.X.Type(), fa.Field) == name && sameItem(fa.X, e)
	case *ssa.Extract:
		ta, ok := x.Tuple.(*ssa.TypeAssert)
		return ok && x.Index == 0 && projects(ta, e, name)
	case *ssa.TypeAssert:
		return projects(x.X, e, name)
	case *ssa.ChangeType:
		return projects(x.X, e, name)
	case *ssa.Lookup:
		return constKey(x.Index) == name && sameItem(x.X, e)
	}
	return false
}

// sameItem reports whether a and b are the same item: the same value
// read the same way, or a local variable and its one value.
func sameItem(a, b ssa.Value) bool {
	return sameRead(held(a), held(b), 0)
}

// held returns, for a local variable assigned once and never through a
// field or its address (for _, o := range orders, o.Shop read in place),
// or a load of one, the value stored in it; v otherwise.
func held(v ssa.Value) ssa.Value {
	a, ok := v.(*ssa.Alloc)
	if !ok {
		ld, isLoad := v.(*ssa.UnOp)
		if !isLoad || ld.Op != token.MUL {
			return v
		}
		if a, ok = ld.X.(*ssa.Alloc); !ok {
			return v
		}
	}
	var val ssa.Value
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != a || val != nil {
				return v
			}
			val = r.Val
		case *ssa.FieldAddr:
			if !onlyLoaded(r) {
				return v
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return v
			}
		case *ssa.DebugRef:
		default:
			return v
		}
	}
	if val == nil {
		return v
	}
	return val
}

// onlyLoaded reports whether the address a is only read through.
func onlyLoaded(a ssa.Value) bool {
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyLoaded(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// fieldName is the name of field i of the struct t is (or points to);
// "" when t is neither.
func fieldName(t types.Type, i int) string {
	_, f := structField(t, i)
	if f == nil {
		return ""
	}
	return f.Name()
}

// structField is field i of the struct t is (or points to), and that
// struct type (t, or what it points to); a nil field when t is neither
// or has no field i.
func structField(t types.Type, i int) (types.Type, *types.Var) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return t, nil
	}
	return t, st.Field(i)
}

// constKey is the text of a constant string map key ("" otherwise).
func constKey(k ssa.Value) string {
	if mi, ok := k.(*ssa.MakeInterface); ok {
		k = mi.X
	}
	c, ok := k.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(c.Value)
}
