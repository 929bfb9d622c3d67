package flow

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Group caps: the most elements a slice holds when it is one group of a
// container of groups — an element of a [][]T, a value of a map[K][]T,
// a slice field of a struct type (b.rows) — and the package caps every
// group it builds.
//
// A group read back (for _, g := range groups, m[k], v, ok := m[k], a
// range over the map) holds at most N when every way the package puts a
// group into a container of that type puts one of at most N:
//
//   - a write of the slot, groups[i] = v or m[k] = v, of a value LenMost
//     bounds (nil, a chunk, cur under `if len(cur) == N`), or of an
//     append to the group already there, append(g, …), where g is the
//     slot read back and a test of len(g) (len(g)+k, against a constant)
//     that the write sits under lets at most N-|added| through: the
//     skip idiom (if len(m[k]) >= N { continue }; m[k] = append(m[k],
//     x)) and the "append to the last group" idiom
//
//     if len(gs) == 0 || len(gs[len(gs)-1]) >= N { gs = append(gs, nil) }
//     gs[len(gs)-1] = append(gs[len(gs)-1], x)
//
//     where the last group is, on the edge that appended one, that new
//     group, and on the other the group the test measured;
//   - an append of groups, append(gs, cur) (the flush idiom: cur bounded
//     where it is appended) or append(gs, more...) of groups of the same
//     type (bounded by the same argument);
//   - a literal's elements ([][]T{a, b}), each bounded;
//   - for a field, a write b.rows = v (a literal's field too) as a
//     slot's, where the struct is, on an edge that makes a new one
//     (cur = &batch{}), that struct with what is stored in its field.
//
// The cap is the most any of them gives. No cap (ok false) when a group
// or a container may come from or go to code the package does not show:
// a parameter whose type holds the container's type of a function some
// call of which is not visible (exported, a method called through an
// interface), a result of a call outside the package, a package
// variable, a conversion to an interface, a call outside the package
// given such a value, or a group's address taken (&gs[i] passed on).
// Grouping with no size test (m[e.PartitionKey] = append(m[…], e))
// bounds nothing. Computed once per container type and package.
//
// Approximation: the test and the write read the slot separately; a
// store to the same slot between them is not looked for.

// groupCap caches the cap of one container type.
type groupCap struct {
	key  groupKey
	most int64
	ok   bool
}

// groupKey is a kind of container of groups: a [][]T or map[K][]T type
// (field -1), or field i of a struct type (t the struct).
type groupKey struct {
	t     types.Type
	field int
}

func (k groupKey) same(o groupKey) bool {
	return k.field == o.field && types.Identical(k.t.Underlying(), o.t.Underlying())
}

// fieldKey is the group key of field i of x (a struct or a pointer to
// one), when that field is a slice.
func fieldKey(x ssa.Value, i int) (groupKey, bool) {
	t, f := structField(x.Type(), i)
	if f == nil {
		return groupKey{}, false
	}
	if _, ok := f.Type().Underlying().(*types.Slice); !ok {
		return groupKey{}, false
	}
	return groupKey{t: t, field: i}, true
}

// groupContainer returns the kind of container v reads a group of (a
// [][]T, a map[K][]T, a struct's slice field).
func groupContainer(v ssa.Value) (groupKey, bool) {
	var c ssa.Value
	switch x := v.(type) {
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			c = ia.X
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fieldKey(fa.X, fa.Field)
		}
	case *ssa.Field:
		return fieldKey(x.X, x.Field)
	case *ssa.Lookup:
		if !x.CommaOk {
			c = x.X
		}
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Lookup:
			if x.Index == 0 {
				c = t.X
			}
		case *ssa.Next:
			if rg, ok := t.Iter.(*ssa.Range); ok && x.Index == 2 {
				c = rg.X
			}
		}
	}
	if c == nil {
		return groupKey{}, false
	}
	switch u := c.Type().Underlying().(type) {
	case *types.Slice:
		if _, ok := u.Elem().Underlying().(*types.Slice); ok {
			return groupKey{t: c.Type(), field: -1}, true
		}
	case *types.Map:
		if _, ok := u.Elem().Underlying().(*types.Slice); ok {
			return groupKey{t: c.Type(), field: -1}, true
		}
	}
	return groupKey{}, false
}

