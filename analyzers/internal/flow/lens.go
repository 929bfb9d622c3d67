package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Lengths of slices: the most elements a slice value can hold, a fact of
// the value computed on SSA (LenMost). A rule asks it of a collection a
// loop ranges over, or of a slice handed to a helper, to know that the
// code keeps it within a limit (TL401: every call passes a chunk of at
// most 100).
//
// Understood:
//   - nil and constant strings; s[a:b] when b-a is bounded: constants,
//     b written a+K, min(a+K, …), and a variable clamped by the branch
//     that assigns it (end := i+100; if end > len(s) { end = len(s) }:
//     the edge that brings len(s) is taken only when len(s) < i+100; n :=
//     len(s); if n > 100 { n = 100 }: the other edge only when n <= 100);
//     s[a:] as long as s; a slice of an array (a slice literal, make with
//     a constant capacity) no longer than the array;
//   - make([]T, n) with n bounded; append(s, …) as long as s and what it
//     adds;
//   - a slice grown in a loop (a φ-node of the loop's header whose back
//     edges append to it): what it starts with plus the most one
//     iteration adds times the most iterations the loop runs, when its
//     counter (a φ-node of the header stepped by a positive constant,
//     the index of a range) is compared with a bounded value by a test
//     every iteration passes (for i := 0; i < 10; i++, a range over a
//     bounded slice or an array, for i := range 10); an iteration that
//     adds nothing needs no count (a chunk reset on every iteration);
//   - a loop's φ-node whose count is not bounded, by induction (capped):
//     a cap K it starts within and that every back edge keeps when the
//     φ-node is within K, the len tests on the way applied to each edge
//     (a chunk flushed when len(cur) == K and started anew);
//   - a group of a container of groups, gs[i] of a [][]T, m[k] of a
//     map[K][]T, b.rows of a struct type: the cap of every group the
//     package puts into a container of that kind (groupcap.go);
//   - parameters of an unexported function whose every call is visible
//     (AllCalls) and of a function literal called only where it is made
//     or through the local that holds it (send := func(b []T) {…};
//     send(items[i:j])): the longest argument any call passes, with the
//     len guards dominating the call applied (lenGuard), following
//     callers that pass their own parameter on up to MaxCallerDepth
//     calls;
//   - variables captured by closures (the longest value stored to the
//     variable anywhere, when the variable's address goes nowhere else);
//   - results of helpers: Summary.LenMost, computed with parameters
//     unknown, so it crosses packages as a fact under every driver.
//
// Conservative fallback: anything else — a value loaded from a field, a
// map or a global, a slice whose address is passed to a call, an
// exported function's or a method's parameter called through an
// interface, a loop whose count is not bounded, a value past MaxDepth
// or the step budget — has no known bound (ok false): a rule treats it
// as unbounded, exactly as before lengths were known.

// maxLenSteps bounds the work of one LenMost question.
const maxLenSteps = 4096

// lenCap is where lengths saturate (a bound that large bounds nothing).
const lenCap = 1 << 40

// lenEval answers one length question.
type lenEval struct {
	r *Result
	// summary: computing a Summary, whose parameters are the callers'
	// (unknown here).
	summary bool
	busy    map[ssa.Value]bool
	hops    int // parameters followed up to their callers
	steps   int
	// groups: the container types whose group cap is being computed
	// (groupcap.go).
	groups []groupKey
	// assumed: the caps assumed of the groups of groups[len-1] while
	// computing it (slotMost).
	assumed []int64
	// assume: the caps capped assumes of loop φ-nodes while it checks
	// them.
	assume map[*ssa.Phi]int64
}

func newLenEval(r *Result, summary bool) *lenEval {
	return &lenEval{r: r, summary: summary, busy: map[ssa.Value]bool{}}
}

// LenMost returns the most elements (bytes, for a string) the slice or
// string v can hold, wherever it is used; ok is false when the code
// does not bound it (see the comment at the top of lens.go).
func (r *Result) LenMost(v ssa.Value) (most int64, ok bool) {
	return newLenEval(r, false).most(v, 0)
}

// LenMostAt is LenMost for v used at the instruction at, with the
// len(v) comparisons with a constant that dominate at applied (after
// `if len(v) > 100 { return }` v holds at most 100 there).
func (r *Result) LenMostAt(v ssa.Value, at ssa.Instruction) (most int64, ok bool) {
	return newLenEval(r, false).mostAt(v, at, 0)
}

