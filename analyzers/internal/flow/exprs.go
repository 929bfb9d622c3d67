package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// Values of syntax. Rules written over the syntax tree (a key expression
// found in an entity literal, a table name given to NewClient) ask the
// engine about an expression: ExprValue finds the SSA value the
// expression computes where it is written, and ExprOf the values that
// value takes.
//
// The SSA form is built without debug information, so the value is found
// by position: the instruction the expression itself compiles to (a call
// at its opening parenthesis, an operator at its position, a field load
// at the selector, an index at its bracket, a literal at its brace), or,
// for a variable, the instruction that consumes it there (the argument of
// a call, the value stored by a keyed element of a literal or by an
// assignment to a field, a map entry or through a pointer, a returned
// result). A local variable read elsewhere is followed to its one
// definition when the function assigns it nowhere else and never takes
// its address. Anything else is not found (ok false): rules then know
// nothing about the expression.

// exprIndex maps positions to the instructions that carry them; built on
// the first question (analyzers that never ask pay nothing).
type exprIndex struct {
	once  sync.Once
	atPos map[token.Pos][]ssa.Instruction
}

func (r *Result) instrsAt(pos token.Pos) []ssa.Instruction {
	if !pos.IsValid() {
		return nil
	}
	r.exprs.once.Do(func() {
		m := map[token.Pos][]ssa.Instruction{}
		for _, fn := range r.SSA.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					if p := in.Pos(); p.IsValid() {
						m[p] = append(m[p], in)
					}
				}
			}
		}
		r.exprs.atPos = m
	})
	return r.exprs.atPos[pos]
}

// ExprOf returns the values the expression e (a string, a number, a
// pointer to one) takes where it is written: a constant's text, or the
// values of ExprValue (parameters of an unexported function whose every
// call is visible take the callers' arguments, as in Of). ok is false
// when the expression's value cannot be found.
func (r *Result) ExprOf(e ast.Expr) (Value, bool) {
	if tv, ok := r.Pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			return textValue(constant.StringVal(tv.Value)), true
		}
		return textValue(tv.Value.ExactString()), true
	}
	v, ok := r.ExprValue(e)
	if !ok {
		return Value{}, false
	}
	return r.Of(v.Parent(), v), true
}

// ExprText returns the one constant text the expression e holds where
// it is written (ExprOf, then ConstText).
func (r *Result) ExprText(e ast.Expr) (string, bool) {
	v, ok := r.ExprOf(e)
	if !ok {
		return "", false
	}
	return ConstText(v)
}

// ConstText returns the one text v can take: one variant without holes.
func ConstText(v Value) (string, bool) {
	if !v.IsConst() || v.Approx {
		return "", false
	}
	return v.Variants[0].Text(), true
}

// ExprValue returns the SSA value the expression e computes where it is
// written (see above), in the function it is written in. ok is false
// when it cannot be found: a constant folded away, an expression of an
// ill-typed function, a local variable assigned in several places and
// read where nothing consumes it.
func (r *Result) ExprValue(e ast.Expr) (ssa.Value, bool) {
	v := r.exprValue(e, 0)
	return v, v != nil
}