// groupMost is the cap of the groups of containers of kind c.
func (l *lenEval) groupMost(c groupKey) (int64, bool) {
	r := l.r
	for _, t := range l.groups {
		if t.same(c) {
			return 0, false // being computed: no cap assumed
		}
	}
	r.lazy.Lock()
	for _, g := range r.groupCaps {
		if g.key.same(c) {
			r.lazy.Unlock()
			return g.most, g.ok
		}
	}
	r.lazy.Unlock()
	in := newLenEval(r, false)
	in.groups = append(append(in.groups, l.groups...), c)
	most, ok := in.groupWrites(c)
	if len(l.groups) == 0 {
		r.lazy.Lock()
		r.groupCaps = append(r.groupCaps, groupCap{key: c, most: most, ok: ok})
		r.lazy.Unlock()
	}
	return most, ok
}

// groupWrites is the most any group the package puts into a container
// of kind c holds (see the comment at the top of groupcap.go).
func (l *lenEval) groupWrites(c groupKey) (int64, bool) {
	cu := c.t.Underlying()
	isC := func(t types.Type) bool { return c.field < 0 && types.Identical(t.Underlying(), cu) }
	isField := func(x ssa.Value, i int) bool {
		k, ok := fieldKey(x, i)
		return ok && c.field >= 0 && k.same(c)
	}
	m := &mentions{c: cu, seen: map[types.Type]bool{}}
	own := map[*ssa.Function]bool{}
	for _, fn := range l.r.SSA.SrcFuncs {
		own[fn] = true
	}
	var most int64
	wrote := false
	write := func(v ssa.Value, at ssa.Instruction) bool {
		n, ok := l.groupWrite(v, at)
		most, wrote = max(most, n), true
		return ok
	}
	for _, fn := range l.r.SSA.SrcFuncs {
		if fn.Blocks == nil {
			return 0, false // a body the SSA leaves out may write one
		}
		if fn.TypeParams().Len() > 0 {
			continue // its values are of the type parameters' types
		}
		for _, p := range fn.Params {
			if m.in(p.Type()) && len(l.r.visibleCalls(fn)) == 0 {
				return 0, false
			}
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Store:
					if ia, ok := x.Addr.(*ssa.IndexAddr); ok && isC(ia.X.Type()) && !write(x.Val, x) {
						return 0, false
					}
					if fa, ok := x.Addr.(*ssa.FieldAddr); ok && isField(fa.X, fa.Field) && !write(x.Val, x) {
						return 0, false
					}
					if _, ok := x.Addr.(*ssa.Global); ok && m.in(x.Val.Type()) {
						return 0, false
					}
				case *ssa.MapUpdate:
					if isC(x.Map.Type()) && !write(x.Value, x) {
						return 0, false
					}
				case *ssa.IndexAddr:
					if isC(x.X.Type()) && !slotOnly(x) {
						return 0, false
					}
				case *ssa.FieldAddr:
					if isField(x.X, x.Field) && !slotOnly(x) {
						return 0, false
					}
				case *ssa.Slice:
					// [][]T{a, b} and append's variadic groups: an
					// array's elements become a container's.
					if _, isArr := x.X.Type().Underlying().(*types.Pointer); isArr && isC(x.Type()) {
						a, isAlloc := x.X.(*ssa.Alloc)
						if !isAlloc {
							return 0, false
						}
						vals, ok := arrayElems(a)
						if !ok {
							return 0, false
						}
						for _, v := range vals {
							if !write(v.Val, v) {
								return 0, false
							}
						}
					}
				case *ssa.MakeInterface:
					if m.in(x.X.Type()) {
						return 0, false
					}
				case *ssa.UnOp:
					if _, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL && m.in(x.Type()) {
						return 0, false
					}
				case ssa.CallInstruction:
					cc := x.Common()
					if _, ok := cc.Value.(*ssa.Builtin); ok {
						continue // append's variadic slice: above; its other: groups of the same type
					}
					if f := cc.StaticCallee(); f != nil && own[f] {
						continue
					}
					if v := x.Value(); v != nil && m.in(v.Type()) {
						return 0, false
					}
					if cc.IsInvoke() && m.in(cc.Value.Type()) {
						return 0, false
					}
					for _, a := range cc.Args {
						if m.in(a.Type()) {
							return 0, false
						}
					}
				}
			}
		}
	}
	for _, k := range l.assumed {
		if most > k {
			return 0, false // the hypothesis fails
		}
	}
	return most, wrote
}

