package flow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Stores that reach a use. A variable whose address is taken (Filter:
// &f) and a field of a struct built in the function (opts.Filter = …)
// are not lifted into φ-nodes by go/ssa: their values are the stores
// made to them. When the engine knows the instruction that uses the
// value (a load, or the query call the options are given to: eval.at),
// only the stores that reach it count — a store overwritten on every
// path before the use (f := ""; if ok { f = a } else { f = b }; the
// second of two o.Filter = …) is not a value the use can see — and a
// path from the variable's birth with no store gives the zero value.
// Without a use, or when the address escapes the function, every store
// counts (the conservative union).

// maxReachBlocks bounds the blocks one reaching-stores walk visits.
const maxReachBlocks = 256

// reaching returns the values stored by the instructions isStore
// recognises that reach use on some path, walking back from use until a
// store or birth (the instruction that creates the variable). A path
// that reaches birth without a store gives the zero value: zeros holds
// one entry per such path kind, nil for an unguarded path, or the
// string x when the path runs only if x == "" (it passed the false edge
// of if x != "", or the true edge of if x == ""): there x is the zero
// value, so a rule may read x instead (opts.Filter = &x under x != ""
// runs x's query either way). ok is false when the walk is cut off.
func reaching(use ssa.Instruction, birth ssa.Instruction, isStore func(ssa.Instruction) (ssa.Value, bool)) (vals []ssa.Value, zeros []ssa.Value, ok bool) {
	start := use.Block()
	if start == nil {
		return nil, nil, false
	}
	type item struct {
		b     *ssa.BasicBlock
		guard ssa.Value
	}
	seen := map[item]bool{}
	stored := map[ssa.Value]bool{}
	zeroSeen := map[ssa.Value]bool{}
	// scan looks at b's instructions before index end, last first; it
	// reports whether the path stops in b.
	scan := func(b *ssa.BasicBlock, end int, guard ssa.Value) bool {
		for i := end - 1; i >= 0; i-- {
			in := b.Instrs[i]
			if in == birth {
				if !zeroSeen[guard] {
					zeroSeen[guard] = true
					zeros = append(zeros, guard)
				}
				return true
			}
			if v, isStore := isStore(in); isStore {
				if !stored[v] {
					stored[v] = true
					vals = append(vals, v)
				}
				return true
			}
		}
		return false
	}
	idx := -1
	for i, in := range start.Instrs {
		if in == use {
			idx = i
		}
	}
	if idx < 0 {
		return nil, nil, false
	}
	var work []item
	push := func(b *ssa.BasicBlock, guard ssa.Value) {
		for _, p := range b.Preds {
			g := guard
			if g == nil && storesOnOtherEdge(p, b, isStore) {
				g = emptyOnEdge(p, b)
			}
			work = append(work, item{p, g})
		}
	}
	if !scan(start, idx, nil) {
		push(start, nil)
	}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[it] {
			continue
		}
		seen[it] = true
		if len(seen) > maxReachBlocks {
			return nil, nil, false
		}
		if !scan(it.b, len(it.b.Instrs), it.guard) {
			if len(it.b.Preds) == 0 {
				// The function's entry without the birth: a variable of
				// another function (a free variable's cell).
				return nil, nil, false
			}
			push(it.b, it.guard)
		}
	}
	return vals, zeros, true
}

// storesOnOtherEdge reports whether p, a block ending in an if, stores
// the variable in its successor other than b: only such a test guards
// the store (if x != "" { opts.Filter = &x }); another one on the way
// (if token != "" { opts.Next… = … }) says nothing about it.
func storesOnOtherEdge(p, b *ssa.BasicBlock, isStore func(ssa.Instruction) (ssa.Value, bool)) bool {
	if len(p.Succs) != 2 {
		return false
	}
	other := p.Succs[0]
	if other == b {
		other = p.Succs[1]
	}
	for _, in := range other.Instrs {
		if _, ok := isStore(in); ok {
			return true
		}
	}
	return false
}

// emptyOnEdge returns the string x that is "" on the edge from p to b
// (p ends with if x != "" and b is its else, or if x == "" and b its
// then), or nil.
func emptyOnEdge(p, b *ssa.BasicBlock) ssa.Value {
	if len(p.Instrs) == 0 || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
		return nil
	}
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	bo, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || !isStringType(bo.X.Type()) {
		return nil
	}
	x, c := bo.X, bo.Y
	if _, isC := x.(*ssa.Const); isC {
		x, c = c, x
	}
	k, ok := c.(*ssa.Const)
	if !ok || k.Value == nil || constant.StringVal(k.Value) != "" {
		return nil
	}
	switch {
	case bo.Op == token.NEQ && b == p.Succs[1], bo.Op == token.EQL && b == p.Succs[0]:
		return x
	}
	return nil
}

