package values

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// Def is one assignment to a variable.
type Def struct {
	// Rhs is the assigned expression; nil when the variable is declared
	// without a value (var x T: the zero value).
	Rhs ast.Expr
	// Index is the variable's position among the results of Rhs when Rhs
	// yields several values (a, err := f(); v, ok := m[k]); -1 otherwise.
	Index int

	// block and stmt place a declaration without a value, or an
	// assignment, that is a statement of a block: block.List[stmt].
	block *ast.BlockStmt
	stmt  int
}

// Zero reports whether d is a declaration without a value.
func (d Def) Zero() bool { return d.Rhs == nil }

// Vars is the package's one index of "who assigns this variable": every
// assignment to every local and package variable, which variables are
// incremented or assigned in ways that cannot be followed, the
// parameters, and the function declarations. It is built once per
// package (by the index analyzer, or NewVars) and shared, read-only, by
// every analyzer.
type Vars struct {
	Info   *types.Info
	Files  []*ast.File
	defs   map[*types.Var][]Def
	incs   map[*types.Var]bool           // x++, x--, x op= …
	opaque map[*types.Var]bool           // range variables, x op= …, tuples from a non-call
	ranged map[*types.Var]*ast.RangeStmt // value variables of range statements
	params map[*types.Var]bool
	funcs  map[*types.Func]*ast.FuncDecl
}

// NewVars indexes the files ins was built from (ins may be nil: the
// files are then walked directly).
func NewVars(info *types.Info, files []*ast.File, ins *inspector.Inspector) *Vars {
	x := &Vars{Info: info, Files: files,
		defs: map[*types.Var][]Def{}, incs: map[*types.Var]bool{}, opaque: map[*types.Var]bool{}, ranged: map[*types.Var]*ast.RangeStmt{},
		params: map[*types.Var]bool{}, funcs: map[*types.Func]*ast.FuncDecl{}}
	if ins != nil {
		filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncType)(nil), (*ast.AssignStmt)(nil),
			(*ast.ValueSpec)(nil), (*ast.IncDecStmt)(nil), (*ast.RangeStmt)(nil)}
		for c := range ins.Root().Preorder(filter...) {
			x.visit(c.Node(), func(k int) ast.Node {
				p := c
				for range k {
					if p.Node() == nil {
						return nil // above the root
					}
					p = p.Parent()
				}
				return p.Node()
			})
		}
		return x
	}
	// Without an inspector (NewVars for tools outside a pass), walk the files directly rather
	// than build one only for this.
	var stack []ast.Node
	parent := func(k int) ast.Node {
		if i := len(stack) - k; i >= 0 && k >= 1 {
			return stack[i]
		}
		return nil
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			x.visit(n, parent)
			stack = append(stack, n)
			return true
		})
	}
	return x
}

// visit indexes one node; parent(k) returns its k-th ancestor (k ≥ 1),
// nil above the file.
func (x *Vars) visit(n ast.Node, parent func(k int) ast.Node) {
	info := x.Info
	switch n := n.(type) {
	case *ast.FuncDecl:
		if fn, ok := info.Defs[n.Name].(*types.Func); ok {
			x.funcs[fn] = n
		}
	case *ast.FuncType:
		if n.Params != nil {
			for _, fld := range n.Params.List {
				for _, id := range fld.Names {
					if v, ok := info.Defs[id].(*types.Var); ok {
						x.params[v] = true
					}
				}
			}
		}
	case *ast.AssignStmt:
		block, stmt := inBlock(parent(1), n)
		x.assign(n.Lhs, n.Rhs, n.Tok)
		for i, l := range n.Lhs {
			v := x.VarOf(l)
			if v == nil || len(x.defs[v]) == 0 {
				continue
			}
			d := &x.defs[v][len(x.defs[v])-1]
			if d.Rhs != nil && (len(n.Lhs) == len(n.Rhs) && d.Rhs == n.Rhs[i] || len(n.Rhs) == 1 && d.Rhs == n.Rhs[0]) {
				d.block, d.stmt = block, stmt
			}
		}
	case *ast.ValueSpec:
		if len(n.Values) > 0 {
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			x.assign(lhs, n.Values, token.DEFINE)
			return
		}
		var block *ast.BlockStmt
		stmt := -1
		if gd, ok := parent(1).(*ast.GenDecl); ok {
			if ds, ok := parent(2).(*ast.DeclStmt); ok && ds.Decl == gd {
				block, stmt = inBlock(parent(3), ds)
			}
		}
		for _, id := range n.Names {
			if v, ok := info.Defs[id].(*types.Var); ok {
				x.defs[v] = append(x.defs[v], Def{Index: -1, block: block, stmt: stmt})
			}
		}
	case *ast.IncDecStmt:
		if v := x.VarOf(n.X); v != nil {
			x.incs[v] = true
		}
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if v := x.VarOf(e); v != nil {
				x.opaque[v] = true
			}
		}
		if v := x.VarOf(n.Value); v != nil && n.Tok == token.DEFINE {
			x.ranged[v] = n
		}
	}
}