// slotOnly reports whether the address of a container's slot (a
// field's) is only read through and stored to.
func slotOnly(ia ssa.Value) bool {
	_, ok := slotStores(ia)
	return ok
}

// slotStores returns the stores into the address addr, when it is only
// read through and stored to.
func slotStores(addr ssa.Value) (out []*ssa.Store, ok bool) {
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil, false
			}
		case *ssa.Store:
			if r.Addr != addr {
				return nil, false
			}
			out = append(out, r)
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return out, true
}

// arrayElems returns the stores into the elements of the array a (a
// literal's or a variadic call's), when a is used otherwise only to be
// sliced and its elements read.
func arrayElems(a *ssa.Alloc) (out []*ssa.Store, ok bool) {
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.IndexAddr:
			sts, ok := slotStores(r)
			if !ok {
				return nil, false
			}
			out = append(out, sts...)
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return out, true
}

// groupWrite is the most the group v, written into a slot at the
// instruction at, holds: its own bound there, or, for an append to the
// group already in the slot, what the tests of that group's length let
// through plus what the append adds.
func (l *lenEval) groupWrite(v ssa.Value, at ssa.Instruction) (int64, bool) {
	if n, ok := l.mostAt(v, at, 0); ok {
		return n, true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return 0, false
	}
	if b, isB := call.Call.Value.(*ssa.Builtin); !isB || b.Name() != "append" || len(call.Call.Args) != 2 {
		return 0, false
	}
	more, ok := l.most(call.Call.Args[1], 1)
	if !ok {
		return 0, false
	}
	base, ok := l.slotMost(call.Call.Args[0], at.Block())
	if !ok {
		return 0, false
	}
	return min(base+more, lenCap), true
}

// slotMost is the most the group g, a slot read (gs[i], m[k]), holds in
// block b: by the tests of that slot's length b sits under, or, for a
// slot of a container that is a φ-node, by each edge's: on an edge that
// appends one group, the last slot is that group; on another, the tests
// on the way. A test that only says len(g) != K (a new group when one
// reaches K) bounds g by K-1 under the hypothesis that every group of
// the container type holds at most K, which groupWrites then checks.
func (l *lenEval) slotMost(g ssa.Value, b *ssa.BasicBlock) (int64, bool) {
	guarded := func(n int64, ok bool, neq []int64) (int64, bool) {
		if ok || len(neq) == 0 || !l.ofComputed(g) {
			return n, ok
		}
		k := slices.Min(neq)
		l.assumed = append(l.assumed, k)
		return max(k-1, 0), true
	}
	if n, ok := guarded(slotGuard(func(x ssa.Value) bool { return sameSlot(x, g, nil, nil) }, b, nil)); ok {
		return n, true
	}
	ld, ok := g.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return 0, false
	}
	if fa, ok := ld.X.(*ssa.FieldAddr); ok {
		return l.fieldEdges(fa, guarded)
	}
	ia, ok := ld.X.(*ssa.IndexAddr)
	if !ok {
		return 0, false
	}
	phi, _ := ia.X.(*ssa.Phi)
	made := func(e ssa.Value) (int64, bool, bool) {
		last, isLast := appendedLast(e, ia.Index, phi)
		if !isLast {
			return 0, false, false
		}
		n, ok := l.most(last, 1)
		return n, true, ok
	}
	slot := func(addr, e ssa.Value) bool {
		xa, ok := addr.(*ssa.IndexAddr)
		return ok && xa.X == e && sameIndex(xa.Index, ia.Index, phi, e, 0)
	}
	return l.edgesMost(ia.X, made, slot, guarded)
}

// fieldEdges is slotMost for a field of a struct pointer that is a
// φ-node, p = φ(old, &S{…}): on an edge that brings a struct made
// there, what the function stores into its field (nothing: empty); on
// another, the tests on the way of that struct's field.
func (l *lenEval) fieldEdges(fa *ssa.FieldAddr, guarded func(int64, bool, []int64) (int64, bool)) (int64, bool) {
	made := func(e ssa.Value) (int64, bool, bool) {
		a, isNew := e.(*ssa.Alloc)
		if !isNew {
			return 0, false, false
		}
		vals, ok := fieldStores(a, fa.Field)
		if !ok {
			return 0, true, false
		}
		var most int64
		for _, v := range vals {
			n, ok := l.most(v, 1)
			if !ok {
				return 0, true, false
			}
			most = max(most, n)
		}
		return most, true, true
	}
	slot := func(addr, e ssa.Value) bool {
		xf, ok := addr.(*ssa.FieldAddr)
		return ok && xf.X == e && xf.Field == fa.Field
	}
	return l.edgesMost(fa.X, made, slot, guarded)
}

