package flow

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Loops and values that change from one iteration to the next.
//
// A loop of a function's SSA form is a header block and the blocks of
// its body: every block from which a back edge to the header (an edge
// from a block the header dominates) can be reached without passing
// through the header.
//
// A value varies per iteration of a set of loops when it depends, through
// the instructions of their bodies, on what an iteration brings: a
// φ-node of a loop header (the index of a range or a for loop, anything
// carried from one iteration to the next), the next element of a range
// over a map, a string, a channel or an iterator function (ssa.Next, a
// receive), or a UUID made in the loop. A value computed outside those
// loops (a parameter, a constant, a global, a value computed before the
// loop) is fixed for them; so is a call in the loop none of whose
// arguments varies (an approximation: a helper that returns something
// new each time without being given anything, other than a UUID
// constructor, counts as fixed, so the approximation can only make a
// rule quieter). A value the loop checks equal to a fixed one (if
// s.Sensor != sensor { return errMixed }) counts as fixed too, and so
// does the field an item of a group is filed under, as long as the group
// is fixed (groups.go).

// ssaLoop is one loop of a function: its header and body blocks (the
// header included).
type ssaLoop struct {
	header *ssa.BasicBlock
	body   map[*ssa.BasicBlock]bool
}

// loopsOf returns the loops of fn, one per header (the bodies of back
// edges to the same header merged).
func loopsOf(fn *ssa.Function) []ssaLoop {
	byHeader := map[*ssa.BasicBlock]ssaLoop{}
	var order []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		for _, h := range b.Succs {
			if !h.Dominates(b) {
				continue
			}
			l, ok := byHeader[h]
			if !ok {
				l = ssaLoop{header: h, body: map[*ssa.BasicBlock]bool{h: true}}
				order = append(order, h)
			}
			// The blocks that reach b without passing through h.
			work := []*ssa.BasicBlock{b}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if l.body[x] {
					continue
				}
				l.body[x] = true
				work = append(work, x.Preds...)
			}
			byHeader[h] = l
		}
	}
	out := make([]ssaLoop, 0, len(order))
	for _, h := range order {
		out = append(out, byHeader[h])
	}
	return out
}

// VariesPerIteration reports whether v, a value of fn, can differ from
// one iteration to the next of loop, a for or range statement of fn (its
// nested loops included): see the comment at the top of iteration.go. v
// may be a struct or a pointer to one, asked about as a whole (a field
// of a value that varies varies). What names what varies, for messages
// ("" when nothing does).
//
// The SSA loop of the statement is the smallest one that holds an
// instruction of the statement's own code (not of a loop nested in it);
// a statement with no code of its own varies nothing.
func (r *Result) VariesPerIteration(fn *ssa.Function, v ssa.Value, loop ast.Node) (what string, varies bool) {
	it := r.iterationOf(fn, v, loop)
	if it == nil {
		return "", false
	}
	what, varies = it.varies(v, 0)
	if varies && it.checkedEqual(v) {
		return "", false
	}
	return what, varies
}

// FieldVariesPerIteration is VariesPerIteration for field (or, for a
// map, the entry of constant key) name of v: it is fixed where v is an
// item of a slice grouped by that name (groups.go) and the slice is
// fixed; otherwise it varies when v does.
func (r *Result) FieldVariesPerIteration(fn *ssa.Function, v ssa.Value, name string, loop ast.Node) (what string, varies bool) {
	it := r.iterationOf(fn, v, loop)
	if it == nil {
		return "", false
	}
	if g := groupOf(v, name); g != nil {
		return it.varies(g, 0)
	}
	what, varies = it.varies(v, 0)
	if varies && it.checkedEqual(v) {
		return "", false
	}
	return what, varies
}

// loopsFor returns the loops of fn (loopsOf), computed once per
// function for every question (under lazy: analyzers may ask at once).
// The loops are only read once made.
func (r *Result) loopsFor(fn *ssa.Function) []ssaLoop {
	return cached(&r.lazy, &r.loops, fn, func() []ssaLoop { return loopsOf(fn) })
}

// iterationOf returns the iteration of the SSA loop of the statement
// loop of fn (see VariesPerIteration); nil when there is none.
func (r *Result) iterationOf(fn *ssa.Function, v ssa.Value, loop ast.Node) *iteration {
	if fn == nil || v == nil || loop == nil {
		return nil
	}
	loops := r.loopsFor(fn)
	best := loopOfStmt(loops, loop)
	if best == nil {
		return nil
	}
	it := &iteration{body: best.body, headers: map[*ssa.BasicBlock]bool{}, seen: map[ssa.Value]bool{}}
	for _, l := range loops {
		if best.body[l.header] {
			it.headers[l.header] = true
		}
	}
	return it
}

// loopOfStmt returns the SSA loop, among loops (a function's), of the
// for or range statement loop: the smallest one that holds an
// instruction of the statement's own code (not of a loop nested in it);
// nil for a statement with no code of its own.
func loopOfStmt(loops []ssaLoop, loop ast.Node) *ssaLoop {
	var nested [][2]token.Pos
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n != loop {
				nested = append(nested, [2]token.Pos{n.Pos(), n.End()})
			}
		case *ast.FuncLit:
			return false
		}
		return true
	})
	own := func(p token.Pos) bool {
		if !p.IsValid() || p < loop.Pos() || p >= loop.End() {
			return false
		}
		for _, r := range nested {
			if r[0] <= p && p < r[1] {
				return false
			}
		}
		return true
	}
	var best *ssaLoop
	for i := range loops {
		l := &loops[i]
		if (best == nil || len(l.body) < len(best.body)) && l.holds(own) {
			best = l
		}
	}
	return best
}

