package filterflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// assignment is one value given to a local variable: its declaration's
// initial value (Rhs nil for the zero value) or a later = / :=.
type assignment struct {
	Rhs  ast.Expr
	Stmt ast.Node
	Init bool
}

// localAssignments returns every value given to the local variable v,
// in source order, or ok false if v is changed in a way not followed
// (+=, ++, a multi-value assignment, range) or is not local.
func (st *state) localAssignments(v *types.Var) (out []assignment, file *ast.File, ok bool) {
	if v == nil || v.Pkg() != st.pass.Pkg || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
		return nil, nil, false
	}
	if file = st.fileOf(v); file == nil {
		return nil, nil, false
	}
	info := st.pass.TypesInfo
	ok = true
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, i := range lhsNaming(info, n, v) {
				id := ast.Unparen(n.Lhs[i]).(*ast.Ident)
				if (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) || len(n.Lhs) != len(n.Rhs) {
					ok = false
					continue
				}
				out = append(out, assignment{Rhs: n.Rhs[i], Stmt: n, Init: id.Pos() == v.Pos()})
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] != v {
					continue
				}
				a := assignment{Stmt: n, Init: true}
				if len(n.Values) == len(n.Names) {
					a.Rhs = n.Values[i]
				} else if len(n.Values) > 0 {
					ok = false
				}
				out = append(out, a)
			}
		case *ast.IncDecStmt:
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && info.ObjectOf(id) == v {
				ok = false
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, isID := e.(*ast.Ident); isID && info.ObjectOf(id) == v {
					ok = false
				}
			}
		}
		return true
	})
	return out, file, ok && len(out) > 0
}

// fileOf returns the file of the package that declares v, or nil.
func (st *state) fileOf(v *types.Var) *ast.File {
	for _, f := range st.pass.Files {
		if f.FileStart <= v.Pos() && v.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

// lhsNaming returns the indexes of n's left-hand sides that name v.
func lhsNaming(info *types.Info, n *ast.AssignStmt, v *types.Var) []int {
	var out []int
	for i, l := range n.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
			out = append(out, i)
		}
	}
	return out
}

// reaching returns the values of v that may reach a use: every later
// assignment, and the initial one when each later assignment is
// conditional (inside an if without else, a loop body, or a switch case
// without default), so that a path keeps the initial value. A variable
// assigned once gives its one value. ok is false when v cannot be
// followed.
func (st *state) reaching(v *types.Var) (rhs []ast.Expr, zero bool, ok bool) {
	as, file, ok := st.localAssignments(v)
	if !ok || as[0].Stmt == nil || !as[0].Init {
		return nil, false, false
	}
	initLive := true
	for _, a := range as[1:] {
		if !st.conditional(file, a.Stmt, as[0].Stmt) {
			initLive = false
		}
		rhs = append(rhs, a.Rhs)
	}
	if initLive {
		if as[0].Rhs == nil {
			zero = true
		} else {
			rhs = append([]ast.Expr{as[0].Rhs}, rhs...)
		}
	}
	return rhs, zero, true
}

// conditional reports whether stmt may be skipped on a path from decl's
// statement: between it and the block that holds decl there is an if
// without else, a loop, or a switch without default.
func (st *state) conditional(file *ast.File, stmt, decl ast.Node) bool {
	path, _ := astutil.PathEnclosingInterval(file, stmt.Pos(), stmt.End())
	for i, n := range path {
		if i == 0 {
			continue
		}
		if n.Pos() <= decl.Pos() && decl.End() <= n.End() {
			return false // reached the block that holds the declaration
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Else == nil && i > 0 && path[i-1] == n.Body {
				return true
			}
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.SwitchStmt:
			if !hasDefault(n.Body) {
				return true
			}
		case *ast.TypeSwitchStmt:
			if !hasDefault(n.Body) {
				return true
			}
		case *ast.FuncLit:
			return true
		}
	}
	return false
}

func hasDefault(b *ast.BlockStmt) bool {
	for _, s := range b.List {
		if cc, ok := s.(*ast.CaseClause); ok && cc.List == nil {
			return true
		}
	}
	return false
}

// optionVariants returns the option values that may reach a query call:
// the options argument itself, or, for a local variable assigned in
// several branches, each value that reaches (nil for the zero value).
func (st *state) optionVariants(opts ast.Expr) ([]ast.Expr, bool) {
	e := ast.Unparen(opts)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return []ast.Expr{opts}, false
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return []ast.Expr{opts}, false
	}
	v, _ := st.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil || st.vars.IsParam(v) || st.vars.SingleAssignment(v) != nil {
		return []ast.Expr{opts}, false
	}
	if f, ok := st.fieldAssignments(v, "Filter"); f != nil || !ok {
		return []ast.Expr{opts}, false // fields set one by one: not followed here
	}
	rhs, zero, ok := st.reaching(v)
	if !ok || (len(rhs) == 0 && !zero) {
		return []ast.Expr{opts}, false
	}
	if zero {
		rhs = append(rhs, nil)
	}
	return rhs, true
}

