package transactions

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// maxGivenDepth bounds the callers followed through parameters passed
// on (Append → commit → putRows).
const maxGivenDepth = 3

// givenAtMost returns the most elements the slice parameter v holds:
// v belongs to an unexported function every call of which is visible
// (flow.Result.ArgsOf), and each call passes a slice whose length is
// provably bounded (sliceMost). ok is false when any call's is not.
func (c *checker) givenAtMost(v *types.Var, depth int) (most int64, ok bool) {
	if depth > maxGivenDepth {
		return 0, false
	}
	args, ok := c.fl.ArgsOf(v)
	if !ok {
		return 0, false
	}
	for _, a := range args {
		n, ok := c.sliceMost(a, depth)
		if !ok {
			return 0, false
		}
		most = max(most, n)
	}
	return most, true
}

// sliceMost returns the most elements the slice e holds: a parameter
// all of whose callers pass bounded slices (givenAtMost), s[a:b] with
// b-a bounded (spanMost), or a local slice created with a constant
// length and grown only by appends in loops of bounded iterations
// (grownMost).
func (c *checker) sliceMost(e ast.Expr, depth int) (n int64, ok bool) {
	e = ast.Unparen(e)
	if depth > 2*maxGivenDepth {
		return 0, false
	}
	if s, isSlice := e.(*ast.SliceExpr); isSlice {
		body, start := c.enclosingFunc(s.Pos())
		if body == nil {
			return 0, false
		}
		c.in(body, start, func() { n, ok = c.spanMost(s) })
		return n, ok
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil {
		return 0, false
	}
	body, start := c.declaringFunc(v)
	if body == nil || id.Pos() < body.Pos() || id.End() > body.End() || c.addressed(body, v) {
		return 0, false
	}
	if c.idx.IsParam(v) {
		return c.givenAtMost(v, depth+1)
	}
	c.in(body, start, func() { n, ok = c.grownMost(v, id, depth) })
	return n, ok
}

// enclosingFunc returns the body and start of the innermost function of
// the package around pos, or nil.
func (c *checker) enclosingFunc(pos token.Pos) (*ast.BlockStmt, token.Pos) {
	cur, ok := c.ins.Root().FindByPos(pos, pos)
	if !ok {
		return nil, token.NoPos
	}
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := f.Node().(type) {
		case *ast.FuncDecl:
			return n.Body, n.Pos()
		case *ast.FuncLit:
			return n.Body, n.Pos()
		}
	}
	return nil, token.NoPos
}

// addressed reports whether body takes the address of v (&v), through
// which a callee may grow it.
func (c *checker) addressed(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND && c.idx.VarOf(ast.Unparen(u.X)) == v {
			found = true
		}
		return !found
	})
	return found
}

// spanMost returns the most elements s[a:b] holds when b-a is bounded:
// constants, b written a+K, or a variable b whose every value is a+K, or
// min(a+K, …), or a value X assigned under if b > X (X < b ≤ a+K: the
// chunking idiom stop := start+100; if stop > len(recs) { stop = len(recs) }).
func (c *checker) spanMost(s *ast.SliceExpr) (int64, bool) {
	if s.High == nil || s.Slice3 {
		return 0, false
	}
	var lo int64
	if s.Low != nil {
		if n, ok := c.constInt(s.Low); ok {
			lo = n
		} else {
			return c.stepMost(s.Low, s.High, 0)
		}
	}
	if hi, ok := c.constInt(s.High); ok && hi >= lo {
		return hi - lo, true
	}
	return 0, false
}

// stepMost returns the most hi-lo can be (lo a variable); see spanMost.
func (c *checker) stepMost(lo, hi ast.Expr, depth int) (int64, bool) {
	lo, hi = ast.Unparen(lo), ast.Unparen(hi)
	loV := c.idx.VarOf(lo)
	if loV == nil || depth > 2 {
		return 0, false
	}
	switch h := hi.(type) {
	case *ast.BinaryExpr:
		if h.Op == token.ADD && c.idx.VarOf(h.X) == loV {
			if k, ok := c.constInt(h.Y); ok && k >= 0 {
				return k, true
			}
		}
		return 0, false
	case *ast.CallExpr:
		if !sdk.IsBuiltin(c.pass.TypesInfo, h, "min") {
			return 0, false
		}
		best, found := int64(0), false
		for _, a := range h.Args {
			if n, ok := c.stepMost(lo, a, depth+1); ok && (!found || n < best) {
				best, found = n, true
			}
		}
		return best, found
	case *ast.Ident:
		hv := c.idx.VarOf(h)
		if hv == nil || c.idx.Incremented(hv) || hv == loV {
			return 0, false
		}
		defs := c.idx.Defs(hv)
		if len(defs) == 0 {
			return 0, false
		}
		var most int64
		var capped []ast.Expr // values assigned under if hi > X
		for _, d := range defs {
			if d.Zero() || d.Index >= 0 {
				return 0, false
			}
			if n, ok := c.stepMost(lo, d.Rhs, depth+1); ok {
				most = max(most, n)
				continue
			}
			if !c.cappedBy(hv, d.Rhs) {
				return 0, false
			}
			capped = append(capped, d.Rhs)
		}
		if len(capped) == len(defs) {
			return 0, false
		}
		return most, true
	}
	return 0, false
}

