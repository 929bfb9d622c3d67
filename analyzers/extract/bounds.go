package extract

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// bound is the most a string value written holds, as the code shows it.
type bound struct {
	// n is the most bytes, or runes when runes is set; 0 when unknown.
	n     int64
	runes bool
}

// maxLength is the bound in the design's unit, UTF-16 code units: a
// byte count bounds them (a code unit takes one byte or more in UTF-8), a
// rune takes one or two.
func (b bound) maxLength() int64 {
	if b.runes {
		return 2 * b.n
	}
	return b.n
}

// runeCount is the rune count the bound comes from, 0 for bytes.
func (b bound) runeCount() int64 {
	if b.runes {
		return b.n
	}
	return 0
}

func (p *Prop) setBound(b bound) {
	p.MaxLength, p.MaxRunes = b.maxLength(), b.runeCount()
}

// Merge takes into p the bound of another value of the property: the
// larger of the two, none when either has none.
func (p *Prop) Merge(o Prop) {
	if p.MaxLength == 0 || o.MaxLength == 0 {
		p.MaxLength, p.MaxRunes = 0, 0
		return
	}
	if o.MaxLength > p.MaxLength {
		p.MaxLength, p.MaxRunes = o.MaxLength, o.MaxRunes
	}
}

// boundOf returns the bound the code puts on the string value v where
// it is written:
//
//   - v is x[:N] or x[:min(len(x), N)] (N constant): N bytes;
//   - v is a local variable x that an if statement before the write,
//     in a block enclosing it, checks with len(x) > N or
//     utf8.RuneCountInString(x) > N (or >= N+1, N < len(x), and any
//     disjunct of an ||), the if's body ending in a return or a panic,
//     or, after len(x) > N, truncating x to x[:K] (then the bound is the
//     larger of N and K);
//   - the write is in the body of if len(x) <= N (or a conjunct of it),
//     or in the else branch of if len(x) > N.
//
// x must not be assigned after the check (but in the truncation), nor
// its address taken, in the function. Otherwise the bound is unknown.
func (e *extractor) boundOf(v ast.Expr) bound {
	v = ast.Unparen(v)
	if b, ok := e.truncated(v, nil); ok {
		return b
	}
	id, ok := v.(*ast.Ident)
	if !ok {
		return bound{}
	}
	x, ok := e.info.Uses[id].(*types.Var)
	if !ok || x.IsField() || !types.Identical(x.Type().Underlying(), types.Typ[types.String]) {
		return bound{}
	}
	file := e.fileOf(v.Pos())
	if file == nil {
		return bound{}
	}
	path, _ := astutil.PathEnclosingInterval(file, v.Pos(), v.End())
	var fn ast.Node // the innermost function: the checks must be in it
	for _, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			fn = n
			break
		}
		if _, ok := n.(*ast.FuncDecl); ok {
			fn = n
			break
		}
	}
	if fn == nil || x.Pos() < fn.Pos() || x.Pos() >= fn.End() {
		return bound{} // not the function's own variable
	}
	var best bound
	better := func(b bound, from ast.Node, except ast.Node) {
		if b.n <= 0 || e.assignedAfter(fn, x, from, except) {
			return
		}
		if best.n == 0 || b.maxLength() < best.maxLength() {
			best = b
		}
	}
	for i, n := range path {
		if n == fn {
			break
		}
		if i == 0 {
			continue
		}
		child := path[i-1]
		switch n := n.(type) {
		case *ast.IfStmt:
			switch child {
			case n.Body:
				better(e.fits(n.Cond, x), n, nil)
			case n.Else:
				better(e.tooLong(n.Cond, x), n, nil)
			}
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			for _, s := range stmts(n) {
				if s == child {
					break
				}
				if is, ok := s.(*ast.IfStmt); ok && is.Init == nil {
					b, except := e.guard(is, x)
					better(b, is, except)
				}
			}
		}
	}
	return best
}

// guard returns the bound an if statement before the write puts on x:
// its condition says x is too long and its body leaves the function or
// truncates x (that assignment is returned: it is not a change of x).
func (e *extractor) guard(is *ast.IfStmt, x *types.Var) (bound, ast.Node) {
	b := e.tooLong(is.Cond, x)
	if b.n == 0 || len(is.Body.List) == 0 {
		return bound{}, nil
	}
	last := is.Body.List[len(is.Body.List)-1]
	switch s := last.(type) {
	case *ast.ReturnStmt:
		return b, nil
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(s.X).(*ast.CallExpr); ok && sdk.IsBuiltin(e.info, call, "panic") {
			return b, nil
		}
	case *ast.AssignStmt:
		// if len(x) > N { x = x[:K] }: at most K bytes when truncated, N
		// when not.
		if c, ok := e.lengthCheck(is.Cond, x); !ok || c.runes || len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok != token.ASSIGN {
			return bound{}, nil
		}
		if id, ok := ast.Unparen(s.Lhs[0]).(*ast.Ident); !ok || e.info.Uses[id] != x {
			return bound{}, nil
		}
		t, ok := e.truncated(ast.Unparen(s.Rhs[0]), x)
		if !ok {
			return bound{}, nil
		}
		b.n = max(b.n, t.n)
		return b, s
	}
	return bound{}, nil
}

// tooLong returns the bound x has when cond is false: cond is (or has as
// a disjunct of a top-level ||) len(x) > N, len(x) >= N+1 or the same
// with utf8.RuneCountInString.
func (e *extractor) tooLong(cond ast.Expr, x *types.Var) bound {
	return e.condBound(cond, x, token.LOR, token.GTR, token.GEQ)
}

