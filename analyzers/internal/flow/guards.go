package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// emptiness is what the branches a block sits under say about a string
// value: nothing, that it is empty, or that it is not.
type emptiness uint8

const (
	emptyUnknown emptiness = iota
	emptyYes
	emptyNo
)

// maxGuardBlocks bounds the dominator walks (eachGuardIf, pinnedOn).
const maxGuardBlocks = 64

// guardOn returns what the conditions dominating block b say about the
// string value x being empty: a block reached only through the true or
// false edge of `if x == ""`, `if x != ""`, `if len(x) == 0`,
// `if len(x) > 0` (and their negations with !) knows whether x is empty.
// The first condition found walking up the dominator tree wins.
//
// A load of a local variable (one whose address is only loaded and
// stored to) is tested from its own block, and a guard on another load
// of the variable counts when no store to it lies between the two.
func guardOn(x ssa.Value, b *ssa.BasicBlock) emptiness {
	if al := loadedLocal(x); al != nil {
		b = x.(*ssa.UnOp).Block()
	}
	res := emptyUnknown
	eachGuardIf(b, nil, func(ifi *ssa.If, p, d *ssa.BasicBlock) bool {
		same := func(a ssa.Value) bool { return a == x || sameLoad(a, x, p, d) }
		empty, ok := emptyTest(ifi.Cond, same)
		if !ok {
			return false
		}
		if d == p.Succs[1] { // the false edge
			empty = !empty
		}
		res = emptyNo
		if empty {
			res = emptyYes
		}
		return true
	})
	return res
}

// eachGuardIf calls visit with each If ending a block p whose two
// distinct successors decide whether control reaches block b: first
// b's own on its edge to the block to (when to is not nil and one of
// b's successors), then, walking up the dominator tree from b (at most
// maxGuardBlocks blocks), that of each block's only predecessor. succ
// is the successor on the way (the true edge when succ == p.Succs[0]);
// the walk stops when visit returns true. The one dominator walk of
// guardOn, lenGuard, slotGuard and lenEval.guard.
func eachGuardIf(b, to *ssa.BasicBlock, visit func(ifi *ssa.If, p, succ *ssa.BasicBlock) (stop bool)) {
	test := func(p, succ *ssa.BasicBlock) bool {
		if len(p.Instrs) == 0 || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
			return false
		}
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		return ok && visit(ifi, p, succ)
	}
	if to != nil && slices.Contains(b.Succs, to) && test(b, to) {
		return
	}
	for n := 0; b != nil && n < maxGuardBlocks; b, n = b.Idom(), n+1 {
		if len(b.Preds) == 1 && test(b.Preds[0], b) {
			return
		}
	}
}

// emptyTest reports whether cond tests x for emptiness, and whether true
// means empty.
func emptyTest(cond ssa.Value, x func(ssa.Value) bool) (empty, ok bool) {
	if u, isNot := cond.(*ssa.UnOp); isNot && u.Op == token.NOT {
		empty, ok = emptyTest(u.X, x)
		return !empty, ok
	}
	b, isBin := cond.(*ssa.BinOp)
	if !isBin {
		return false, false
	}
	a, c := b.X, b.Y
	if _, isConst := a.(*ssa.Const); isConst {
		a, c = c, a
	}
	k, isConst := c.(*ssa.Const)
	if !isConst || k.Value == nil {
		return false, false
	}
	switch {
	case x(a) && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == "":
		switch b.Op {
		case token.EQL:
			return true, true
		case token.NEQ:
			return false, true
		}
	case isLenOf(a, x) && k.Value.Kind() == constant.Int && constant.Sign(k.Value) == 0:
		// len(x) compared with 0, the constant on either side.
		switch lenLeft := b.X == a; {
		case NonEmptyWhen(b.Op, 0, lenLeft):
			return false, true
		case nonEmptyUnless(b.Op, 0, lenLeft):
			return true, true
		}
	}
	return false, false
}

// nonEmptyUnless reports whether len(x) op k being false means x has
// elements (len(x) == 0, 0 >= len(x)).
func nonEmptyUnless(op token.Token, k int64, lenLeft bool) bool {
	least, _, ok := LenRange(op, k, lenLeft, false)
	return ok && least >= 1
}

// negated maps a comparison to the one true exactly when it is false.
var negated = map[token.Token]token.Token{
	token.EQL: token.NEQ, token.NEQ: token.EQL,
	token.LSS: token.GEQ, token.GEQ: token.LSS,
	token.GTR: token.LEQ, token.LEQ: token.GTR,
}

// mirrored maps a comparison to the one that holds with its operands
// swapped (k < c is c > k); equality tests map to themselves.
var mirrored = map[token.Token]token.Token{
	token.EQL: token.EQL, token.NEQ: token.NEQ,
	token.LSS: token.GTR, token.GTR: token.LSS,
	token.LEQ: token.GEQ, token.GEQ: token.LEQ,
}

// isLenOf reports whether v is the builtin len applied to x.
func isLenOf(v ssa.Value, x func(ssa.Value) bool) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	bi, ok := c.Call.Value.(*ssa.Builtin)
	return ok && bi.Name() == "len" && len(c.Call.Args) == 1 && x(c.Call.Args[0])
}

// loadedLocal returns the local variable x loads (*a, a only loaded and
// stored to, its address perhaps kept in a struct: the options'
// Filter: &f), or nil; as the reaching stores of eval's loads.
func loadedLocal(x ssa.Value) *ssa.Alloc {
	u, ok := x.(*ssa.UnOp)
	if !ok || u.Op != token.MUL || u.Block() == nil {
		return nil
	}
	al, ok := u.X.(*ssa.Alloc)
	if !ok || !localOnly(al, true) {
		return nil
	}
	return al
}

