package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// What the package's calls give a parameter. ParamValue answers "every
// value a parameter can take" and so needs every call visible; Given
// answers "what does each call give it", one call at a time, for
// exported functions and methods called through an interface too: a
// rule that finds one call giving a bad value has found a bad call.

// A Given is what one call of the package gives a parameter, or a field
// of a struct parameter (Result.Given).
type Given struct {
	// Call is the call, as written (for a parameter a caller passes on,
	// the outermost caller's); Field the field it gives, "" for the
	// argument itself (stamp(s.Ends) gives field Ends of s's callers).
	Call  *ast.CallExpr
	Field string
	// Expr is the argument, or a value stored in the field that reaches
	// the call, as written; nil when there is none.
	Expr ast.Expr
	// Zero: the zero value on every path to the call (a zero literal, a
	// variable nothing stores to, a field the struct's literal leaves
	// out and no store sets before the call). Lit is that literal, or
	// Var names the variable declared without one (var x T).
	Zero bool
	Lit  token.Pos
	Var  string
	// Through lists the calls of the package's helpers whose returned
	// structs gave Expr, the outermost first (get() returning
	// build(row)): Expr is in the function the last one calls, whose
	// parameters are what that call passes. Empty when Expr is in the
	// function of the call.
	Through []*ssa.Call
}

// Given lists what the package's calls give the parameter e reads, or
// the field of one e reads (x.Expires of a struct parameter, or of a
// pointer one the function neither writes through nor passes on): per
// call of its function (static, or through an interface method it
// implements), the argument, or what the call gives the field
// (FieldGiven). A caller passing its own parameter (or a field of it)
// on is followed to its callers, up to MaxCallerDepth calls; follow,
// when not nil, is asked first for each function, parameter and field,
// and stops the walk there when false (a rule's own reason, such as the
// function testing the value). nil when e reads no parameter.
func (r *Result) Given(e ast.Expr, follow func(fn *ssa.Function, p *ssa.Parameter, field string) bool) []Given {
	v, _ := r.ExprValue(e)
	p, field := paramRead(v)
	return r.given(p, field, follow, 0)
}

// GivenParam is Given for the parameter v itself.
func (r *Result) GivenParam(v *types.Var, follow func(fn *ssa.Function, p *ssa.Parameter, field string) bool) []Given {
	return r.given(r.params[v], "", follow, 0)
}

func (r *Result) given(p *ssa.Parameter, field string, follow func(*ssa.Function, *ssa.Parameter, string) bool, depth int) []Given {
	if p == nil || depth >= MaxCallerDepth || follow != nil && !follow(p.Parent(), p, field) {
		return nil
	}
	idx := slices.Index(p.Parent().Params, p)
	var out []Given
	for _, c := range r.callsOf(p.Parent()) {
		args := paramArgs(c.Common())
		call := r.callSyntax(c)
		if idx < 0 || idx >= len(args) || call == nil {
			continue
		}
		q, qf := paramRead(args[idx])
		switch {
		case q != nil && (field == "" || qf == ""):
			// The caller's own parameter, or a field of it, passed on
			// (at most one of the two names a field).
			out = append(out, r.given(q, qf+field, follow, depth+1)...)
		case q != nil: // a field of a field: not followed
		case field == "":
			recv := 0
			if sig := c.Common().Signature(); sig != nil && sig.Recv() != nil {
				recv = 1
			}
			out = append(out, Given{Call: call, Expr: sdk.ArgAt(r.Pass.TypesInfo, call, idx-recv), Zero: zeroValue(args[idx])})
		default:
			out = append(out, r.FieldGiven(c, idx, field)...)
		}
	}
	return out
}

