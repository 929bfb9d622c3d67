package flow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Type switches. A helper that formats an interface parameter by its
// dynamic type,
//
//	switch x := v.(type) {
//	case string:
//		return "'" + escape(x) + "'"
//	case int64:
//		return fmt.Sprintf("%dL", x)
//	default:
//		return fmt.Sprintf("'%v'", x)
//	}
//
// is summarised by the union of its returns, each variant carrying the
// case it is built under (Variant.Case): the case types of the test that
// chose it, or, for a return reached past every test, the types it is
// not. A caller binds the summary to its argument: where the argument's
// dynamic type is known (an interface value made from a concrete type in
// the caller, directly or through a field of a struct or an element of a
// slice literal it builds), only the variants of the case that type
// takes remain; where it is not known, every case stays a variant. A
// case naming an interface type (case fmt.Stringer) is never excluded
// nor lets the cases after it be excluded: whether a type implements it
// is not judged. The argument a caller passes on from its own parameter
// (or from the element a mapped function is given, mapped.go) moves the
// case there, for its own callers to decide.

// TypeCase is the condition a variant is built under: the dynamic type
// of parameter Param (or, with Elem, of the element an Each template
// maps, or its Field) is one of Types, or with Default none of them.
// Types are written by types.TypeString with full package paths.
type TypeCase struct {
	Param   int
	Elem    bool
	Field   string
	Types   []string
	Default bool
}

func sameCase(a, b *TypeCase) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Param != b.Param || a.Elem != b.Elem || a.Field != b.Field || a.Default != b.Default || len(a.Types) != len(b.Types) {
		return false
	}
	for i := range a.Types {
		if a.Types[i] != b.Types[i] {
			return false
		}
	}
	return true
}

// sameSubject reports whether a and b test the same value.
func sameSubject(a, b *TypeCase) bool {
	return a.Param == b.Param && a.Elem == b.Elem && a.Field == b.Field
}

// bothCases is the case of text built from a variant under a and one
// under b: false when they are two different cases of one value.
func bothCases(a, b *TypeCase) (*TypeCase, bool) {
	switch {
	case a == nil:
		return b, true
	case b == nil || sameCase(a, b):
		return a, true
	case !sameSubject(a, b):
		return a, true // one of the two conditions is kept
	}
	if !a.Default && !b.Default {
		return nil, false
	}
	return a, true
}

// typeCaseOf returns the case of the return in block b of fn: the
// nearest type-switch test on a parameter of fn that dominates b.
func typeCaseOf(fn *ssa.Function, b *ssa.BasicBlock) *TypeCase {
	var tc *TypeCase
	var subject ssa.Value
	for d, n := b, 0; d != nil && n < 4*MaxDepth; d, n = d.Idom(), n+1 {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || len(p.Succs) != 2 {
			continue
		}
		ex, ok := iff.Cond.(*ssa.Extract)
		if !ok || ex.Index != 1 {
			continue
		}
		ta, ok := ex.Tuple.(*ssa.TypeAssert)
		if !ok || !ta.CommaOk {
			continue
		}
		prm, ok := ta.X.(*ssa.Parameter)
		if !ok || prm.Parent() != fn || subject != nil && subject != ta.X {
			continue
		}
		subject = prm
		if types.IsInterface(ta.AssertedType) {
			return nil // whether the type implements it is not judged
		}
		t := types.TypeString(ta.AssertedType, nil)
		if tc == nil {
			tc = &TypeCase{Param: paramIndex(fn, prm), Default: true}
		}
		if d == p.Succs[0] {
			// The case taken: the types tested before it do not matter.
			if tc.Default {
				tc.Types, tc.Default = []string{t}, false
			}
			continue
		}
		if tc.Default {
			tc.Types = append(tc.Types, t)
		}
	}
	return tc
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// dynType returns the dynamic type of the interface value v when the
// code shows it: made from a concrete type (directly, through a
// variable or struct field assigned once); nil when not known.
func dynType(v ssa.Value, depth int) types.Type {
	if v == nil || depth > MaxDepth {
		return nil
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return x.X.Type()
	case *ssa.ChangeInterface:
		return dynType(x.X, depth+1)
	case *ssa.UnOp:
		if vals := storesTo(x.X); len(vals) == 1 {
			return dynType(vals[0], depth+1)
		}
	case *ssa.Field:
		if ld, ok := x.X.(*ssa.UnOp); ok {
			return dynType(storedIntoField(ld.X, x.Field), depth+1)
		}
	}
	return nil
}

// storedIntoField returns the one value stored into field i of the struct
// at address a; nil when none or several.
func storedIntoField(a ssa.Value, i int) ssa.Value {
	refs := a.Referrers()
	if refs == nil {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *refs {
		if fa, ok := ref.(*ssa.FieldAddr); ok && fa.X == a && fa.Field == i {
			out = append(out, storesTo(fa)...)
		}
	}
	if len(out) != 1 {
		return nil
	}
	return out[0]
}

// admits reports whether a variant under c can be built when the value
// tested has dynamic type t (nil: not known).
func (c *TypeCase) admits(t types.Type) bool {
	if c == nil || t == nil {
		return true
	}
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		return true
	}
	s := types.TypeString(t, nil)
	in := false
	for _, ct := range c.Types {
		if ct == s {
			in = true
		}
	}
	if c.Default {
		return !in
	}
	return in
}