// sameLoad reports whether the load g (in block p, which ends in the
// guard's If) and the load x of the same local variable read the same
// value: x's block is dominated by d, p's successor, so every path from g
// to x runs through p after g, then through blocks d dominates; no store
// to the variable may lie there before x.
func sameLoad(g, x ssa.Value, p, d *ssa.BasicBlock) bool {
	al := loadedLocal(x)
	gu, ok := g.(*ssa.UnOp)
	if al == nil || !ok || gu.Op != token.MUL || gu.X != al || gu.Block() != p {
		return false
	}
	xb := x.(*ssa.UnOp).Block()
	if xb == p {
		return false // a loop back to the guard: not followed
	}
	for _, ref := range *al.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok {
			continue
		}
		sb := st.Block()
		switch {
		case sb == p && instrIndex(st) > instrIndex(gu):
			return false
		case sb == xb && instrIndex(st) < instrIndex(x.(*ssa.UnOp)):
			return false
		case sb != xb && sb != p && d.Dominates(sb):
			return false
		}
	}
	return true
}

// operand is the value of x as the instruction in block b uses it: the
// constants an equality guard pins it to there (pinnedOn), else its
// variants narrowed by the emptiness guards around b.
func (e *eval) operand(x ssa.Value, b *ssa.BasicBlock, depth int) Value {
	if v, ok := pinnedValue(x, b); ok {
		return v
	}
	return narrowed(e.of(x, depth), x, b)
}

// narrowed keeps the variants of val (the value of x) that the guards
// around block b allow: under x != "" the variants that are certainly
// empty go, under x == "" those with constant text do. A guard that
// would leave nothing leaves val as it is (the code is unreachable or
// the engine is wrong; either way, claim nothing).
func narrowed(val Value, x ssa.Value, b *ssa.BasicBlock) Value {
	g := guardOn(x, b)
	if g == emptyUnknown || len(val.Variants) < 2 {
		return val
	}
	out := Value{Approx: val.Approx}
	for _, vr := range val.Variants {
		certainlyEmpty, certainlyText := true, false
		for _, p := range vr.Parts {
			if p.Hole != nil {
				certainlyEmpty = false
			} else if p.Text != "" {
				certainlyEmpty, certainlyText = false, true
			}
		}
		if (g == emptyNo && certainlyEmpty) || (g == emptyYes && certainlyText) {
			continue
		}
		out.Variants = append(out.Variants, vr)
	}
	if len(out.Variants) == 0 {
		return val
	}
	return out
}

// pinnedOn returns the constants the conditions dominating block b pin
// the string or integer value x to: a block reached only through the
// edge of `if x == C` taken when equal (the false edge of `x != C`, of
// `!(x == C)`), C a constant on either side, knows x is C; a block each
// of whose predecessors reaches it through such an edge (`case "a",
// "b":` of a switch on x) knows x is one of them. The nearest block up
// the dominator tree that says something wins; nil when none does. As
// guardOn, a load of a local variable counts a test of another load of
// it with no store between.
func pinnedOn(x ssa.Value, b *ssa.BasicBlock) []*ssa.Const {
	if t, ok := x.Type().Underlying().(*types.Basic); !ok || t.Info()&(types.IsString|types.IsInteger) == 0 {
		return nil
	}
	if loadedLocal(x) != nil {
		b = x.(*ssa.UnOp).Block()
	}
	for n := 0; b != nil && n < maxGuardBlocks; b, n = b.Idom(), n+1 {
		if len(b.Preds) == 0 {
			return nil
		}
		var ks []*ssa.Const
		for _, p := range b.Preds {
			k := pinnedEdge(x, p, b)
			if k == nil {
				ks = nil
				break
			}
			ks = append(ks, k)
		}
		if len(ks) > 0 {
			return ks
		}
	}
	return nil
}

// pinnedEdge returns C when the edge from p to its successor d is taken
// only when x equals the constant C, else nil.
func pinnedEdge(x ssa.Value, p, d *ssa.BasicBlock) *ssa.Const {
	if len(p.Instrs) == 0 || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
		return nil
	}
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	// Where d has other predecessors, a load tested in p must still be
	// the load used: only the value itself is taken then.
	same := func(a ssa.Value) bool { return a == x || (len(d.Preds) == 1 && sameLoad(a, x, p, d)) }
	cond, equal := ifi.Cond, d == p.Succs[0]
	for {
		u, isNot := cond.(*ssa.UnOp)
		if !isNot || u.Op != token.NOT {
			break
		}
		cond, equal = u.X, !equal
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return nil
	}
	if bin.Op == token.NEQ {
		equal = !equal
	}
	a, c := bin.X, bin.Y
	if _, isConst := a.(*ssa.Const); isConst {
		a, c = c, a
	}
	k, isConst := c.(*ssa.Const)
	if !equal || !isConst || k.Value == nil {
		return nil
	}
	if isStringType(x.Type()) && isLenOf(a, same) && k.Value.Kind() == constant.Int && constant.Sign(k.Value) == 0 {
		return ssa.NewConst(constant.MakeString(""), x.Type()) // len(x) == 0
	}
	if !same(a) {
		return nil
	}
	if kind := k.Value.Kind(); kind != constant.String && kind != constant.Int {
		return nil
	}
	return k
}

// pinnedValue is the value of x in block b when guards pin it to
// constants (pinnedOn), else ok is false.
func pinnedValue(x ssa.Value, b *ssa.BasicBlock) (Value, bool) {
	ks := pinnedOn(x, b)
	if len(ks) == 0 {
		return Value{}, false
	}
	var vs []Value
	for _, k := range ks {
		vs = append(vs, constValue(k))
	}
	return union(vs...), true
}