func (r *Result) exprValue(e ast.Expr, depth int) ssa.Value {
	if depth > MaxDepth || e == nil {
		return nil
	}
	e = ast.Unparen(e)
	info := r.Pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Type != nil {
		return ssa.NewConst(tv.Value, tv.Type)
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
			// A conversion between string types keeps the text.
			if len(x.Args) == 1 && info.TypeOf(x.Args[0]) != nil && isStringType(tv.Type) && isStringType(info.TypeOf(x.Args[0])) {
				return r.exprValue(x.Args[0], depth+1)
			}
			return r.valueAt(x.Lparen, nil)
		}
		if c, ok := r.instrs[x.Lparen].(*ssa.Call); ok {
			return c
		}
	case *ast.BinaryExpr:
		return r.valueAt(x.OpPos, func(v ssa.Value) bool { _, ok := v.(*ssa.BinOp); return ok })
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if _, lit := ast.Unparen(x.X).(*ast.CompositeLit); lit {
				return r.valueAt(ast.Unparen(x.X).(*ast.CompositeLit).Lbrace, isAlloc)
			}
			// &s of a local kept in memory: its allocation.
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok {
				if obj, ok := info.Uses[id].(*types.Var); ok {
					if a := r.valueAt(obj.Pos(), isAlloc); a != nil {
						return a
					}
				}
			}
			// &s given for a *string: its text is s's.
			return r.exprValue(x.X, depth+1)
		}
		return r.valueAt(x.OpPos, nil)
	case *ast.StarExpr:
		if v := r.valueAt(x.Star, isLoad); v != nil {
			return v
		}
	case *ast.SelectorExpr:
		if v := r.valueAt(x.Sel.Pos(), func(v ssa.Value) bool {
			switch v.(type) {
			case *ssa.Field, *ssa.UnOp:
				return true
			}
			return false
		}); v != nil {
			return v
		}
	case *ast.IndexExpr:
		if v := r.valueAt(x.Lbrack, func(v ssa.Value) bool {
			switch v := v.(type) {
			case *ssa.Lookup:
				return !v.CommaOk
			case *ssa.Index, *ssa.UnOp:
				return true
			}
			return false
		}); v != nil {
			return v
		}
	case *ast.CompositeLit:
		if a := r.valueAt(x.Lbrace, isAlloc); a != nil {
			// A literal used as a value is the load of its allocation.
			for _, ref := range *a.Referrers() {
				if u, ok := ref.(*ssa.UnOp); ok && u.Op == token.MUL && u.X == a {
					return u
				}
			}
			return a
		}
		return r.valueAt(x.Lbrace, nil) // a map literal: its MakeMap
	case *ast.Ident:
		obj, _ := info.Uses[x].(*types.Var)
		if obj == nil {
			obj, _ = info.Defs[x].(*types.Var)
		}
		if obj == nil {
			return nil
		}
		if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
			// A package variable: its load here.
			return r.valueAt(x.Pos(), isLoad)
		}
		return r.localValue(x, obj, depth)
	}
	return r.consumed(e)
}

func isAlloc(v ssa.Value) bool { _, ok := v.(*ssa.Alloc); return ok }

func isLoad(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	return ok && u.Op == token.MUL
}

// valueAt returns the one value-producing instruction at pos that keep
// accepts (any, when keep is nil); nil when there is none or several.
func (r *Result) valueAt(pos token.Pos, keep func(ssa.Value) bool) ssa.Value {
	var found ssa.Value
	for _, in := range r.instrsAt(pos) {
		v, ok := in.(ssa.Value)
		if !ok || keep != nil && !keep(v) {
			continue
		}
		if found != nil && found != v {
			return nil
		}
		found = v
	}
	return found
}

// localValue is the value of the local variable obj read at id: what
// the instruction consuming it there receives, a parameter the function
// never assigns, or the one definition of a variable its function
// assigns nowhere else and never takes the address of.
func (r *Result) localValue(id *ast.Ident, obj *types.Var, depth int) ssa.Value {
	if v := r.consumed(id); v != nil {
		return v
	}
	if v := r.valueAt(id.Pos(), isLoad); v != nil {
		return v // a variable kept in memory (its address is taken), read here
	}
	path := r.pathTo(id)
	body := enclosingBody(path)
	if body == nil {
		return nil
	}
	defs, addressed := assignmentsOf(r.Pass.TypesInfo, body, obj)
	if addressed {
		return nil
	}
	if p := r.params[obj]; p != nil {
		if len(defs) == 0 {
			return p
		}
		return nil
	}
	if len(defs) == 1 && defs[0] != nil {
		return r.exprValue(defs[0], depth+1)
	}
	return nil
}