// edgesMost is the most a slot of the container c holds, when c is a
// φ-node with an edge per predecessor of its block: the most over its
// edges e of what made says the slot was filled with on e (handled),
// or else of what the tests on the way from e's predecessor say
// (through guarded) of a load *addr that slot accepts as the slot of e.
// The one φ-edge walk of slotMost and fieldEdges.
func (l *lenEval) edgesMost(c ssa.Value, made func(e ssa.Value) (n int64, handled, ok bool), slot func(addr, e ssa.Value) bool, guarded func(int64, bool, []int64) (int64, bool)) (int64, bool) {
	phi, ok := c.(*ssa.Phi)
	if !ok || len(phi.Edges) != len(phi.Block().Preds) {
		return 0, false
	}
	var most int64
	for i, e := range phi.Edges {
		n, handled, ok := made(e)
		if !handled {
			match := func(x ssa.Value) bool {
				xl, ok := x.(*ssa.UnOp)
				return ok && xl.Op == token.MUL && slot(xl.X, e)
			}
			n, ok = guarded(slotGuard(match, phi.Block().Preds[i], phi.Block()))
		}
		if !ok {
			return 0, false
		}
		most = max(most, n)
	}
	return most, true
}

// fieldStores returns every value stored into field i of the struct a,
// when that field's address is only read through and stored to.
func fieldStores(a *ssa.Alloc, i int) (vals []ssa.Value, ok bool) {
	for _, ref := range *a.Referrers() {
		fa, isField := ref.(*ssa.FieldAddr)
		if !isField || fa.Field != i {
			continue
		}
		sts, ok := slotStores(fa)
		if !ok {
			return nil, false
		}
		for _, st := range sts {
			vals = append(vals, st.Val)
		}
	}
	return vals, true
}

// ofComputed reports whether g reads a group of the container type
// whose cap l computes.
func (l *lenEval) ofComputed(g ssa.Value) bool {
	c, ok := groupContainer(g)
	return ok && len(l.groups) > 0 && c.same(l.groups[len(l.groups)-1])
}

// appendedLast returns the one group e, append(gs, g), adds, when idx is
// len(p)-1 for the φ-node p e flows into: that slot is g.
func appendedLast(e, idx ssa.Value, p *ssa.Phi) (ssa.Value, bool) {
	bo, ok := idx.(*ssa.BinOp)
	if !ok || bo.Op != token.SUB || !isLenOf(bo.X, func(x ssa.Value) bool { return x == p }) {
		return nil, false
	}
	if k, ok := constInt(bo.Y); !ok || k != 1 {
		return nil, false
	}
	call, ok := e.(*ssa.Call)
	if !ok || len(call.Call.Args) != 2 {
		return nil, false
	}
	if b, isB := call.Call.Value.(*ssa.Builtin); !isB || b.Name() != "append" {
		return nil, false
	}
	sl, ok := call.Call.Args[1].(*ssa.Slice)
	if !ok {
		return nil, false
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	if arr, ok := a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array); !ok || arr.Len() != 1 {
		return nil, false
	}
	vals, ok := arrayElems(a)
	if !ok || len(vals) != 1 {
		return nil, false
	}
	return vals[0].Val, true
}

// sameSlot reports whether x and g read the same slot: a load of
// c[i] with the same container and index (sameIndex, with from read as
// to), or a lookup m[k] of the same map and key.
func sameSlot(x, g, from, to ssa.Value) bool {
	if x == g {
		return true
	}
	switch a := x.(type) {
	case *ssa.UnOp:
		b, ok := g.(*ssa.UnOp)
		if !ok || a.Op != token.MUL || b.Op != token.MUL {
			return false
		}
		if fa, ok := a.X.(*ssa.FieldAddr); ok {
			fb, ok := b.X.(*ssa.FieldAddr)
			return ok && fa.X == fb.X && fa.Field == fb.Field
		}
		ia, ok1 := a.X.(*ssa.IndexAddr)
		ib, ok2 := b.X.(*ssa.IndexAddr)
		return ok1 && ok2 && ia.X == ib.X && sameIndex(ia.Index, ib.Index, from, to, 0)
	case *ssa.Lookup:
		b, ok := g.(*ssa.Lookup)
		return ok && !a.CommaOk && !b.CommaOk && a.X == b.X && sameRead(a.Index, b.Index, 0)
	}
	return false
}