// zeroValues is the value of the zero paths reaching found: "" for an
// unguarded one; for one guarded by x == "", x itself when every value
// stored (stored, as the caller read them) is x (opts.Filter = &x under
// x != "": x's query runs either way), and "" otherwise — a store of a
// text built from x (a filter around it) leaves that path without one.
func (e *eval) zeroValues(zeros []ssa.Value, stored []Value, depth int) []Value {
	var out []Value
	for _, g := range zeros {
		if g == nil {
			out = append(out, Value{Variants: []Variant{{}}})
			continue
		}
		gv := e.of(g, depth)
		if !allStoredAre(stored, gv) {
			out = append(out, Value{Variants: []Variant{{}}})
			continue
		}
		out = append(out, gv)
	}
	return out
}

// allStoredAre reports whether every value of stored is the one hole g
// is (the same parameter and field, or the same other origin), nothing
// added around it.
func allStoredAre(stored []Value, g Value) bool {
	gh := soleHole(g)
	if gh == nil {
		return false
	}
	for _, v := range stored {
		for _, vr := range v.Variants {
			if len(vr.Parts) != 1 || vr.Parts[0].Hole == nil {
				return false
			}
			h := vr.Parts[0].Hole
			// The same origin, whatever the guard did to it (trimmed).
			if h.Source != gh.Source || h.Param != gh.Param || h.Field != gh.Field || h.owner != gh.owner || h.Source != Param && h.What != gh.What {
				return false
			}
		}
	}
	return true
}

// soleHole returns the hole of a value that is one hole and nothing else.
func soleHole(v Value) *Hole {
	if len(v.Variants) != 1 || len(v.Variants[0].Parts) != 1 {
		return nil
	}
	return v.Variants[0].Parts[0].Hole
}

// storeTo recognises a store to addr.
func storeTo(addr ssa.Value) func(ssa.Instruction) (ssa.Value, bool) {
	return func(in ssa.Instruction) (ssa.Value, bool) {
		if st, ok := in.(*ssa.Store); ok && st.Addr == addr {
			return st.Val, true
		}
		return nil, false
	}
}

// storeToField recognises a store to field i of base.
func storeToField(base ssa.Value, i int) func(ssa.Instruction) (ssa.Value, bool) {
	return func(in ssa.Instruction) (ssa.Value, bool) {
		if st, ok := in.(*ssa.Store); ok {
			if st.Addr == base {
				// The whole struct (a literal's clearing store): the
				// field's value in it, the zero value for a constant.
				if _, isConst := st.Val.(*ssa.Const); isConst {
					return ssa.NewConst(nil, st.Val.Type().Underlying().(*types.Struct).Field(i).Type()), true
				}
				return st.Val, true // a whole struct copied in: see storedField
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == base && fa.Field == i {
				return st.Val, true
			}
		}
		return nil, false
	}
}

// reachingValue is the union of the values stored to a variable that
// reach use (zero: the zero value too); ok false when the walk is cut.
func (e *eval) reachingValue(use, birth ssa.Instruction, isStore func(ssa.Instruction) (ssa.Value, bool), depth int) (Value, bool) {
	vals, zeros, ok := reaching(use, birth, isStore)
	if !ok {
		return Value{}, false
	}
	var vs []Value
	for _, v := range vals {
		vs = append(vs, e.of(v, depth))
	}
	vs = append(vs, e.zeroValues(zeros, vs, depth)...)
	return union(vs...), true
}

// localOnly reports whether the variable a is only loaded and stored
// by its own function (its address is not captured, passed or kept), so
// that reaching stores describe it. kept allows its address to be
// stored into a struct of the function (Filter: &f), read where the
// struct is used.
func localOnly(a *ssa.Alloc, kept bool) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != a && !(kept && ref.Val == a) {
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// structLocal reports whether the struct a is only accessed through
// field addresses and loads in its function, or passed to the use
// (the query call reads it there).
func structLocal(a *ssa.Alloc, use ssa.Instruction) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr, *ssa.UnOp, *ssa.DebugRef:
		case *ssa.Store:
			if ref.Addr != a {
				return false
			}
		default:
			if ref != use {
				return false
			}
		}
	}
	return true
}