// consumed returns the value an instruction receives for e from its
// context: an argument of a call, the value of a keyed element of a
// literal, the right side of an assignment to a field, map entry,
// element or pointer, a returned result.
func (r *Result) consumed(e ast.Expr) ssa.Value {
	path := r.pathTo(e)
	if len(path) < 2 {
		return nil
	}
	switch p := path[1].(type) {
	case *ast.CallExpr:
		for i, a := range p.Args {
			if a != e {
				continue
			}
			c := r.instrs[p.Lparen]
			if c == nil {
				return nil
			}
			args := CallArgs(c.Common())
			if i < len(args) && len(args) == len(p.Args) {
				return unwrapSame(args[i])
			}
		}
	case *ast.KeyValueExpr:
		if p.Value == e {
			return r.storedAt(p.Colon)
		}
	case *ast.AssignStmt:
		if p.Tok != token.ASSIGN && p.Tok != token.DEFINE || len(p.Lhs) != len(p.Rhs) {
			return nil
		}
		for i, rhs := range p.Rhs {
			if rhs != e {
				continue
			}
			switch l := ast.Unparen(p.Lhs[i]).(type) {
			case *ast.SelectorExpr:
				return r.storedAt(l.Sel.Pos())
			case *ast.IndexExpr:
				return r.storedAt(l.Lbrack)
			case *ast.StarExpr:
				return r.storedAt(l.Star)
			case *ast.Ident:
				return r.storedAt(l.Pos()) // a package variable
			}
		}
	case *ast.ReturnStmt:
		for i, res := range p.Results {
			if res != e {
				continue
			}
			for _, in := range r.instrsAt(p.Return) {
				if ret, ok := in.(*ssa.Return); ok && len(ret.Results) == len(p.Results) {
					return unwrapSame(ret.Results[i])
				}
			}
		}
	}
	return nil
}

// storedAt returns the value stored (or put in a map) by the one store
// at pos.
func (r *Result) storedAt(pos token.Pos) ssa.Value {
	var found ssa.Value
	for _, in := range r.instrsAt(pos) {
		var v ssa.Value
		switch s := in.(type) {
		case *ssa.Store:
			v = s.Val
		case *ssa.MapUpdate:
			v = s.Value
		default:
			continue
		}
		if found != nil {
			return nil
		}
		found = unwrapSame(v)
	}
	return found
}

// pathTo returns the syntax path from e up to its file (e first); nil
// when e is in none of the package's files or is not a node of it.
func (r *Result) pathTo(e ast.Expr) []ast.Node {
	for _, f := range r.Pass.Files {
		if f.FileStart <= e.Pos() && e.End() <= f.FileEnd {
			path, exact := astutil.PathEnclosingInterval(f, e.Pos(), e.End())
			if !exact || len(path) == 0 || path[0] != ast.Node(e) {
				return nil
			}
			return path
		}
	}
	return nil
}

// enclosingBody returns the body of the innermost function of path.
func enclosingBody(path []ast.Node) *ast.BlockStmt {
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit:
			return outermostBody(path, n.Body)
		case *ast.FuncDecl:
			return n.Body
		}
	}
	return nil
}

// outermostBody: a variable read in a function literal may be assigned
// by the function declaring it; search the declaration's whole body.
func outermostBody(path []ast.Node, lit *ast.BlockStmt) *ast.BlockStmt {
	for i := len(path) - 1; i >= 0; i-- {
		if d, ok := path[i].(*ast.FuncDecl); ok {
			return d.Body
		}
	}
	return lit
}

// assignmentsOf lists what body assigns to v (nil for an assignment
// that cannot be followed: ++, op=, several results, range, a
// declaration without a value) and whether it takes v's address.
func assignmentsOf(info *types.Info, body *ast.BlockStmt, v *types.Var) (defs []ast.Expr, addressed bool) {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && (info.Defs[id] == v || info.Uses[id] == v)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !is(l) {
					continue
				}
				if (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) && len(n.Lhs) == len(n.Rhs) {
					defs = append(defs, n.Rhs[i])
				} else {
					defs = append(defs, nil)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] != v {
					continue
				}
				if len(n.Values) == len(n.Names) {
					defs = append(defs, n.Values[i])
				} else {
					defs = append(defs, nil)
				}
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				defs = append(defs, nil)
			}
		case *ast.RangeStmt:
			if is(n.Key) || is(n.Value) {
				defs = append(defs, nil)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				addressed = true
			}
		}
		return true
	})
	return defs, addressed
}
