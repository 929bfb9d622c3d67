package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A helper that fills a variable through its address (var f string;
// fill(&f)) is summarised by what it stores through each pointer
// parameter (Summary.Stores). The caller's variable then takes the
// stored values, and, when some path of the helper stores nothing
// (Partial), also the value it had: the zero value, because the rule
// below applies only to a variable the caller never assigns itself.
// Anything else — the helper passes the pointer on, keeps it, or the
// caller also assigns the variable — leaves the value unknown
// (unknownWrite), never the zero value.

// Store is what a function stores through its pointer parameter Param
// (receiver first for methods).
type Store struct {
	Param int
	Value Value
	// Partial reports that some return path stores nothing.
	Partial bool
}

// stores summarises fn's stores through its pointer parameters to
// describable values.
func (e *eval) stores(fn *ssa.Function) []Store {
	var out []Store
	var exits []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			exits = append(exits, b)
		}
	}
	if len(exits) == 0 {
		return nil
	}
	for i, p := range fn.Params {
		ptr, ok := p.Type().Underlying().(*types.Pointer)
		if !ok || structOf(p.Type()) != nil || !describable(ptr.Elem()) {
			continue
		}
		var vals []Value
		var blocks []*ssa.BasicBlock
		followed := true
		for _, ref := range *p.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr != p {
					followed = false // the pointer itself is kept
					continue
				}
				vals = append(vals, e.of(ref.Val, 0))
				blocks = append(blocks, ref.Block())
			case *ssa.UnOp:
				if ref.Op != token.MUL {
					followed = false
				}
			case *ssa.DebugRef:
			default:
				followed = false // passed on, compared, converted
			}
		}
		if !followed || len(vals) == 0 {
			continue
		}
		partial := false
		for _, x := range exits {
			covered := false
			for _, b := range blocks {
				if b.Dominates(x) {
					covered = true
					break
				}
			}
			if !covered {
				partial = true
			}
		}
		out = append(out, Store{Param: i, Value: union(vals...), Partial: partial})
	}
	return out
}

// filledByCalls is the value of the variable a whose address is given
// to calls: what those calls' summaries store through it, when a is
// otherwise only read (see the comment at the top of this file); ok is
// false when that does not describe it.
func (e *eval) filledByCalls(a *ssa.Alloc, depth int) (Value, bool) {
	var vs []Value
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return Value{}, false
			}
		case *ssa.DebugRef:
		case *ssa.Store:
			if ref.Val != a {
				return Value{}, false // a store of the caller's own
			}
			// The address kept in a struct the caller builds
			// (Filter: &f), read where the struct is used.
		case ssa.CallInstruction:
			cc := ref.Common()
			if _, builtin := cc.Value.(*ssa.Builtin); builtin {
				continue
			}
			s := e.r.Summary(cc.StaticCallee())
			if s == nil {
				return Value{}, false
			}
			found := false
			for _, st := range s.Stores {
				if st.Param < len(cc.Args) && cc.Args[st.Param] == a {
					found = true
					vs = append(vs, e.bind(st.Value, cc.Args, depth))
					if st.Partial {
						vs = append(vs, Value{Variants: []Variant{{}}})
					}
				}
			}
			if !found {
				return Value{}, false
			}
		default:
			// A store of the caller's own, the address kept or
			// converted: not described here.
			return Value{}, false
		}
	}
	if len(vs) == 0 {
		return Value{}, false
	}
	return union(vs...), true
}