// filterVariants returns the filter values that may reach a query when
// the filter is a local string variable assigned in several branches
// (each reaching value), or a strings.Join of a slice with optional
// parts (the parts always present, and all of them). nil when the filter
// is one value.
func (st *state) filterVariants(filter ast.Expr) []values.Value {
	info := st.pass.TypesInfo
	e := ast.Unparen(filter)
	for {
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
			continue
		}
		if c, ok := e.(*ast.CallExpr); ok {
			if arg := st.vars.PointerArg(c); arg != nil {
				e = ast.Unparen(arg)
				continue
			}
		}
		break
	}
	if c, ok := e.(*ast.CallExpr); ok {
		return st.joinVariants(c)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || st.vars.IsParam(v) {
		return nil
	}
	if a := st.vars.SingleAssignment(v); a != nil {
		if c, ok := ast.Unparen(a).(*ast.CallExpr); ok {
			return st.joinVariants(c)
		}
		return nil
	}
	if out := st.appendVariants(v, id.Pos()); out != nil {
		return out
	}
	rhs, zero, ok := st.reaching(v)
	if !ok || len(rhs) == 0 || (len(rhs) == 1 && !zero) {
		return nil
	}
	var out []values.Value
	for _, r := range rhs {
		out = append(out, st.r.Of(r))
	}
	if zero {
		out = append(out, values.Value{})
	}
	return out
}

// appendVariants handles a local string variable given one initial
// value and then only extended with += before use: the value with the
// parts every path appends, and, when some += may be skipped (in an if
// without else, a loop, a switch case), the value with all of them. nil
// for anything else (a later =, ++, an address taken and written, or no +=).
func (st *state) appendVariants(v *types.Var, use token.Pos) []values.Value {
	if v == nil || v.Pkg() != st.pass.Pkg || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || !isStringType(v.Type()) {
		return nil
	}
	if !st.vars.Incremented(v) {
		return nil // no op= at all: not this shape (and no file walk)
	}
	file := st.fileOf(v)
	if file == nil {
		return nil
	}
	info := st.pass.TypesInfo
	var init ast.Expr
	var decl ast.Node
	type piece struct {
		rhs  ast.Expr
		stmt ast.Node
	}
	var adds []piece
	ok := true
	ast.Inspect(file, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, i := range lhsNaming(info, n, v) {
				id := ast.Unparen(n.Lhs[i]).(*ast.Ident)
				switch {
				case len(n.Lhs) != len(n.Rhs):
					ok = false
				case id.Pos() == v.Pos() && n.Tok == token.DEFINE:
					init, decl = n.Rhs[i], n
				case n.Tok == token.ADD_ASSIGN && n.Pos() < use:
					adds = append(adds, piece{n.Rhs[i], n})
				default:
					ok = false // a later =, or += after the use
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] == v {
					if len(n.Values) != len(n.Names) {
						ok = false
					} else {
						init, decl = n.Values[i], n
					}
				}
			}
		case *ast.IncDecStmt, *ast.RangeStmt:
			if u, isU := n.(*ast.IncDecStmt); isU {
				if id, isID := ast.Unparen(u.X).(*ast.Ident); isID && info.ObjectOf(id) == v {
					ok = false
				}
			}
		}
		return true
	})
	if !ok || init == nil || len(adds) == 0 {
		return nil
	}
	always := st.r.Of(init)
	all := st.r.Of(init)
	cond := false
	for _, a := range adds {
		part := st.r.Of(a.rhs)
		all.Parts = append(all.Parts, part.Parts...)
		if st.conditional(file, a.stmt, decl) {
			cond = true
		} else {
			always.Parts = append(always.Parts, part.Parts...)
		}
	}
	if !cond {
		return []values.Value{merge(all)}
	}
	return []values.Value{merge(always), merge(all)}
}