// checkedEqual reports whether the loop compares v (the same value,
// read the same way) with == or != against a value fixed for the loop
// (if s.Sensor != sensor { return errMixed }): the code keeps v to one
// value, so v counts as fixed.
func (it *iteration) checkedEqual(v ssa.Value) bool {
	for b := range it.body {
		for _, in := range b.Instrs {
			bo, ok := in.(*ssa.BinOp)
			if !ok || (bo.Op != token.EQL && bo.Op != token.NEQ) {
				continue
			}
			for _, p := range [][2]ssa.Value{{bo.X, bo.Y}, {bo.Y, bo.X}} {
				if !sameRead(p[0], v, 0) {
					continue
				}
				other := &iteration{body: it.body, headers: it.headers, seen: map[ssa.Value]bool{}}
				if _, varies := other.varies(p[1], 0); !varies {
					return true
				}
			}
		}
	}
	return false
}

// sameRead reports whether a and b are the same value, or the same
// field read from the same value (two reads of s.Sensor).
func sameRead(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if depth > MaxDepth {
		return false
	}
	switch x := a.(type) {
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameRead(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameRead(x.X, y.X, depth+1)
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == token.MUL && y.Op == token.MUL && sameRead(x.X, y.X, depth+1)
	case *ssa.MakeInterface:
		return sameRead(x.X, b, depth+1)
	}
	if y, ok := b.(*ssa.MakeInterface); ok {
		return sameRead(a, y.X, depth+1)
	}
	return false
}

// holds reports whether an instruction of l's body has a position own
// accepts.
func (l *ssaLoop) holds(own func(token.Pos) bool) bool {
	for b := range l.body {
		for _, in := range b.Instrs {
			if own(in.Pos()) {
				return true
			}
		}
	}
	return false
}

// iteration answers VariesPerIteration for the union of a set of loops.
type iteration struct {
	body    map[*ssa.BasicBlock]bool
	headers map[*ssa.BasicBlock]bool
	seen    map[ssa.Value]bool
}

// in reports whether v is computed in the loops' bodies.
func (it *iteration) in(v ssa.Value) bool {
	in, ok := v.(ssa.Instruction)
	return ok && in.Block() != nil && it.body[in.Block()]
}

func (it *iteration) varies(v ssa.Value, depth int) (string, bool) {
	if v == nil || depth > MaxDepth || it.seen[v] {
		return "", false
	}
	it.seen[v] = true
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.Builtin, *ssa.Parameter, *ssa.FreeVar:
		return "", false
	case *ssa.Alloc:
		// A variable: what the loops store into it (or into its fields
		// and elements), wherever it was declared.
		return it.stores(x, depth)
	}
	if !it.in(v) {
		// Computed before (or after) the loops: fixed for them, unless
		// it is a variable the loops store into, read through a pointer.
		return "", false
	}
	switch x := v.(type) {
	case *ssa.Phi:
		if it.headers[x.Block()] {
			return "the loop's variable", true
		}
		for _, ed := range x.Edges {
			if w, ok := it.varies(ed, depth+1); ok {
				return w, true
			}
		}
		return "", false
	case *ssa.Next:
		return "each element of the range", true
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return "each value received", true
		}
		if x.Op == token.MUL {
			if w, ok := it.varies(x.X, depth+1); ok {
				return w, true
			}
			return it.stores(x.X, depth)
		}
	case *ssa.Call:
		if f := x.Call.StaticCallee(); f != nil && isUUIDFunc(callee(f), f) {
			return "a UUID made for each action", true
		}
	case *ssa.Field:
		// The field a slice's items are grouped by is as fixed as the
		// slice (groups.go).
		if g := groupOf(x.X, fieldName(x.X.Type(), x.Field)); g != nil {
			return it.varies(g, depth+1)
		}
	case *ssa.FieldAddr:
		if g := groupOf(x.X, fieldName(x.X.Type(), x.Field)); g != nil {
			return it.varies(g, depth+1)
		}
	case *ssa.Lookup:
		if name := constKey(x.Index); name != "" {
			if g := groupOf(x.X, name); g != nil {
				return it.varies(g, depth+1)
			}
		}
	}
	in, ok := v.(ssa.Instruction)
	if !ok {
		return "", false
	}
	var rands []*ssa.Value
	for _, op := range in.Operands(rands) {
		if op == nil || *op == nil {
			continue
		}
		if w, ok := it.varies(*op, depth+1); ok {
			return w, true
		}
	}
	return "", false
}

// stores reports whether the loops store a varying value into the
// address a, one of its fields or elements.
func (it *iteration) stores(a ssa.Value, depth int) (string, bool) {
	refs := a.Referrers()
	if refs == nil || depth > MaxDepth {
		return "", false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == a && it.body[r.Block()] {
				if w, ok := it.varies(r.Val, depth+1); ok {
					return w, true
				}
			}
		case *ssa.FieldAddr:
			if w, ok := it.stores(r, depth+1); ok {
				return w, true
			}
		case *ssa.IndexAddr:
			if w, ok := it.stores(r, depth+1); ok {
				return w, true
			}
		}
	}
	return "", false
}