// inBlock returns the block whose statement n is (parent is n's parent),
// and its position there; nil, -1 if n is not a statement of a block.
func inBlock(parent, n ast.Node) (*ast.BlockStmt, int) {
	b, ok := parent.(*ast.BlockStmt)
	if !ok {
		return nil, -1
	}
	for i, s := range b.List {
		if s == n {
			return b, i
		}
	}
	return nil, -1
}

func (x *Vars) assign(lhs, rhs []ast.Expr, tok token.Token) {
	for i, l := range lhs {
		v := x.VarOf(l)
		if v == nil {
			continue
		}
		switch {
		case tok != token.ASSIGN && tok != token.DEFINE:
			x.incs[v] = true
			x.opaque[v] = true
		case len(lhs) == len(rhs):
			x.defs[v] = append(x.defs[v], Def{Rhs: rhs[i], Index: -1})
		case len(rhs) == 1:
			x.defs[v] = append(x.defs[v], Def{Rhs: rhs[0], Index: i})
		default:
			x.opaque[v] = true
		}
	}
}

// VarOf returns the variable (not a field) e names, or nil.
func (x *Vars) VarOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := x.Info.Defs[id]
	if obj == nil {
		obj = x.Info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// Defs returns every assignment to v that can be followed, declarations
// without a value included (Def.Zero).
func (x *Vars) Defs(v *types.Var) []Def { return x.defs[v] }

// Only returns v's only assignment, if v is assigned exactly once and
// never incremented or assigned in a way that cannot be followed. A
// declaration without a value counts as an assignment, except when the
// zero value can never be read: `var x T` followed, in the same block,
// by one assignment `x = e` with no use of x in between (nor in e) has
// the one value e.
func (x *Vars) Only(v *types.Var) (Def, bool) {
	ds := x.defs[v]
	if x.opaque[v] || x.incs[v] {
		return Def{}, false
	}
	switch len(ds) {
	case 1:
		return ds[0], true
	case 2:
		z, a := ds[0], ds[1]
		if z.Zero() && z.block != nil && a.block == z.block && a.stmt > z.stmt && !x.usedIn(v, z.block.List[z.stmt+1:a.stmt], a.Rhs) {
			return a, true
		}
	}
	return Def{}, false
}

// usedIn reports whether v is read in any of the statements or in e.
func (x *Vars) usedIn(v *types.Var, stmts []ast.Stmt, e ast.Expr) bool {
	used := false
	visit := func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && x.Info.Uses[id] == v {
			used = true
		}
		return !used
	}
	for _, s := range stmts {
		ast.Inspect(s, visit)
	}
	ast.Inspect(e, visit)
	return used
}

// SingleAssignment returns the only expression ever assigned to v (its
// initialiser), or nil if v is assigned more than once (a declaration
// without a value counts as an assignment), incremented, assigned one of
// several results, a parameter, or declared without a value.
func (x *Vars) SingleAssignment(v *types.Var) ast.Expr {
	d, ok := x.Only(v)
	if !ok || d.Index >= 0 {
		return nil
	}
	return d.Rhs
}

// Assignments returns every expression assigned to v; an entry is nil for
// an assignment that cannot be followed (a declaration without a value,
// one of several results, ++, op=, range).
func (x *Vars) Assignments(v *types.Var) []ast.Expr {
	var out []ast.Expr
	for _, d := range x.defs[v] {
		if d.Index >= 0 {
			out = append(out, nil)
		} else {
			out = append(out, d.Rhs)
		}
	}
	if x.opaque[v] || x.incs[v] {
		out = append(out, nil)
	}
	return out
}