// joinVariants handles strings.Join(parts, sep) over a local []string
// built by a literal and appends: the value with only the parts every
// path adds, and the value with all of them.
func (st *state) joinVariants(c *ast.CallExpr) []values.Value {
	info := st.pass.TypesInfo
	if !sdk.IsFunc(info, c, "strings", "Join") || len(c.Args) != 2 {
		return nil
	}
	sep, ok := constString(info, c.Args[1])
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(c.Args[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	as, file, ok := st.localAssignments(v)
	if !ok || !as[0].Init {
		return nil
	}
	var always, all []ast.Expr
	addLit := func(e ast.Expr, cond bool) bool {
		lit, ok := ast.Unparen(e).(*ast.CompositeLit)
		if !ok {
			return e == nil || isNil(info, e)
		}
		for _, el := range lit.Elts {
			if _, kv := el.(*ast.KeyValueExpr); kv {
				return false
			}
			all = append(all, el)
			if !cond {
				always = append(always, el)
			}
		}
		return true
	}
	if !addLit(as[0].Rhs, false) {
		return nil
	}
	for _, a := range as[1:] {
		call, ok := ast.Unparen(a.Rhs).(*ast.CallExpr)
		if !ok || len(call.Args) < 2 || call.Ellipsis.IsValid() {
			return nil
		}
		if !sdk.IsBuiltin(info, call, "append") {
			return nil
		}
		if first, ok := ast.Unparen(call.Args[0]).(*ast.Ident); !ok || info.Uses[first] != v {
			return nil
		}
		cond := st.conditional(file, a.Stmt, as[0].Stmt)
		for _, el := range call.Args[1:] {
			all = append(all, el)
			if !cond {
				always = append(always, el)
			}
		}
	}
	join := func(es []ast.Expr) values.Value {
		var out values.Value
		for i, e := range es {
			if i > 0 {
				out.Parts = append(out.Parts, values.Part{Text: sep})
			}
			out.Parts = append(out.Parts, st.r.Of(e).Parts...)
		}
		return merge(out)
	}
	if len(always) == len(all) || len(always) == 0 && st.nonEmptyGuard(file, c, v) {
		return []values.Value{join(all)}
	}
	return []values.Value{join(always), join(all)}
}

// nonEmptyGuard reports whether n runs only when the slice v has
// elements: it is in the body of an if whose condition is len(v) > 0,
// len(v) != 0, len(v) >= 1 or 0 < len(v) (possibly one side of &&). Then
// a strings.Join of v is never empty.
func (st *state) nonEmptyGuard(file *ast.File, n ast.Node, v *types.Var) bool {
	path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
	for i := 1; i < len(path); i++ {
		ifs, ok := path[i].(*ast.IfStmt)
		if !ok || path[i-1] != ifs.Body {
			continue
		}
		if st.impliesNonEmpty(ifs.Cond, v) {
			return true
		}
	}
	return false
}

// impliesNonEmpty reports whether cond being true means len(v) > 0.
func (st *state) impliesNonEmpty(cond ast.Expr, v *types.Var) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if be.Op == token.LAND {
		return st.impliesNonEmpty(be.X, v) || st.impliesNonEmpty(be.Y, v)
	}
	info := st.pass.TypesInfo
	isLen := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return false
		}
		if !sdk.IsBuiltin(info, call, "len") {
			return false
		}
		id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	num := func(e ast.Expr) (int64, bool) {
		tv, ok := info.Types[ast.Unparen(e)]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(tv.Value)
	}
	if isLen(be.X) {
		k, ok := num(be.Y)
		return ok && flow.NonEmptyWhen(be.Op, k, true)
	}
	if isLen(be.Y) {
		k, ok := num(be.X)
		return ok && flow.NonEmptyWhen(be.Op, k, false)
	}
	return false
}

func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[ast.Unparen(e)]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// optionQueries returns the queries call runs with the options argument
// opts (argument argIdx of base.Call): one per options value and filter
// value that may reach it.
func (st *state) optionQueries(base Query, argIdx int, opts ast.Expr, pkgPath, typeName string) []*Query {
	if qs := st.flowOptionQueries(base, argIdx, opts, pkgPath, typeName); qs != nil {
		return qs
	}
	variants, _ := st.optionVariants(opts)
	var out []*Query
	for _, o := range variants {
		q := base
		if o == nil {
			q.Known, q.Empty = true, true
			out = append(out, &q)
			continue
		}
		if !st.options(&q, o, pkgPath, typeName) {
			q.Known = false // options not understood: recorded, never checked
			out = append(out, &q)
			continue
		}
		more := q.more
		q.more = nil
		if q.Known && q.FilterExpr != nil {
			fv := st.filterVariants(q.FilterExpr)
			if len(fv) > 0 {
				for _, f := range fv {
					q2 := q
					q2.Filter = f
					q2.Empty = f.IsConst() && strings.TrimSpace(f.String()) == ""
					out = append(out, &q2)
				}
				continue
			}
		}
		out = append(out, &q)
		for _, f := range more {
			q2 := q
			q2.Filter = f
			q2.Empty = f.IsConst() && strings.TrimSpace(f.String()) == ""
			out = append(out, &q2)
		}
	}
	return out
}

// defaultedParam reports whether v is a parameter whose only assignments
// replace it with options that set no filter (if o == nil { o =
// &Options{} }): what the caller passes still decides the filter, and
// nil still reads everything.
func (st *state) defaultedParam(v *types.Var, pkgPath, typeName string) bool {
	as := st.vars.Assignments(v)
	if len(as) == 0 {
		return false
	}
	info := st.pass.TypesInfo
	for _, a := range as {
		if a == nil || !isLiteralOf(info, a, pkgPath, typeName) {
			return false
		}
		if f := sdk.Field(info, a, "Filter"); f != nil && !isNil(info, f) {
			return false
		}
	}
	// v must be declared among the parameters of a function.
	for _, f := range st.pass.Files {
		if !(f.FileStart <= v.Pos() && v.Pos() < f.FileEnd) {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, v.Pos(), v.Pos())
		for _, n := range path {
			if ft, ok := n.(*ast.FuncType); ok {
				return ft.Params != nil && ft.Params.Pos() <= v.Pos() && v.Pos() < ft.Params.End()
			}
			if _, ok := n.(*ast.BlockStmt); ok {
				return false
			}
		}
	}
	return false
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