// FieldGiven is what the call c gives field name of the struct (or
// pointer to struct) it passes for the callee's parameter i, counted as
// Hole.Param counts (the receiver first), when the struct is built where
// every write shows (else nil; ArgField says what it can): the values
// stored to the field that reach the call, as written, or Zero when none
// does; for a struct a helper of the package returns, what its returned
// literals give.
func (r *Result) FieldGiven(c ssa.CallInstruction, i int, name string) []Given {
	args := paramArgs(c.Common())
	if i < 0 || i >= len(args) {
		return nil
	}
	out := r.fieldGiven(args[i], c, name, 0)
	for j := range out {
		out[j].Call, out[j].Field = r.callSyntax(c), name
	}
	return out
}

// paramArgs returns what a call gives each parameter of its callee, an
// interface call's receiver first.
func paramArgs(cc *ssa.CallCommon) []ssa.Value {
	if cc.IsInvoke() {
		return append([]ssa.Value{cc.Value}, cc.Args...)
	}
	return cc.Args
}

// callSyntax returns the call expression of c (nil for go and defer).
func (r *Result) callSyntax(c ssa.CallInstruction) *ast.CallExpr {
	if v := c.Value(); v != nil {
		call, _ := r.ValueExpr(v).(*ast.CallExpr)
		return call
	}
	return nil
}

// callsOf returns the calls of fn in the package: static ones and, for
// a method, those through an interface that may run it.
func (r *Result) callsOf(fn *ssa.Function) []ssa.CallInstruction {
	out := r.callers[fn]
	for _, c := range r.invokes[fn.Name()] {
		if fn.Signature.Recv() != nil && slices.ContainsFunc(r.Implementations(c.Common()), func(f *ssa.Function) bool { return f == fn || f.Origin() == fn }) {
			out = append(out[:len(out):len(out)], c)
		}
	}
	return out
}

// paramRead splits v into the parameter it reads and the field of it
// read ("" for the parameter itself): p, or p.F of a struct parameter
// (kept in a variable when its fields are read) or of a pointer one,
// unless the function writes the variable or field F or passes the
// pointer (or the variable's address) on.
func paramRead(v ssa.Value) (*ssa.Parameter, string) {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v, ""
	case *ssa.Field:
		if p, ok := v.X.(*ssa.Parameter); ok {
			return p, fieldName(p.Type(), v.Field)
		}
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			if p := heldParam(a, -1); p != nil {
				return p, ""
			}
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			if p := heldParam(fa.X, fa.Field); p != nil {
				return p, fieldName(p.Type(), fa.Field)
			}
		}
	}
	return nil, ""
}

