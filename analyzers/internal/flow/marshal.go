package flow

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The documents encoding/json (and encoding/xml) make of structs.
//
// json.Marshal of a struct (or a pointer to one) is the text of its
// document: each field the encoder writes, as its name and its value —
// a string field's value between quotes, as the code sets it (the
// literal, the stores into the field, the decoding that fills it:
// fieldOf); a number, bool, time or UUID as a hole bounded by its type.
// Its size (SizeOf) is thus the sum of its fields': unbounded when a
// field holds an unbounded value (a request's text, a body read whole,
// a caller's slice), bounded when every field is. Approximations: the
// escaping of characters (\u003c, \") is not counted, so a bound is the
// size of the text as written; a field that is itself a struct (or a
// pointer to one) is the document of what the code stores in its
// fields (nestedDoc: a nested literal, stores into o.In.F, a whole
// struct stored; nesting bounded by maxDocNesting), or as large as its
// type alone says when nothing is stored there; an interface or an
// array of structs is as large as its type alone says, else unknown
// unless its value is unbounded; a type with its own MarshalJSON /
// MarshalText is not read. json.NewEncoder(w).Encode(v) (xml too) into
// a strings.Builder or bytes.Buffer writes this document (calls.go:
// encoded).
//
// A parameter whose type is a type parameter, marshalled in a generic
// function (json.Marshal(v) with v of type V), is a Param hole marked
// Marshalled: a caller binds it to the document of what it passes.

// maxDocFields bounds the fields of one document followed (each adds
// two parts to the text: MaxParts).
const maxDocFields = 24

// marshalledDoc names the hole of a document json.Marshal or
// xml.Marshal makes of a slice, a map or a dynamic value.
const marshalledDoc = "a marshalled document"

// Sizes of values by their type, as encoding/json writes them.
const (
	boolMax = 5                                                   // false
	timeMax = int64(len(`"2006-01-02T15:04:05.999999999Z07:00"`)) // RFC 3339 with nanoseconds
)

// marshal is the document json.Marshal (tag "json") or xml.Marshal
// (tag "xml") makes of x: of a slice or a map (or a struct holding one),
// a document of any size; of an untyped value decoded from a stream
// read whole, one as long as what was read; of a struct, its fields'
// text (marshalled); else one hole standing for x.
func (e *eval) marshal(x ssa.Value, tag string, depth int) Value {
	if Growable(underlyingArg(x).Type()) {
		if d, ok := e.literalDoc(underlyingArg(x), depth); ok {
			return d
		}
		return holeValue(Hole{Source: Body, What: marshalledDoc})
	}
	if types.IsInterface(x.Type()) {
		// A dynamic value decoded from a stream read whole: a
		// document as long as what was read.
		a := e.of(x, depth)
		for _, h := range a.Holes() {
			if h.Source == Body || h.Source == Request && h.What == "body" {
				return holeValue(Hole{Source: Body, What: marshalledDoc, Bound: h.Bound & LengthChecked, Max: sizeOfWhole(a)})
			}
		}
	}
	if doc, ok := e.marshalled(x, tag, depth); ok {
		return doc
	}
	return opaque(e.of(x, depth), 0)
}

// marshalled is the document json.Marshal (tag "json") or xml.Marshal
// (tag "xml") makes of x; ok is false when x is not a struct, a pointer
// to one or a type parameter, or its type marshals itself.
func (e *eval) marshalled(x ssa.Value, tag string, depth int) (Value, bool) {
	x = underlyingArg(x)
	if ct, ok := x.(*ssa.ChangeType); ok {
		x = ct.X
	}
	t := x.Type()
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		v := e.of(x, depth)
		hs := v.Holes()
		if len(v.Variants) != 1 || len(hs) != 1 || hs[0].Source != Param || hs[0].Joined || hs[0].Elem {
			return Value{}, false
		}
		h := *hs[0]
		h.Marshalled = true
		return holeValue(h), true
	}
	st := structOf(t)
	if st == nil || marshalsItself(t) || depth > MaxDepth {
		return Value{}, false
	}
	fields := docFields(st, tag)
	if len(fields) == 0 || len(fields) > maxDocFields {
		return Value{}, false
	}
	out := textValue("{")
	for i, f := range fields {
		sep := ","
		if i == 0 {
			sep = ""
		}
		out = concat(out, textValue(sep+`"`+f.name+`":`))
		ft := f.v.Type()
		if isStringType(ft) && !f.embedded {
			v, ok := e.localField(x, f.index, ft, depth+1)
			if !ok {
				v = e.fieldOf(x, f.v.Name(), depth+1)
			}
			out = concat(concat(concat(out, textValue(`"`)), v), textValue(`"`))
			continue
		}
		if n, ok := typeMax(ft, tag, 0); ok {
			out = concat(out, holeValue(Hole{Bound: numBound(ft), Max: max(n, 1), What: f.v.Name()}))
			continue
		}
		if !f.embedded && structOf(ft) != nil {
			if v, ok := e.nestedDoc(x, f.index, ft, tag, depth+1); ok {
				out = concat(out, v)
				continue
			}
		}
		if !f.embedded {
			if v := e.fieldOf(x, f.v.Name(), depth+1); SizeOf(v).Unbounded {
				out = concat(out, v)
				continue
			}
		}
		out = concat(out, holeValue(Hole{What: f.v.Name()}))
	}
	return concat(out, textValue("}")), true
}