// RangedElems returns the elements v takes, for v the value variable
// of a range statement (for _, v := range xs) over a slice or array
// literal, xs itself or a variable whose one value it is, and that the
// loop never assigns: each element's expression (a keyed element's
// value), in order. ok is false for any other variable.
func (x *Vars) RangedElems(v *types.Var) (elems []ast.Expr, ok bool) {
	rs := x.ranged[v]
	if rs == nil || len(x.defs[v]) > 0 || x.incs[v] {
		return nil, false
	}
	lit, isLit := x.Resolve(rs.X).(*ast.CompositeLit)
	if !isLit {
		return nil, false
	}
	t := x.Info.TypeOf(lit)
	if t == nil {
		return nil, false
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
	default:
		return nil, false
	}
	for _, el := range lit.Elts {
		if kv, isKV := el.(*ast.KeyValueExpr); isKV {
			el = kv.Value
		}
		elems = append(elems, el)
	}
	return elems, true
}

// Incremented reports whether v is ever the operand of ++, -- or op=.
func (x *Vars) Incremented(v *types.Var) bool { return x.incs[v] }

// Reassigned reports whether v is assigned at all (declarations and
// assignments, followable or not); for parameters, whether the body
// overwrites them.
func (x *Vars) Reassigned(v *types.Var) bool {
	return len(x.defs[v]) > 0 || x.opaque[v] || x.incs[v]
}

// IsParam reports whether v is a parameter of a function of this
// package that is never reassigned.
func (x *Vars) IsParam(v *types.Var) bool { return x.params[v] && !x.Reassigned(v) }

// FuncDecl returns the declaration of a function of this package.
func (x *Vars) FuncDecl(fn *types.Func) *ast.FuncDecl { return x.funcs[fn] }

// IntConst follows e through to.Ptr (PointerArg), &, conversions and
// variables assigned once to an integer constant (Top: &top, top :=
// int32(1)): the constant expression it ends at, and its value. ok is
// false when e is no such constant, or one beyond int64.
func (x *Vars) IntConst(e ast.Expr) (at ast.Expr, n int64, ok bool) {
	for range MaxDepth {
		e = x.Resolve(e)
		if tv, isConst := x.Info.Types[e]; isConst && tv.Value != nil && tv.Value.Kind() == constant.Int {
			n, exact := constant.Int64Val(tv.Value)
			return e, n, exact
		}
		switch y := e.(type) {
		case *ast.UnaryExpr:
			e = y.X
			continue
		case *ast.CallExpr:
			if arg := x.PointerArg(y); arg != nil {
				e = arg
				continue
			}
		}
		return nil, 0, false
	}
	return nil, 0, false
}

// PointerArg returns the value call returns a pointer to: the argument
// of to.Ptr, or of a function of the package whose body is "return &p",
// p its one parameter (the package's own to.Ptr: func ptr[T any](v T) *T
// { return &v }). nil otherwise.
func (x *Vars) PointerArg(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 {
		return nil
	}
	if sdk.IsFunc(x.Info, call, sdk.ToPath, "Ptr") {
		return call.Args[0]
	}
	fn := sdk.Callee(x.Info, call) // the generic function, for ptr[int32]
	if fn == nil {
		return nil
	}
	decl := x.FuncDecl(fn)
	if decl == nil || decl.Body == nil || len(decl.Body.List) != 1 {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 1 {
		return nil
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	u, ok := ast.Unparen(ret.Results[0]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && x.Info.Uses[id] == types.Object(sig.Params().At(0)) {
		return call.Args[0]
	}
	return nil
}

// Resolve follows e through parentheses and variables with a single
// assignment of a single value to the expression that produces its
// value.
func (x *Vars) Resolve(e ast.Expr) ast.Expr {
	for range MaxDepth {
		e = ast.Unparen(e)
		v := x.VarOf(e)
		if v == nil {
			return e
		}
		d, ok := x.Only(v)
		if !ok || d.Index >= 0 || d.Zero() {
			return e
		}
		e = d.Rhs
	}
	return e
}

// Returns returns, for a function declared in this package, the
// expression each of its return statements gives as result i (0-based),
// in source order, with the statement; return statements of nested
// function literals are not the function's. A naked return, or a return
// of one call that yields all the results, gives a nil expression.
func (x *Vars) Returns(fn *types.Func, i int) (exprs []ast.Expr, stmts []*ast.ReturnStmt) {
	decl := x.funcs[fn]
	if decl == nil || decl.Body == nil {
		return nil, nil
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var e ast.Expr
			if i < len(n.Results) && len(n.Results) > 1 || i == 0 && len(n.Results) == 1 && !isTuple(x.Info.TypeOf(n.Results[0])) {
				e = n.Results[i]
			}
			exprs = append(exprs, e)
			stmts = append(stmts, n)
		}
		return true
	})
	return exprs, stmts
}

func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}