// fits returns the bound x has when cond is true: cond is (or has as a
// conjunct of a top-level &&) len(x) <= N or len(x) < N+1.
func (e *extractor) fits(cond ast.Expr, x *types.Var) bound {
	return e.condBound(cond, x, token.LAND, token.LEQ, token.LSS)
}

// condBound returns the smallest bound that cond, or an operand of its
// top-level chain of join, puts on x's length: N for len(x) incl N, N-1
// for len(x) excl N.
func (e *extractor) condBound(cond ast.Expr, x *types.Var, join, incl, excl token.Token) bound {
	if be, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && be.Op == join {
		l, r := e.condBound(be.X, x, join, incl, excl), e.condBound(be.Y, x, join, incl, excl)
		if l.n == 0 || (r.n != 0 && r.maxLength() < l.maxLength()) {
			return r
		}
		return l
	}
	c, ok := e.lengthCheck(cond, x)
	switch {
	case !ok:
		return bound{}
	case c.op == incl:
		return bound{n: c.n, runes: c.runes}
	case c.op == excl:
		return bound{n: c.n - 1, runes: c.runes}
	}
	return bound{}
}

// lengthCmp is a comparison of x's length with a constant, written with
// the length on the left: len(x) op n.
type lengthCmp struct {
	op    token.Token
	n     int64
	runes bool
}

// lengthCheck reads cond as a comparison of len(x) or
// utf8.RuneCountInString(x) with a constant.
func (e *extractor) lengthCheck(cond ast.Expr, x *types.Var) (lengthCmp, bool) {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return lengthCmp{}, false
	}
	swapped := map[token.Token]token.Token{token.GTR: token.LSS, token.GEQ: token.LEQ, token.LSS: token.GTR, token.LEQ: token.GEQ}
	op := be.Op
	if _, ok := swapped[op]; !ok {
		return lengthCmp{}, false
	}
	l, r := be.X, be.Y
	if _, ok := e.constInt(l, 0); ok {
		l, r, op = r, l, swapped[op]
	}
	n, ok := e.constInt(r, 0)
	if !ok {
		return lengthCmp{}, false
	}
	arg, runes, ok := e.lengthOf(l)
	if !ok {
		return lengthCmp{}, false
	}
	if id, ok := ast.Unparen(arg).(*ast.Ident); !ok || e.info.Uses[id] != x {
		return lengthCmp{}, false
	}
	return lengthCmp{op: op, n: n, runes: runes}, true
}

// lengthOf reads v as len(arg) (bytes) or utf8.RuneCountInString(arg).
func (e *extractor) lengthOf(v ast.Expr) (arg ast.Expr, runes, ok bool) {
	call, ok := ast.Unparen(v).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, false, false
	}
	switch {
	case sdk.IsBuiltin(e.info, call, "len"):
		return call.Args[0], false, e.stringTyped(call.Args[0])
	case sdk.IsFunc(e.info, call, "unicode/utf8", "RuneCountInString"):
		return call.Args[0], true, true
	}
	return nil, false, false
}

// truncated reads v as s[:N] or s[:min(len(s), N)] of a string s (x
// when x is not nil), N a positive constant.
func (e *extractor) truncated(v ast.Expr, x *types.Var) (bound, bool) {
	se, ok := v.(*ast.SliceExpr)
	if !ok || se.Slice3 || se.High == nil || !e.stringTyped(se.X) {
		return bound{}, false
	}
	if x != nil {
		if id, ok := ast.Unparen(se.X).(*ast.Ident); !ok || e.info.Uses[id] != x {
			return bound{}, false
		}
	}
	if se.Low != nil {
		if n, ok := e.constInt(se.Low, 0); !ok || n != 0 {
			return bound{}, false
		}
	}
	n, ok := e.constInt(se.High, 0)
	if !ok {
		call, isCall := ast.Unparen(se.High).(*ast.CallExpr)
		if !isCall || !sdk.IsBuiltin(e.info, call, "min") {
			return bound{}, false
		}
		for _, a := range call.Args {
			if c, ok := e.constInt(a, 0); ok && (n == 0 || c < n) {
				n = c
			}
		}
	}
	if n <= 0 {
		return bound{}, false
	}
	return bound{n: n}, true
}

// assignedAfter reports whether x is assigned in fn after the node from
// (but in except), or has its address taken anywhere in fn.
func (e *extractor) assignedAfter(fn ast.Node, x *types.Var, from, except ast.Node) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if found || n == nil || n == except {
			return !found && n != except
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && e.info.Uses[id] == x {
				found = true
			}
		case *ast.AssignStmt:
			if n.Pos() < from.Pos() {
				return true
			}
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && (e.info.Uses[id] == x || e.info.Defs[id] == x) {
					found = true
				}
			}
		case *ast.RangeStmt:
			if n.Pos() < from.Pos() {
				return true
			}
			for _, l := range []ast.Expr{n.Key, n.Value} {
				if id, ok := l.(*ast.Ident); ok && e.info.Uses[id] == x {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// stmts returns the statements of a block or a case.
func stmts(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

func (e *extractor) fileOf(pos token.Pos) *ast.File {
	for _, f := range e.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// stringTyped reports whether v is of a string type.
func (e *extractor) stringTyped(v ast.Expr) bool {
	t := e.info.TypeOf(v)
	return t != nil && types.Identical(t.Underlying(), types.Typ[types.String])
}