// guardedNonEmpty reports whether block b runs only when the slice x
// has elements: a dominating if len(x) > 0 (!= 0, >= 1, 0 < len(x))
// whose then branch dominates b.
func guardedNonEmpty(b *ssa.BasicBlock, x ssa.Value) bool {
	for d := b; d != nil; d = d.Idom() {
		for _, p := range []*ssa.BasicBlock{d.Idom()} {
			if p == nil || len(p.Instrs) == 0 || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
				continue
			}
			ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
			if !ok || !p.Succs[0].Dominates(b) || len(p.Succs[0].Preds) != 1 {
				continue
			}
			if impliesNonEmpty(ifi.Cond, x) {
				return true
			}
		}
	}
	return false
}

// impliesNonEmpty reports whether cond being true means len(x) > 0.
func impliesNonEmpty(cond, x ssa.Value) bool {
	bo, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	isLen := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		b, ok := c.Call.Value.(*ssa.Builtin)
		return ok && b.Name() == "len" && len(c.Call.Args) == 1 && c.Call.Args[0] == x
	}
	num := func(v ssa.Value) (int64, bool) {
		c, ok := v.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(c.Value)
	}
	if isLen(bo.X) {
		k, ok := num(bo.Y)
		return ok && NonEmptyWhen(bo.Op, k, true)
	}
	if isLen(bo.Y) {
		k, ok := num(bo.X)
		return ok && NonEmptyWhen(bo.Op, k, false)
	}
	return false
}

// NonEmptyWhen reports whether len(x) op k (lenLeft; otherwise k op
// len(x)) being true means x has elements: len(x) > 0, != 0, >= 1,
// 0 < len(x). The one test behind every "joined only when there are
// parts" guard, on SSA (here) and on syntax (filterflow); LenRange gives
// the whole range.
func NonEmptyWhen(op token.Token, k int64, lenLeft bool) bool {
	least, _, ok := LenRange(op, k, lenLeft, true)
	return ok && least >= 1
}

// LenRange returns the lengths of x a guard on len(x) lets through:
// those for which len(x) op k (lenLeft; otherwise k op len(x)) has the
// truth value holds (false for the branch the test skips). most < 0
// means no upper
// bound; ok is false when op is not a comparison. len(x) > 100 lets
// [101, ∞) through when true and [0, 100] when false; len(x) != 0 lets
// [1, ∞) through when true; len(x) != 5 when true bounds nothing.
func LenRange(op token.Token, k int64, lenLeft, holds bool) (least, most int64, ok bool) {
	if !lenLeft {
		if op, ok = mirrored[op]; !ok {
			return 0, -1, false
		}
	}
	if !holds {
		if op, ok = negated[op]; !ok {
			return 0, -1, false
		}
	}
	least, most = 0, -1
	switch op {
	case token.GTR:
		least = k + 1
	case token.GEQ:
		least = k
	case token.LSS:
		most = k - 1
	case token.LEQ:
		most = k
	case token.EQL:
		least, most = k, k
	case token.NEQ:
		if k == 0 {
			least = 1
		}
	default:
		return 0, -1, false
	}
	least = max(least, 0)
	if most >= 0 && most < least {
		most = least - 1 // nothing gets through: an empty range
	}
	return least, most, true
}

// assignedField is what field i of the local struct a holds at use when
// every path from a's birth to use stores the field after anything else
// that may write a whole (a decoder given &a, a call given a field's
// address, a copy of a struct into it): json.NewDecoder(r.Body).Decode(&in)
// then in.User = user makes in.User user's value, not the body's (a
// strong update). ok is false otherwise.
func assignedField(use ssa.Instruction, a *ssa.Alloc, i int) ([]ssa.Value, bool) {
	if use == nil || use.Parent() != a.Parent() {
		return nil, false
	}
	fieldStore := map[ssa.Value]bool{}
	isStore := func(in ssa.Instruction) (ssa.Value, bool) {
		if st, ok := in.(*ssa.Store); ok {
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == a && fa.Field == i {
				fieldStore[st.Val] = true
				return st.Val, true
			}
		}
		switch in.(type) {
		case *ssa.FieldAddr, *ssa.UnOp, *ssa.DebugRef:
			return nil, false
		}
		for _, op := range in.Operands(nil) {
			if *op == a {
				return a, true // may write the whole: a mark, no field store
			}
			if fa, ok := (*op).(*ssa.FieldAddr); ok && fa.X == a && fa.Field == i {
				if st, ok := in.(*ssa.Store); !ok || st.Addr != fa {
					return a, true
				}
			}
		}
		return nil, false
	}
	vals, zeros, ok := reaching(use, a, isStore)
	if !ok || len(zeros) > 0 || len(vals) == 0 {
		return nil, false
	}
	for _, v := range vals {
		if !fieldStore[v] {
			return nil, false
		}
	}
	return vals, true
}