// ExprLenMost is LenMost for the slice expression e where it is written
// (ExprValue), or, for the collection a range statement ranges over,
// the most iterations the loop runs.
func (r *Result) ExprLenMost(e ast.Expr) (most int64, ok bool) {
	if r.SSA == nil {
		return 0, false
	}
	if v, found := r.ExprValue(e); found {
		return r.LenMost(v)
	}
	path := r.pathTo(e)
	if len(path) < 2 {
		return 0, false
	}
	rs, isRange := path[1].(*ast.RangeStmt)
	if !isRange || rs.X != e {
		return 0, false
	}
	fn := r.funcAt(rs.Pos())
	if fn == nil {
		return 0, false
	}
	l := newLenEval(r, false)
	loop := loopOfStmt(l.r.loopsFor(fn), rs)
	if loop == nil {
		return 0, false
	}
	return l.trips(loop.header, 0)
}

// funcAt returns the innermost source function whose syntax holds pos.
func (r *Result) funcAt(pos token.Pos) *ssa.Function {
	var best *ssa.Function
	for _, fn := range r.SSA.SrcFuncs {
		syn := fn.Syntax()
		if syn == nil || pos < syn.Pos() || pos >= syn.End() {
			continue
		}
		if best == nil || syn.End()-syn.Pos() < best.Syntax().End()-best.Syntax().Pos() {
			best = fn
		}
	}
	return best
}

func (l *lenEval) spent() bool {
	l.steps++
	return l.steps > maxLenSteps
}

// loopAt returns the loop whose header is h, or nil.
func (l *lenEval) loopAt(h *ssa.BasicBlock) *ssaLoop {
	if h == nil || h.Parent() == nil {
		return nil
	}
	loops := l.r.loopsFor(h.Parent())
	for i := range loops {
		if loops[i].header == h {
			return &loops[i]
		}
	}
	return nil
}

// mostAt is most with the len guards dominating at applied.
func (l *lenEval) mostAt(v ssa.Value, at ssa.Instruction, depth int) (int64, bool) {
	n, ok := l.most(v, depth)
	if at != nil && at.Block() != nil {
		if g, found := lenGuard(v, at.Block()); found && (!ok || g < n) {
			n, ok = g, true
		}
	}
	return n, ok
}

// most is the most elements v holds.
func (l *lenEval) most(v ssa.Value, depth int) (int64, bool) {
	if p, ok := v.(*ssa.Phi); ok && l.assume != nil {
		if k, ok := l.assume[p]; ok {
			return k, true
		}
	}
	if v == nil || depth > MaxDepth || l.busy[v] || l.spent() {
		return 0, false
	}
	l.busy[v] = true
	defer delete(l.busy, v)
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil {
			return 0, true // nil
		}
		if x.Value.Kind() == constant.String {
			return int64(len(constant.StringVal(x.Value))), true
		}
	case *ssa.Slice:
		return l.sliceMost(x, depth)
	case *ssa.MakeSlice:
		return l.span(x.Len, nil, x.Block(), nil, depth+1)
	case *ssa.ChangeType:
		return l.most(x.X, depth+1)
	case *ssa.Convert:
		if isStringType(x.X.Type()) || isByteSlice(x.X.Type()) {
			return l.most(x.X, depth+1) // string(b), []byte(s): as many bytes
		}
	case *ssa.Call:
		return l.callMost(x.Common(), 0, depth)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return l.callMost(c.Common(), x.Index, depth)
		}
		if c, ok := groupContainer(x); ok {
			return l.groupMost(c)
		}
	case *ssa.Lookup, *ssa.Field:
		if c, ok := groupContainer(x); ok {
			return l.groupMost(c)
		}
	case *ssa.Phi:
		return l.phiMost(x, depth)
	case *ssa.Parameter:
		return l.paramMost(x)
	case *ssa.UnOp:
		if c, ok := groupContainer(x); ok {
			return l.groupMost(c)
		}
		if x.Op == token.MUL {
			return l.loadMost(x, depth)
		}
	}
	return 0, false
}