// heldParam returns the parameter x is (a pointer) or holds (the
// variable a struct parameter is kept in: its one store) when nothing
// writes x's field i (any field for i < 0), stores to x again or passes
// it on.
func heldParam(x ssa.Value, i int) *ssa.Parameter {
	p, _ := x.(*ssa.Parameter)
	for _, ref := range *x.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			q, ok := ref.Val.(*ssa.Parameter)
			if !ok || p != nil || ref.Addr != x {
				return nil
			}
			p = q
		case *ssa.FieldAddr:
			if (i < 0 || ref.Field == i) && !onlyLoaded(ref) {
				return nil
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return p
}

// storedOrLoaded reports whether the address a is only stored to and
// read.
func storedOrLoaded(a ssa.Value) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if ref.Addr != a {
				return false
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// fieldGiven is what the struct (or pointer to struct) v gives field
// name at the instruction at: for a struct built in the function, the
// stores to the field that reach at, or the zero value when none does;
// for one a helper of the package returns, what its returned literals
// give.
func (r *Result) fieldGiven(v ssa.Value, at ssa.Instruction, name string, depth int) []Given {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil && structOf(x.Type()) != nil {
			return []Given{{Zero: true}}
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		if a, ok := x.X.(*ssa.Alloc); ok {
			return r.allocField(a, x, name, depth)
		}
		// *p of a pointer a helper returns, its field never assigned
		// here before the load.
		if p, ok := resultOf(x.X); ok && !fieldStoredBefore(x.X, name, x) {
			return r.returnedField(p.call, p.index, name, depth)
		}
	case *ssa.Alloc:
		return r.allocField(x, at, name, depth)
	case *ssa.Call:
		return r.returnedField(x, 0, name, depth)
	case *ssa.Extract:
		// A pointer a helper returns with others (p, err := get()),
		// passed on; its field never assigned before at.
		if c, ok := x.Tuple.(*ssa.Call); ok && (!isPointer(x.Type()) || !fieldStoredBefore(x, name, at)) {
			return r.returnedField(c, x.Index, name, depth)
		}
	}
	return nil
}

// returnedField is what field name of result index of the call c of a
// helper of the package is given by the helper's returned literals.
func (r *Result) returnedField(c *ssa.Call, index int, name string, depth int) []Given {
	f := c.Call.StaticCallee()
	if f == nil || f.Pkg != r.SSA.Pkg || depth+1 >= MaxCallerDepth {
		return nil
	}
	var out []Given
	for _, b := range f.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && index < len(ret.Results) {
			if k, ok := ret.Results[index].(*ssa.Const); ok && k.IsNil() && isPointer(k.Type()) {
				continue // no struct (an error's return): no field is read of it
			}
			g := r.fieldGiven(ret.Results[index], ret, name, depth+1)
			if g == nil {
				return nil // one return not known: none is
			}
			for j := range g {
				g[j].Through = append([]*ssa.Call{c}, g[j].Through...)
			}
			out = append(out, g...)
		}
	}
	return out
}

type callResult struct {
	call  *ssa.Call
	index int
}

// resultOf: v is result index of a call (a single result, or one
// extracted from the call's tuple).
func resultOf(v ssa.Value) (callResult, bool) {
	switch x := v.(type) {
	case *ssa.Call:
		return callResult{x, 0}, true
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return callResult{c, x.Index}, true
		}
	}
	return callResult{}, false
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// fieldStoredBefore reports whether the function may change field name
// of the struct the pointer p points to before the instruction at: a
// store to the field (p.F = …), or p itself handed to a call, stored or
// captured, anywhere in the function but at (conservatively, wherever
// it is).
func fieldStoredBefore(p ssa.Value, name string, at ssa.Instruction) bool {
	st := structOf(p.Type())
	if st == nil {
		return true
	}
	for _, ref := range *p.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if st.Field(ref.Field).Name() == name && !onlyLoaded(ref) {
				return true
			}
		case *ssa.UnOp, *ssa.DebugRef, *ssa.If, *ssa.BinOp:
		default:
			if ref != at {
				if c, ok := ref.(ssa.CallInstruction); ok && !earlier(at, c) {
					return true // handed on before (or around) at
				}
				if _, ok := ref.(ssa.CallInstruction); !ok {
					return true
				}
			}
		}
	}
	return false
}

// earlier: a runs before b in one block, or a's block dominates b's
// strictly (b cannot run before a on any path that reaches both once).
func earlier(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return earlierInBlock(a, b)
	}
	return a.Block().Dominates(b.Block()) && !reachableFrom(b.Block(), a.Block())
}