// sameIndex reports whether the index a computes the same integer as b,
// reading b's from as to: one value, equal constants, or the same
// arithmetic (len(gs)-1) of such.
func sameIndex(a, b, from, to ssa.Value, depth int) bool {
	if a == b || (from != nil && b == from && a == to) {
		return true
	}
	if depth > MaxDepth {
		return false
	}
	switch x := a.(type) {
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		if !ok {
			return false
		}
		i, ok1 := constInt(x)
		j, ok2 := constInt(y)
		return ok1 && ok2 && i == j
	case *ssa.BinOp:
		y, ok := b.(*ssa.BinOp)
		return ok && x.Op == y.Op && sameIndex(x.X, y.X, from, to, depth+1) && sameIndex(x.Y, y.Y, from, to, depth+1)
	case *ssa.Call:
		y, ok := b.(*ssa.Call)
		if !ok || !isLenOf(x, func(ssa.Value) bool { return true }) || !isLenOf(y, func(ssa.Value) bool { return true }) {
			return false
		}
		return sameIndex(x.Call.Args[0], y.Call.Args[0], from, to, depth+1)
	}
	return false
}

// slotGuard returns the smallest bound the tests of len(x) (len(x)+k,
// against a constant) put on the slots match accepts in block b: the
// test ending b on its edge to the block to (when to is not nil), then
// those b sits under, walking up the dominator tree. neq lists the
// constants the tests say len(x) is not (len(g) != N: below N when at
// most N).
func slotGuard(match func(ssa.Value) bool, b, to *ssa.BasicBlock) (most int64, ok bool, neq []int64) {
	eachGuardIf(b, to, func(ifi *ssa.If, p, succ *ssa.BasicBlock) bool {
		n, bounded, ne, isNe := lenTestOff(ifi.Cond, match, succ == p.Succs[0])
		if bounded && (!ok || n < most) {
			most, ok = n, true
		}
		if isNe {
			neq = append(neq, ne)
		}
		return false
	})
	return most, ok, neq
}

// below applies what slotGuard found to n, the most x holds otherwise
// (ok false: unknown): the smaller bound, one less when a test says x
// is not n.
func below(n int64, ok bool, g int64, gok bool, neq []int64) (int64, bool) {
	if gok && (!ok || g < n) {
		n, ok = g, true
	}
	for ok && n > 0 && slices.Contains(neq, n) {
		n--
	}
	return n, ok
}

// lenTestOff is lenTest for a comparison of len(x) plus or minus a
// constant with a constant: len(g)+1 >= N false says len(g) < N-1. For
// a test that says len(x) != K it gives K (ne, isNe) instead.
func lenTestOff(cond ssa.Value, x func(ssa.Value) bool, holds bool) (most int64, ok bool, ne int64, isNe bool) {
	if u, isNot := cond.(*ssa.UnOp); isNot && u.Op == token.NOT {
		return lenTestOff(u.X, x, !holds)
	}
	op, k, lenLeft, found := lenCmp(cond, x, true)
	if !found {
		return 0, false, 0, false
	}
	if (op == token.EQL && !holds) || (op == token.NEQ && holds) {
		return 0, false, k, true
	}
	_, m, known := LenRange(op, k, lenLeft, holds)
	if !known || m < 0 {
		return 0, false, 0, false
	}
	return m, true, 0, false
}