// sliceMost: s[a:b] holds at most b-a, no more than the array it slices;
// s[a:] no more than s.
func (l *lenEval) sliceMost(s *ssa.Slice, depth int) (int64, bool) {
	best, found := int64(0), false
	keep := func(n int64, ok bool) {
		if ok && (!found || n < best) {
			best, found = max(n, 0), true
		}
	}
	if p, ok := s.X.Type().Underlying().(*types.Pointer); ok {
		if a, ok := p.Elem().Underlying().(*types.Array); ok {
			keep(a.Len(), true)
		}
	}
	if s.High != nil {
		keep(l.span(s.High, s.Low, s.Block(), nil, depth+1))
	}
	if s.High == nil || isStringType(s.X.Type()) {
		if _, isArray := s.X.Type().Underlying().(*types.Pointer); !isArray {
			keep(l.most(s.X, depth+1))
		}
	}
	return best, found
}

// callMost: append(s, more...) holds what s and more hold; result index
// of a helper, what its summary says (Summary.LenMost).
func (l *lenEval) callMost(cc *ssa.CallCommon, index int, depth int) (int64, bool) {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		if b.Name() != "append" || index != 0 || len(cc.Args) != 2 {
			return 0, false
		}
		a, ok := l.most(cc.Args[0], depth+1)
		if !ok {
			return 0, false
		}
		more, ok := l.most(cc.Args[1], depth+1)
		if !ok {
			return 0, false
		}
		return min(a+more, lenCap), true
	}
	f := cc.StaticCallee()
	if f == nil {
		return 0, false
	}
	s := l.r.Summary(f)
	if s == nil || index >= len(s.LenMost) || s.LenMost[index] < 0 {
		return 0, false
	}
	return s.LenMost[index], true
}

// phiMost: the longest edge; for a φ-node of a loop header, what the
// loop starts with plus what it adds (growth) times its iterations
// (trips).
func (l *lenEval) phiMost(phi *ssa.Phi, depth int) (int64, bool) {
	n, ok := l.looped(phi, func(i int, e ssa.Value) (int64, bool) { return l.edgeMost(phi, i, e, depth) }, depth)
	if ok || l.loopAt(phi.Block()) == nil {
		return n, ok
	}
	return l.capped(phi, depth)
}

// looped is the most the φ-node x holds: the most of what its edges from
// outside its loop bring (outside; every edge, when x heads no loop),
// plus, when its loop's back edges add to it, the most one iteration
// adds times the loop's iterations.
func (l *lenEval) looped(x *ssa.Phi, outside func(int, ssa.Value) (int64, bool), depth int) (int64, bool) {
	h := x.Block()
	loop := l.loopAt(h)
	var start, grow int64
	for i, e := range x.Edges {
		if i >= len(h.Preds) {
			return 0, false
		}
		if loop != nil && loop.body[h.Preds[i]] {
			g, ok := l.growth(e, x, depth+1)
			if !ok {
				return 0, false
			}
			grow = max(grow, g)
			continue
		}
		n, ok := outside(i, e)
		if !ok {
			return 0, false
		}
		start = max(start, n)
	}
	if grow == 0 {
		return start, true
	}
	n, ok := l.trips(h, depth+1)
	if !ok {
		return 0, false
	}
	return min(start+grow*n, lenCap), true
}

// growth is the most elements v, a value a loop computes from the
// header's φ-node p, holds beyond p: what appends add, the most of an
// inner loop's iterations, or v's own bound (a chunk made anew).
func (l *lenEval) growth(v ssa.Value, p *ssa.Phi, depth int) (int64, bool) {
	if v == p {
		return 0, true
	}
	if depth > MaxDepth || l.spent() {
		return 0, false
	}
	switch x := v.(type) {
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
			g, ok := l.growth(x.Call.Args[0], p, depth+1)
			if !ok {
				return 0, false
			}
			more, ok := l.most(x.Call.Args[1], depth+1)
			if !ok {
				return 0, false
			}
			return min(g+more, lenCap), true
		}
	case *ssa.Phi:
		if l.busy[x] {
			return 0, false
		}
		l.busy[x] = true
		defer delete(l.busy, x)
		return l.looped(x, func(_ int, e ssa.Value) (int64, bool) { return l.growth(e, p, depth+1) }, depth)
	}
	return l.most(v, depth+1) // len(v) - len(p) <= len(v)
}