// reachableFrom: to can be reached from from by the function's edges.
func reachableFrom(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range b.Succs {
			if s == to {
				return true
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return false
}

// allocField is what field name of the struct a holds at use, when a is
// only read and written in its function (or given to use) and the
// field's address is never passed on.
func (r *Result) allocField(a *ssa.Alloc, use ssa.Instruction, name string, depth int) []Given {
	st := structOf(a.Type())
	if st == nil || use.Parent() != a.Parent() || !structLocal(a, use) {
		return nil
	}
	i := slices.IndexFunc(fieldsOf(st), func(f *types.Var) bool { return f.Name() == name })
	if i < 0 || slices.ContainsFunc(*a.Referrers(), func(ref ssa.Instruction) bool {
		fa, ok := ref.(*ssa.FieldAddr)
		return ok && fa.Field == i && !storedOrLoaded(fa) // &x.F passed on
	}) {
		return nil
	}
	vals, zeros, ok := reaching(use, a, storeToField(a, i))
	if !ok || slices.ContainsFunc(zeros, func(g ssa.Value) bool { return g != nil }) {
		return nil // cut off, or zero only under a test of the value
	}
	var out []Given
	zero := true
	for _, v := range vals {
		if !types.Identical(v.Type(), st.Field(i).Type()) {
			if len(vals) != 1 || !types.Identical(v.Type(), a.Type().Underlying().(*types.Pointer).Elem()) {
				return nil
			}
			// A whole struct copied in (x := build(row)): what it
			// gives the field.
			return r.fieldGiven(v, use, name, depth)
		}
		if !zeroValue(v) {
			zero = false
			if e := r.ValueExpr(v); e != nil {
				out = append(out, Given{Expr: e})
			}
		}
	}
	if zero {
		g := Given{Zero: true}
		g.Lit, g.Var = r.madeBy(a)
		return []Given{g}
	}
	return out
}

// fieldsOf returns the fields of st.
func fieldsOf(st *types.Struct) []*types.Var {
	out := make([]*types.Var, st.NumFields())
	for i := range out {
		out[i] = st.Field(i)
	}
	return out
}

// madeBy returns the struct literal that makes the variable a (its
// opening brace), or the variable's name when it is declared without
// one.
func (r *Result) madeBy(a *ssa.Alloc) (token.Pos, string) {
	f := r.fileOf(a.Pos())
	if f == nil {
		return token.NoPos, ""
	}
	path, _ := astutil.PathEnclosingInterval(f, a.Pos(), a.Pos())
	if len(path) < 2 {
		return token.NoPos, ""
	}
	rhs := ast.Node(path[0])
	if id, ok := path[0].(*ast.Ident); ok {
		switch d := path[1].(type) {
		case *ast.ValueSpec:
			if i := slices.Index(d.Names, id); len(d.Values) == 0 {
				return token.NoPos, a.Comment
			} else if i >= 0 && i < len(d.Values) {
				rhs = d.Values[i]
			}
		case *ast.AssignStmt:
			if i := slices.Index(d.Lhs, ast.Expr(id)); i >= 0 && len(d.Lhs) == len(d.Rhs) {
				rhs = d.Rhs[i]
			}
		}
	}
	if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
		rhs = ast.Unparen(u.X)
	}
	if lit, ok := rhs.(*ast.CompositeLit); ok {
		return lit.Lbrace, ""
	}
	return token.NoPos, ""
}

// AllCalls returns the calls of fn, an unexported function of the
// package, when every one is visible: static calls only (never used as
// a value, never reached through an interface); nil otherwise.
func (r *Result) AllCalls(fn *ssa.Function) []ssa.CallInstruction {
	obj := fn.Object()
	if obj == nil || obj.Exported() || fn.Pkg != r.SSA.Pkg || r.escaped[fn] || r.invoked(fn) {
		return nil
	}
	return r.callers[fn]
}

// ArgsOf returns, when v is a parameter of an unexported function all of
// whose calls are visible (AllCalls), the argument each call gives it,
// as written. ok is false when v is no such parameter, the function has
// no call, or a call has no syntax (a go or defer statement's).
func (r *Result) ArgsOf(v *types.Var) (args []ast.Expr, ok bool) {
	p := r.params[v]
	if p == nil {
		return nil, false
	}
	idx := slices.Index(p.Parent().Params, p)
	calls := r.AllCalls(p.Parent())
	if idx < 0 || len(calls) == 0 {
		return nil, false
	}
	recv := 0
	if p.Parent().Signature.Recv() != nil {
		recv = 1
	}
	for _, c := range calls {
		call := r.callSyntax(c)
		if call == nil || c.Common().Signature().Variadic() {
			return nil, false
		}
		a := sdk.ArgAt(r.Pass.TypesInfo, call, idx-recv)
		if a == nil {
			return nil, false
		}
		args = append(args, a)
	}
	return args, true
}