// maxDocNesting bounds the structs nested in one another whose
// documents are written out field by field.
const maxDocNesting = 4

// nestedDoc is the document of field i of the struct x holds (x a
// variable of its function, its address, or a pointer to a struct),
// when that field is itself a struct or a pointer to one: the document
// of what the code puts there, field by field (marshalled), as the
// nested literal Outer{In: In{…}}, stores into o.In.F or a whole
// struct (or pointer) stored into o.In give it. ok is false when
// nothing is stored there or nesting is too deep: its size is then its
// type's.
func (e *eval) nestedDoc(x ssa.Value, i int, ft types.Type, tag string, depth int) (Value, bool) {
	if e.nesting >= maxDocNesting || depth > MaxDepth {
		return Value{}, false
	}
	base := x
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL {
		base = ld.X
	}
	if _, isPtr := base.Type().Underlying().(*types.Pointer); !isPtr || base.Referrers() == nil {
		return Value{}, false
	}
	_, ptrField := ft.Underlying().(*types.Pointer)
	e.nesting++
	defer func() { e.nesting-- }()
	var vs []Value
	for _, ref := range *base.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != base || fa.Field != i {
			continue
		}
		whole := false
		for _, r2 := range *fa.Referrers() {
			st, ok := r2.(*ssa.Store)
			if !ok || st.Addr != fa {
				continue
			}
			if _, isConst := st.Val.(*ssa.Const); isConst {
				if ptrField {
					whole = true
					vs = append(vs, textValue("null"))
				}
				continue // a literal's clearing store: its fields follow
			}
			whole = true
			doc, ok := e.marshalled(st.Val, tag, depth)
			if !ok {
				return Value{}, false
			}
			vs = append(vs, doc)
		}
		if !whole && !ptrField {
			doc, ok := e.marshalled(fa, tag, depth)
			if !ok {
				return Value{}, false
			}
			vs = append(vs, doc)
		}
	}
	if len(vs) == 0 && ptrField && untouched(base) {
		return textValue("null"), true // a variable's pointer field never set
	}
	if len(vs) == 0 || len(vs) > MaxVariants {
		return Value{}, false
	}
	return union(vs...), true
}

// untouched reports whether the struct variable a points to is written
// only through its fields (and cleared whole) and used once otherwise
// (the call that marshals it): a field it has no FieldAddr of keeps its
// zero value.
func untouched(a ssa.Value) bool {
	if _, ok := a.(*ssa.Alloc); !ok {
		return false
	}
	uses := 0
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef, *ssa.UnOp:
		case *ssa.Store:
			if ref.Addr != a {
				uses++
			} else if _, isConst := ref.Val.(*ssa.Const); !isConst {
				return false
			}
		default:
			uses++
		}
	}
	return uses <= 1
}

// localField is field i of the struct x holds, when x is a variable
// of its function (or its address) only written field by field there:
// the stores that reach the read (or the one use of the address), the
// zero value where none does (a literal that leaves the field out).
func (e *eval) localField(x ssa.Value, i int, ft types.Type, depth int) (Value, bool) {
	var a *ssa.Alloc
	var use ssa.Instruction
	switch x := x.(type) {
	case *ssa.UnOp:
		a, _ = x.X.(*ssa.Alloc)
		use = x
	case *ssa.Alloc:
		a = x
		for _, ref := range *x.Referrers() {
			switch ref.(type) {
			case *ssa.FieldAddr, *ssa.Store, *ssa.DebugRef, *ssa.UnOp:
			default:
				if use != nil {
					return Value{}, false
				}
				use = ref
			}
		}
	}
	if a == nil || use == nil || use.Block() == nil || !structLocal(a, use) {
		return Value{}, false
	}
	vals, zeros, ok := reaching(use, a, storeToField(a, i))
	if !ok {
		return Value{}, false
	}
	var vs []Value
	for _, v := range vals {
		if !types.Identical(v.Type(), ft) {
			return Value{}, false // a whole struct copied in
		}
		vs = append(vs, e.of(v, depth))
	}
	vs = append(vs, e.zeroValues(zeros, vs, depth)...)
	return union(vs...), true
}