// trips returns the most times a back edge of the loop headed by h is
// taken: a block of the loop that every back edge passes through ends
// in a test of the header's counter (a φ-node that starts at constants
// and every back edge steps by a positive constant) against a bounded
// value, which must hold for the loop to go on.
func (l *lenEval) trips(h *ssa.BasicBlock, depth int) (int64, bool) {
	loop := l.loopAt(h)
	if loop == nil || depth > MaxDepth {
		return 0, false
	}
	var latches []*ssa.BasicBlock
	for _, p := range h.Preds {
		if loop.body[p] {
			latches = append(latches, p)
		}
	}
	best, found := int64(0), false
	for _, b := range h.Parent().Blocks {
		if !loop.body[b] || len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || loop.body[b.Succs[0]] == loop.body[b.Succs[1]] {
			continue
		}
		if !slices.ContainsFunc(latches, func(x *ssa.BasicBlock) bool { return !b.Dominates(x) }) {
			if n, ok := l.countTest(ifi.Cond, h, loop, loop.body[b.Succs[0]], b, depth); ok && (!found || n < best) {
				best, found = n, true
			}
		}
	}
	return best, found
}

// countTest returns how many times cond, tested once per iteration, can
// have the truth value holds that keeps the loop going: cond compares u
// (the header's counter c, or c plus a constant) with a bound B, u < B
// or u <= B.
func (l *lenEval) countTest(cond ssa.Value, h *ssa.BasicBlock, loop *ssaLoop, holds bool, at *ssa.BasicBlock, depth int) (int64, bool) {
	bo, ok := cond.(*ssa.BinOp)
	if !ok {
		return 0, false
	}
	op, u, bound := bo.Op, bo.X, bo.Y
	c, off, ok := counterOf(u, h)
	if !ok {
		if c, off, ok = counterOf(bound, h); !ok {
			return 0, false
		}
		u, bound = bound, u
		if op, ok = mirrored[op]; !ok {
			return 0, false
		}
	}
	if !holds {
		if op, ok = negated[op]; !ok {
			return 0, false
		}
	}
	if op != token.LSS && op != token.LEQ {
		return 0, false
	}
	var start, step int64
	started, stepped := false, false
	for i, e := range c.Edges {
		if loop.body[h.Preds[i]] {
			k, ok := stepOf(e, c)
			if !ok || k < 1 {
				return 0, false
			}
			if !stepped || k < step {
				step, stepped = k, true
			}
			continue
		}
		k, ok := constInt(e)
		if !ok {
			return 0, false
		}
		if !started || k < start {
			start, started = k, true
		}
	}
	if !started || !stepped {
		return 0, false
	}
	b, ok := l.span(bound, nil, at, nil, depth+1)
	if !ok {
		return 0, false
	}
	// u takes start+off, start+off+step, … while the test holds.
	gap := b - (start + off)
	var n int64
	if op == token.LSS {
		n = (gap + step - 1) / step
	} else if gap >= 0 {
		n = gap/step + 1
	}
	return min(max(n, 0), lenCap), true
}

// counterOf splits u into a φ-node of the header h and a constant added
// to it.
func counterOf(u ssa.Value, h *ssa.BasicBlock) (*ssa.Phi, int64, bool) {
	if p, ok := u.(*ssa.Phi); ok && p.Block() == h {
		return p, 0, true
	}
	if bo, ok := u.(*ssa.BinOp); ok && bo.Op == token.ADD {
		if p, ok := bo.X.(*ssa.Phi); ok && p.Block() == h {
			if k, ok := constInt(bo.Y); ok {
				return p, k, true
			}
		}
	}
	return nil, 0, false
}

// stepOf returns k when e is c + k.
func stepOf(e ssa.Value, c *ssa.Phi) (int64, bool) {
	bo, ok := e.(*ssa.BinOp)
	if !ok || bo.Op != token.ADD {
		return 0, false
	}
	switch {
	case bo.X == c:
		return constInt(bo.Y)
	case bo.Y == c:
		return constInt(bo.X)
	}
	return 0, false
}