// cappedBy reports whether rhs is assigned to v (v = X) as the only
// statement of an if whose condition is v > X (or X < v): v only gets
// smaller.
func (c *checker) cappedBy(v *types.Var, rhs ast.Expr) bool {
	as, ok := c.parents[rhs].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || as.Tok != token.ASSIGN {
		return false
	}
	blk, ok := c.parents[as].(*ast.BlockStmt)
	if !ok || len(blk.List) != 1 {
		return false
	}
	ifs, ok := c.parents[blk].(*ast.IfStmt)
	if !ok || ifs.Body != blk || ifs.Init != nil {
		return false
	}
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, y, op := be.X, be.Y, be.Op
	if c.idx.VarOf(x) != v {
		x, y, op = y, x, mirror(op)
	}
	return c.idx.VarOf(x) == v && (op == token.GTR || op == token.GEQ) &&
		types.ExprString(ast.Unparen(y)) == types.ExprString(ast.Unparen(rhs))
}

// grownMost returns the most elements the local slice v holds at use: v
// is declared (v := make(T, n[, m]), a literal, var v []T) in the
// function checked, outside any loop use is not in, and only appended
// to after, by appends of known counts in loops of bounded iterations
// (constant, or a range over a bounded slice) inside that declaration's
// loops; no other assignment, no append in a closure.
func (c *checker) grownMost(v *types.Var, use ast.Node, depth int) (int64, bool) {
	var decl ast.Node
	var g growth
	made := false // declared empty, or with a literal or make
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && n.Tok == token.DEFINE {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && c.pass.TypesInfo.Defs[id] == v {
					decl = n
					made = c.created(n.Rhs[0], &g)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if c.pass.TypesInfo.Defs[id] == v {
					decl = n
					made = len(n.Values) == 0 || i < len(n.Values) && c.created(n.Values[i], &g)
				}
			}
		}
		return decl == nil
	})
	if decl == nil || !made || g.sized != nil || g.counted != nil {
		return 0, false
	}
	all := c.collect(v)
	if len(all.sets) > 0 || len(all.resets) > 1 || len(all.resets) == 1 && all.resets[0] != decl {
		return 0, false
	}
	declLoops := map[ast.Node]bool{}
	for _, l := range c.loopsOf(decl, nil) {
		declLoops[l] = true
	}
	for _, l := range c.loopsOf(use, nil) {
		if !declLoops[l] {
			return 0, false // used after more iterations than it is made in
		}
	}
	most := int64(g.initial)
	for _, a := range all.adds {
		if a.k < 0 || c.inClosure(a.node) {
			return 0, false
		}
		mult := int64(1)
		for _, l := range c.loopsOf(a.node, nil) {
			if declLoops[l] {
				break
			}
			n, ok := c.loopMost(l, depth+1)
			if !ok {
				return 0, false
			}
			mult = min(mult*n, 1<<20)
		}
		most = min(most+int64(a.k)*mult, 1<<20)
	}
	return most, true
}

// loopMost returns the most iterations loop l runs: a constant count, or
// a range over a bounded slice (sliceMost).
func (c *checker) loopMost(l ast.Node, depth int) (int64, bool) {
	if n, ok := c.bound(l); ok {
		return int64(n), true
	}
	r, ok := l.(*ast.RangeStmt)
	if !ok {
		return 0, false
	}
	if _, isSlice := c.pass.TypesInfo.TypeOf(r.X).Underlying().(*types.Slice); !isSlice {
		return 0, false
	}
	return c.sliceMost(r.X, depth)
}

// inClosure reports whether n lies in a function literal inside the
// function checked.
func (c *checker) inClosure(n ast.Node) bool {
	for p := c.parents[n]; p != nil && p != c.body; p = c.parents[p] {
		if _, ok := p.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}
