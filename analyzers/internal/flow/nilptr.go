package flow

import "golang.org/x/tools/go/ssa"

// Pointer helpers that return nil for empty text (func orNil(s string)
// *string { if s == "" { return nil }; return &s }): the pointer is
// absent on a path the code wrote, so the value read through it is the
// argument or nothing — the empty variant, which rules read as "no
// filter", "no select" — unless the argument is constant text that is
// not empty (the nil path is taken for empty text only; a helper that
// returns nil on another test is read the same way).

// returnsNil reports whether f, a function with a body, returns nil on
// some path.
func returnsNil(f *ssa.Function) bool {
	for _, b := range f.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == 1 {
			if c, ok := r.Results[0].(*ssa.Const); ok && c.IsNil() {
				return true
			}
		}
	}
	return false
}

// orNil is the value read through the pointer a pointer helper f
// returns for an argument whose value is v.
func orNil(f *ssa.Function, v Value) Value {
	if f.Blocks == nil || !returnsNil(f) {
		return v
	}
	if s, ok := constText(v); ok && s != "" {
		return v
	}
	return union(Value{Variants: []Variant{{}}}, v)
}