// lenCmp splits cond, len(x)+d op n (either side), into op, n-d and
// whether len is on the left; without offsets, only len(x) op n.
func lenCmp(cond ssa.Value, x func(ssa.Value) bool, offsets bool) (op token.Token, k int64, lenLeft, ok bool) {
	bo, isBin := cond.(*ssa.BinOp)
	if !isBin {
		return 0, 0, false, false
	}
	lenLeft = true
	a, c := bo.X, bo.Y
	if _, isConst := a.(*ssa.Const); isConst {
		a, c, lenLeft = c, a, false
	}
	n, isInt := constInt(c)
	if !isInt {
		return 0, 0, false, false
	}
	var off int64
	if s, isOff := a.(*ssa.BinOp); offsets && isOff && (s.Op == token.ADD || s.Op == token.SUB) {
		d, isK := constInt(s.Y)
		if !isK {
			return 0, 0, false, false
		}
		if s.Op == token.SUB {
			d = -d
		}
		a, off = s.X, d
	}
	if !isLenOf(a, x) {
		return 0, 0, false, false
	}
	return bo.Op, n - off, lenLeft, true
}

// maxCapTries bounds the caps capped tries for one φ-node.
const maxCapTries = 6

// capped is the most the φ-node x of a loop's header holds by induction
// when the loop's count is not bounded: a cap K such that what the loop
// starts with holds at most K and, if x holds at most K, so does every
// value a back edge brings — the flush idiom, where a chunk that
// reaches N is handed on and started anew:
//
//	if len(cur) == N { flush(cur); cur = nil }
//	cur = append(cur, x)
//
// (on the edge that keeps cur, len(cur) != N, so at most N-1 before the
// append). The caps tried are the constants the loop's tests compare a
// length of x's type with, and one either side, smallest first.
func (l *lenEval) capped(x *ssa.Phi, depth int) (int64, bool) {
	loop := l.loopAt(x.Block())
	if loop == nil || depth > MaxDepth {
		return 0, false
	}
	sameType := func(v ssa.Value) bool { return types.Identical(v.Type(), x.Type()) }
	var ks []int64
	for _, b := range x.Parent().Blocks {
		if !loop.body[b] || len(b.Instrs) == 0 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cond := ifi.Cond
		if u, isNot := cond.(*ssa.UnOp); isNot && u.Op == token.NOT {
			cond = u.X
		}
		if _, k, _, ok := lenCmp(cond, sameType, true); ok {
			for _, c := range []int64{k - 1, k, k + 1} {
				if c >= 0 && !slices.Contains(ks, c) {
					ks = append(ks, c)
				}
			}
		}
	}
	slices.Sort(ks)
	if len(ks) > maxCapTries {
		ks = ks[:maxCapTries]
	}
	if l.assume == nil {
		l.assume = map[*ssa.Phi]int64{}
	}
	for _, k := range ks {
		l.assume[x] = k
		holds := true
		for i, e := range x.Edges {
			n, ok := l.edgeMost(x, i, e, depth+1)
			if !ok || n > k {
				holds = false
				break
			}
		}
		delete(l.assume, x)
		if holds {
			return k, true
		}
	}
	return 0, false
}

// edgeMost is the most the value e holds on edge i into the φ-node x:
// its own bound, narrowed by the tests of len(e) on the way (when it has
// none, or while a cap is assumed: capped).
func (l *lenEval) edgeMost(x *ssa.Phi, i int, e ssa.Value, depth int) (int64, bool) {
	n, ok := l.most(e, depth+1)
	if (!ok || len(l.assume) > 0) && i < len(x.Block().Preds) {
		g, gok, neq := slotGuard(func(v ssa.Value) bool { return v == e }, x.Block().Preds[i], x.Block())
		n, ok = below(n, ok, g, gok, neq)
	}
	return n, ok
}

// mentions reports whether a type holds the container type c: is it,
// or points to, holds as element, key or field a type that does.
type mentions struct {
	c    types.Type
	seen map[types.Type]bool
}

func (m *mentions) in(t types.Type) bool {
	if done, ok := m.seen[t]; ok {
		return done
	}
	m.seen[t] = false // a recursive type: not through itself
	yes := types.Identical(t.Underlying(), m.c)
	switch u := t.Underlying().(type) {
	case *types.Slice:
		yes = yes || m.in(u.Elem())
	case *types.Map:
		yes = yes || m.in(u.Key()) || m.in(u.Elem())
	case *types.Pointer:
		yes = m.in(u.Elem())
	case *types.Array:
		yes = m.in(u.Elem())
	case *types.Chan:
		yes = m.in(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields() && !yes; i++ {
			yes = m.in(u.Field(i).Type())
		}
	case *types.Tuple:
		for i := 0; i < u.Len() && !yes; i++ {
			yes = m.in(u.At(i).Type())
		}
	}
	m.seen[t] = yes
	return yes
}