// span returns the most hi - lo can be, where lo is a slice's low bound
// (never negative; nil for 0): a constant, lo+K, min(…), len(x), a
// φ-node's longest edge, or what a test dominating at (or the edge
// from at to the block to) says of hi.
func (l *lenEval) span(hi, lo ssa.Value, at, to *ssa.BasicBlock, depth int) (int64, bool) {
	if hi == nil || depth > MaxDepth || l.spent() {
		return 0, false
	}
	if lo != nil && sameInt(hi, lo) {
		return 0, true
	}
	if k, ok := constInt(lo); lo != nil && ok {
		n, ok := l.span(hi, nil, at, to, depth+1)
		return n - k, ok
	}
	best, found := int64(0), false
	keep := func(n int64, ok bool) {
		if ok && (!found || n < best) {
			best, found = n, true
		}
	}
	switch x := hi.(type) {
	case *ssa.Const:
		return constInt(x)
	case *ssa.BinOp:
		switch x.Op {
		case token.ADD:
			if k, ok := constInt(x.Y); ok {
				if n, ok := l.span(x.X, lo, at, nil, depth+1); ok {
					keep(n+k, true)
				}
			} else if k, ok := constInt(x.X); ok {
				if n, ok := l.span(x.Y, lo, at, nil, depth+1); ok {
					keep(n+k, true)
				}
			}
		case token.SUB:
			if k, ok := constInt(x.Y); ok {
				if n, ok := l.span(x.X, lo, at, nil, depth+1); ok {
					keep(n-k, true)
				}
			}
		}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "len":
				if len(x.Call.Args) == 1 {
					keep(l.most(x.Call.Args[0], depth+1))
				}
			case "min":
				for _, a := range x.Call.Args {
					keep(l.span(a, lo, at, nil, depth+1))
				}
			}
		}
	case *ssa.Phi:
		if !l.busy[x] {
			l.busy[x] = true
			var most int64
			all := true
			for i, e := range x.Edges {
				if i >= len(x.Block().Preds) {
					all = false
					break
				}
				n, ok := l.span(e, lo, x.Block().Preds[i], x.Block(), depth+1)
				if !ok {
					all = false
					break
				}
				most = max(most, n)
			}
			delete(l.busy, x)
			if all {
				keep(most, true)
			}
		}
	}
	if !found && at != nil {
		keep(l.guard(hi, lo, at, to, depth))
	}
	return best, found
}

// guard returns what the tests dominating block b, and the edge from b
// to the block to when to is not nil, say of x: taken only when x < y
// (x <= y, x == y), x - lo is at most what y - lo can be.
func (l *lenEval) guard(x, lo ssa.Value, b, to *ssa.BasicBlock, depth int) (int64, bool) {
	best, found := int64(0), false
	eachGuardIf(b, to, func(ifi *ssa.If, p, succ *ssa.BasicBlock) bool {
		if n, ok := l.condSpan(ifi.Cond, x, lo, succ == p.Succs[0], p, depth); ok && (!found || n < best) {
			best, found = n, true
		}
		return false
	})
	return best, found
}

// condSpan: cond, with the truth value holds, says x < y, x <= y or
// x == y; the most y - lo can be.
func (l *lenEval) condSpan(cond, x, lo ssa.Value, holds bool, at *ssa.BasicBlock, depth int) (int64, bool) {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		return l.condSpan(u.X, x, lo, !holds, at, depth)
	}
	bo, ok := cond.(*ssa.BinOp)
	if !ok {
		return 0, false
	}
	op, a, y := bo.Op, bo.X, bo.Y
	if !sameInt(a, x) {
		if !sameInt(y, x) {
			return 0, false
		}
		a, y = y, a
		if op, ok = mirrored[op]; !ok {
			return 0, false
		}
	}
	if !holds {
		if op, ok = negated[op]; !ok {
			return 0, false
		}
	}
	switch op {
	case token.LSS, token.LEQ, token.EQL:
		return l.span(y, lo, at, nil, depth+1)
	}
	return 0, false
}

// sameInt reports whether a and b are the same integer: one value, or
// len of one value computed twice.
func sameInt(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok := a.(*ssa.Call)
	if !ok || !isLenOf(ca, func(ssa.Value) bool { return true }) {
		return false
	}
	return isLenOf(b, func(x ssa.Value) bool { return x == ca.Call.Args[0] })
}

// paramMost: the longest argument any call of the parameter's function
// passes, when every call is visible (visibleCalls).
func (l *lenEval) paramMost(p *ssa.Parameter) (int64, bool) {
	if l.summary || l.hops >= MaxCallerDepth {
		return 0, false
	}
	fn := p.Parent()
	idx := slices.Index(fn.Params, p)
	calls := l.r.visibleCalls(fn)
	if idx < 0 || len(calls) == 0 {
		return 0, false
	}
	l.hops++
	defer func() { l.hops-- }()
	var most int64
	for _, c := range calls {
		args := c.Common().Args
		if idx >= len(args) {
			return 0, false
		}
		n, ok := l.mostAt(args[idx], c, 0)
		if !ok {
			return 0, false
		}
		most = max(most, n)
	}
	return most, true
}