// A docField is a field an encoder writes, under name.
type docField struct {
	v        *types.Var
	index    int
	name     string
	embedded bool
}

// docFields lists the fields of st an encoder writes: exported, not
// tagged "-", an embedded struct as one field (its size by its type).
func docFields(st *types.Struct, tag string) []docField {
	var out []docField
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		name := f.Name()
		if tv, ok := reflect.StructTag(st.Tag(i)).Lookup(tag); ok {
			n, _, _ := strings.Cut(tv, ",")
			if n == "-" && !strings.HasPrefix(tv, "-,") {
				continue
			}
			if n != "" {
				name = n
			}
		}
		if !f.Exported() && !f.Embedded() {
			continue
		}
		out = append(out, docField{v: f, index: i, name: name, embedded: f.Embedded()})
	}
	return out
}

// marshalsItself reports whether values of t write their own document
// (MarshalJSON, MarshalText, MarshalXML).
func marshalsItself(t types.Type) bool {
	for _, tt := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(tt)
		for _, name := range []string{"MarshalJSON", "MarshalText", "MarshalXML"} {
			if ms.Lookup(nil, name) != nil {
				return true
			}
		}
	}
	return false
}

// typeMax returns the most bytes a value of type t takes in a document
// by its type alone: numbers, bools, times, UUIDs, arrays and structs
// of them; ok is false for strings, slices, maps, interfaces and
// anything holding one.
func typeMax(t types.Type, tag string, depth int) (int64, bool) {
	if depth > 3 {
		return 0, false
	}
	if isNamed(t, "time", "Time") {
		return timeMax, true
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && strings.HasSuffix(strings.ToLower(n.Obj().Name()), "uuid") {
		if a, ok := n.Underlying().(*types.Array); ok && a.Len() == 16 {
			return uuidMax + 2, true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return boolMax, true
		case u.Info()&types.IsInteger != 0:
			return digitsMax, true
		case u.Info()&(types.IsFloat|types.IsComplex) != 0:
			return numberMax, true
		}
	case *types.Pointer:
		return typeMax(u.Elem(), tag, depth+1)
	case *types.Array:
		n, ok := typeMax(u.Elem(), tag, depth+1)
		return 2 + u.Len()*(n+1), ok
	case *types.Struct:
		if marshalsItself(t) {
			return 0, false
		}
		sum := int64(2)
		for _, f := range docFields(u, tag) {
			n, ok := typeMax(f.v.Type(), tag, depth+1)
			if !ok {
				return 0, false
			}
			sum += n + int64(len(f.name)) + 4
		}
		return sum, true
	}
	return 0, false
}

// literalDoc is the document json.Marshal makes of a map or slice
// literal whose entries are all known and bounded (constants, numbers,
// bounded text): a map made and filled in one block (a literal; an
// update in a loop or a branch could add any number) and only
// marshalled or printed, or a slice literal not written through. Its size is the
// sum of its entries' and of their punctuation (escaping not counted,
// as for structs). ok is false for anything else: a document of any
// size.
func (e *eval) literalDoc(x ssa.Value, depth int) (Value, bool) {
	if depth > MaxDepth {
		return Value{}, false
	}
	n := int64(2) // {} or []
	add := func(v ssa.Value) bool {
		s := SizeOf(e.of(v, depth+1))
		n += s.Max + 4 // quotes, colon or comma
		return s.Bounded
	}
	switch v := x.(type) {
	case *ssa.MakeMap:
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.DebugRef:
			case *ssa.MapUpdate:
				if r.Map != v || r.Block() != v.Block() || !add(r.Key) || !add(r.Value) {
					return Value{}, false
				}
			case *ssa.MakeInterface:
				if !onlyReadBy(r) {
					return Value{}, false
				}
			default:
				return Value{}, false
			}
		}
	case *ssa.Slice:
		elems, ok := sliceLiteral(v)
		if !ok {
			return Value{}, false
		}
		for _, el := range elems {
			if el == nil || !add(el) {
				return Value{}, false
			}
		}
		for _, ref := range *v.Referrers() {
			if mi, ok := ref.(*ssa.MakeInterface); !ok || !onlyReadBy(mi) {
				if _, ok := ref.(*ssa.DebugRef); !ok {
					return Value{}, false
				}
			}
		}
	default:
		return Value{}, false
	}
	return holeValue(Hole{What: marshalledDoc, Max: n}), true
}

// onlyReadBy reports whether the interface value mi is only given to
// calls that do not change what it holds (readOnlyCall: json.Marshal,
// fmt's printing).
func onlyReadBy(mi *ssa.MakeInterface) bool {
	for _, ref := range *mi.Referrers() {
		if c, ok := ref.(*ssa.Call); !ok || !readOnlyCall(c.Common()) {
			return false
		}
	}
	return true
}
