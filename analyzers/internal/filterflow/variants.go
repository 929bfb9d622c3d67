package filterflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
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
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