// visibleCalls returns the calls of fn when every one is visible: an
// unexported function's (AllCalls) never used as a method value or
// expression, or a function literal's that is
// only called where it is made or through the local holding it (never
// passed, stored or returned).
func (r *Result) visibleCalls(fn *ssa.Function) []ssa.CallInstruction {
	if fn.Pkg != r.SSA.Pkg || fn.Synthetic != "" || fn.Blocks == nil {
		return nil
	}
	if obj := fn.Object(); obj != nil {
		if r.wrapped[obj] {
			return nil
		}
		return r.AllCalls(fn)
	}
	if fn.Parent() == nil || r.escaped[fn] {
		return nil
	}
	for _, mc := range r.closures[fn] {
		for _, ref := range *mc.Referrers() {
			switch ref := ref.(type) {
			case *ssa.DebugRef:
			case ssa.CallInstruction:
				if ref.Common().Value != ssa.Value(mc) || slices.Contains(ref.Common().Args, ssa.Value(mc)) {
					return nil
				}
			default:
				return nil
			}
		}
	}
	return r.callers[fn]
}

// loadMost: a variable kept in memory (captured by a closure): the
// longest value stored to it, when its address goes nowhere but loads,
// stores and the closures that capture it.
func (l *lenEval) loadMost(u *ssa.UnOp, depth int) (int64, bool) {
	var allocs []ssa.Value
	switch x := u.X.(type) {
	case *ssa.Alloc:
		allocs = append(allocs, x)
	case *ssa.FreeVar:
		fn := x.Parent()
		i := slices.Index(fn.FreeVars, x)
		mcs := l.r.closures[fn]
		if i < 0 || len(mcs) == 0 {
			return 0, false
		}
		for _, mc := range mcs {
			if i >= len(mc.Bindings) {
				return 0, false
			}
			allocs = append(allocs, mc.Bindings[i])
		}
	default:
		return 0, false
	}
	var most int64
	for _, a := range allocs {
		if _, ok := a.(*ssa.Alloc); !ok || l.busy[a] {
			return 0, false
		}
		l.busy[a] = true
		vals, ok := l.r.storedToVar(a)
		if ok {
			for _, v := range vals {
				var n int64
				if n, ok = l.most(v, depth+1); !ok {
					break
				}
				most = max(most, n)
			}
		}
		delete(l.busy, a)
		if !ok {
			return 0, false
		}
	}
	return most, true
}

// storedToVar returns every value stored to the variable a, in its
// function or in the closures that capture it; ok is false when its
// address is used otherwise (passed on, stored, a field's or element's
// address taken).
func (r *Result) storedToVar(a ssa.Value) (vals []ssa.Value, ok bool) {
	refs := func(addr ssa.Value) bool {
		for _, ref := range *addr.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr != addr {
					return false
				}
				vals = append(vals, ref.Val)
			case *ssa.UnOp:
				if ref.Op != token.MUL {
					return false
				}
			case *ssa.DebugRef:
			case *ssa.MakeClosure:
				f, isFn := ref.Fn.(*ssa.Function)
				if !isFn || addr != a {
					return false
				}
				i := slices.Index(ref.Bindings, addr)
				if i < 0 || i >= len(f.FreeVars) || slices.Index(ref.Bindings[i+1:], addr) >= 0 {
					return false
				}
				if !fvRefs(f.FreeVars[i], &vals) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !refs(a) {
		return nil, false
	}
	return vals, true
}

// fvRefs adds the values a closure stores through its free variable fv
// to vals; false when fv is used otherwise than loaded and stored to.
func fvRefs(fv *ssa.FreeVar, vals *[]ssa.Value) bool {
	for _, ref := range *fv.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != fv {
				return false
			}
			*vals = append(*vals, ref.Val)
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// lenResults is Summary.LenMost: for each slice result of fn, the most
// elements any of its returns rets gives (parameters unknown), or -1;
// nil when no result is bounded.
func (r *Result) lenResults(fn *ssa.Function, rets []*ssa.Return) []int64 {
	res := fn.Signature.Results()
	var out []int64
	for i := 0; i < res.Len(); i++ {
		if _, ok := res.At(i).Type().Underlying().(*types.Slice); !ok || len(rets) == 0 {
			continue
		}
		var most int64
		bounded := true
		for _, ret := range rets {
			n, ok := newLenEval(r, true).most(ret.Results[i], 0)
			if !ok {
				bounded = false
				break
			}
			most = max(most, n)
		}
		if !bounded {
			continue
		}
		if out == nil {
			out = make([]int64, res.Len())
			for j := range out {
				out[j] = -1
			}
		}
		out[i] = most
	}
	return out
}
