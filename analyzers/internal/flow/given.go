package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// What the package's calls give a parameter. ParamValue answers "every
// value a parameter can take" and so needs every call visible; Given
// answers "what does each call give it", one concrete use at a time,
// for exported functions and methods called through an interface too:
// a rule that finds one call giving a bad value has found a bad call.

// A Given is what one call of the package gives a parameter, or a field
// of a struct parameter (Result.Given).
type Given struct {
	// Call is the call, as written: for a parameter a caller passes on
	// from its own parameters, the call of the outermost caller followed.
	Call *ast.CallExpr
	// Field is the field asked about at that call, "" for the argument
	// itself (a caller passing p.Expires for a time parameter gives
	// field Expires of its own parameter).
	Field string
	// Expr is the argument, or the value stored in the field that
	// reaches the call, as written; nil when there is none (the field
	// left at its zero value, a value made by the compiler).
	Expr ast.Expr
	// Zero: the value is its type's zero value on every path to the
	// call (a zero literal, a variable nothing stores to, a field a
	// struct literal leaves out and nothing sets before the call).
	Zero bool
	// Lit is the struct literal leaving the field out (Zero), when the
	// struct is built by one; Var names the variable declared without
	// a value (var x T) instead.
	Lit token.Pos
	Var string
}

// Given lists what the package's calls give the parameter e reads, or
// the field of a parameter e reads (x.Expires, x a struct parameter, or
// a pointer to one that the function neither writes through nor passes
// on): per call of the function (static calls, and calls through an
// interface method it implements), the argument, or what the call gives
// the field: the literal's field, a store that reaches the call, a
// field of the literal a helper of the package returns. A caller that
// passes its own parameter (or a field of it) on is followed to its
// callers, up to MaxCallerDepth calls; follow, when not nil, is asked
// first for each function and parameter (and field) and stops the walk
// there when false (a rule's own reason: the function tests the value).
// nil when e reads no parameter.
func (r *Result) Given(e ast.Expr, follow func(fn *ssa.Function, p *ssa.Parameter, field string) bool) []Given {
	v, ok := r.ExprValue(e)
	if !ok {
		return nil
	}
	p, field := paramRead(v)
	if p == nil {
		return nil
	}
	var out []Given
	r.given(p, field, follow, 0, &out)
	return out
}

// GivenParam is Given for parameter v itself (no field).
func (r *Result) GivenParam(v *types.Var, follow func(fn *ssa.Function, p *ssa.Parameter, field string) bool) []Given {
	p := r.params[v]
	if p == nil {
		return nil
	}
	var out []Given
	r.given(p, "", follow, 0, &out)
	return out
}

func (r *Result) given(p *ssa.Parameter, field string, follow func(*ssa.Function, *ssa.Parameter, string) bool, depth int, out *[]Given) {
	fn := p.Parent()
	if depth >= MaxCallerDepth || fn == nil || follow != nil && !follow(fn, p, field) {
		return
	}
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	for _, c := range r.callsOf(fn) {
		cc := c.Common()
		args := cc.Args
		if cc.IsInvoke() {
			args = append([]ssa.Value{cc.Value}, cc.Args...)
		}
		call := r.callSyntax(c)
		if idx < 0 || idx >= len(args) || call == nil {
			continue
		}
		a := args[idx]
		q, qf := paramRead(a)
		switch {
		case q != nil && field == "":
			r.given(q, qf, follow, depth+1, out) // its own parameter, or a field of it, passed on
		case q != nil && qf == "":
			r.given(q, field, follow, depth+1, out)
		case q != nil:
			// A field of a field: not followed.
		case field == "":
			g := Given{Call: call, Expr: argSyntax(r.Pass.TypesInfo, call, cc, idx)}
			g.Zero = zeroValue(a)
			*out = append(*out, g)
		default:
			for _, g := range r.fieldGiven(a, c, field, depth) {
				g.Call, g.Field = call, field
				*out = append(*out, g)
			}
		}
	}
}

// FieldGiven is what the call c gives field name of the struct (or
// pointer to struct) it passes for the callee's parameter i, counted as
// Hole.Param counts (the receiver first): the values stored to the
// field that reach the call, as written, or the zero value (Given.Zero)
// when none does; a field of the literal a helper of the package
// returns. nil when the struct is not built where the engine can see
// every write (ArgField then says what it can).
func (r *Result) FieldGiven(c ssa.CallInstruction, i int, name string) []Given {
	cc := c.Common()
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, cc.Args...)
	}
	if i < 0 || i >= len(args) || name == "" {
		return nil
	}
	out := r.fieldGiven(args[i], c, name, 0)
	for j := range out {
		out[j].Field = name
		out[j].Call = r.callSyntax(c)
	}
	return out
}

// callSyntax returns the call expression of the call c (nil for a go or
// defer statement).
func (r *Result) callSyntax(c ssa.CallInstruction) *ast.CallExpr {
	v := c.Value()
	if v == nil {
		return nil
	}
	call, _ := r.ValueExpr(v).(*ast.CallExpr)
	return call
}

// callsOf returns the calls of fn in the package: its static calls and,
// for a method, the calls through an interface that may run it
// (Implementations).
func (r *Result) callsOf(fn *ssa.Function) []ssa.CallInstruction {
	out := r.callers[fn]
	if fn.Signature.Recv() == nil {
		return out
	}
	for _, c := range r.invokes[fn.Name()] {
		if slices.Contains(r.Implementations(c.Common()), fn) {
			out = append(out[:len(out):len(out)], c)
		}
	}
	return out
}

// paramRead splits v into the parameter it reads and the field of it
// read ("" for the parameter itself): p, p.F of a struct parameter (held
// in its function's variable when its fields are read), or p.F through
// a pointer parameter; never when the function writes the parameter's
// variable or field F, or passes the pointer or the variable's address
// on.
func paramRead(v ssa.Value) (*ssa.Parameter, string) {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v, ""
	case *ssa.Field:
		if p, ok := v.X.(*ssa.Parameter); ok {
			return p, fieldName(p.Type(), v.Field)
		}
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return nil, ""
		}
		switch x := v.X.(type) {
		case *ssa.Alloc:
			if p := spilled(x, -1); p != nil {
				return p, ""
			}
		case *ssa.FieldAddr:
			if p, ok := x.X.(*ssa.Parameter); ok && onlyFieldReads(p, x.Field) {
				return p, fieldName(p.Type(), x.Field)
			}
			if a, ok := x.X.(*ssa.Alloc); ok {
				if p := spilled(a, x.Field); p != nil {
					return p, fieldName(p.Type(), x.Field)
				}
			}
		}
	}
	return nil, ""
}

// spilled returns the parameter the variable a holds when its one store
// is the parameter's (the variable of a struct parameter whose fields
// are read) and nothing else writes it or field i of it (every field
// for i < 0), nor takes its address.
func spilled(a *ssa.Alloc, i int) *ssa.Parameter {
	var p *ssa.Parameter
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			q, ok := ref.Val.(*ssa.Parameter)
			if !ok || p != nil || ref.Addr != a {
				return nil
			}
			p = q
		case *ssa.FieldAddr:
			if (i < 0 || ref.Field == i) && !loadsOnly(ref) {
				return nil
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return p
}

// fieldName is the name of field i of the struct t is or points to.
func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t.Underlying().(*types.Struct).Field(i).Name()
}

// onlyFieldReads reports whether the pointer p is used only to address
// fields, and field i of it only to be read.
func onlyFieldReads(p ssa.Value, i int) bool {
	for _, ref := range *p.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if ref.Field == i && !loadsOnly(ref) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// loadsOnly reports whether the address a is only read (*a).
func loadsOnly(a ssa.Value) bool { return accessedOnly(a, false) }

// accessedOnly reports whether the address a is only read, or (stores)
// read and stored to.
func accessedOnly(a ssa.Value, stores bool) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if !stores || ref.Addr != a {
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

// zeroValue reports whether v is its type's zero value whatever path
// reaches it: a zero constant (time.Time{}, a variable declared and
// never assigned), or a load of a variable nothing stores to, whose
// fields nothing writes and whose address is never passed on.
func zeroValue(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.Value == nil
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok || v.Op != token.MUL {
			return false
		}
		for _, ref := range *a.Referrers() {
			switch ref := ref.(type) {
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.FieldAddr:
				if !loadsOnly(ref) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	return false
}

// fieldGiven is what the struct (or pointer to struct) v gives field
// name at the instruction at: a struct built in the function (a literal,
// a variable filled field by field) gives the stores to the field that
// reach at, or the zero value when none does; a helper of the package
// returning a literal gives what each returned literal gives.
func (r *Result) fieldGiven(v ssa.Value, at ssa.Instruction, name string, depth int) []Given {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil && structOf(x.Type()) != nil {
			return []Given{{Zero: true}}
		}
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return r.allocField(a, x, name)
		}
	case *ssa.Alloc:
		return r.allocField(x, at, name)
	case *ssa.Call:
		f := x.Call.StaticCallee()
		if f == nil || f.Pkg != r.SSA.Pkg || depth+1 >= MaxCallerDepth || f.Blocks == nil {
			return nil
		}
		var out []Given
		for _, b := range f.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
				out = append(out, r.fieldGiven(ret.Results[0], ret, name, depth+1)...)
			}
		}
		return out
	}
	return nil
}

// allocField is what field name of the struct a allocates holds at use,
// when a is only read and written in its function (or given to use) and
// the field's address is never passed on.
func (r *Result) allocField(a *ssa.Alloc, use ssa.Instruction, name string) []Given {
	st := structOf(a.Type())
	if st == nil || use.Parent() != a.Parent() || !structLocal(a, use) {
		return nil
	}
	i := -1
	for j := 0; j < st.NumFields(); j++ {
		if st.Field(j).Name() == name {
			i = j
		}
	}
	if i < 0 {
		return nil
	}
	for _, ref := range *a.Referrers() {
		if fa, ok := ref.(*ssa.FieldAddr); ok && fa.Field == i && !accessedOnly(fa, true) {
			return nil // &x.F passed on
		}
	}
	vals, zeros, ok := reaching(use, a, storeToField(a, i))
	if !ok {
		return nil
	}
	for _, g := range zeros {
		if g != nil {
			return nil // zero only under a test of the value
		}
	}
	var out []Given
	allZero := true
	for _, v := range vals {
		if !types.Identical(v.Type(), st.Field(i).Type()) {
			return nil // a whole struct copied in
		}
		if c, ok := v.(*ssa.Const); ok && c.Value == nil {
			continue
		}
		allZero = false
		if e := r.ValueExpr(v); e != nil {
			out = append(out, Given{Expr: e})
		}
	}
	if allZero {
		g := Given{Zero: true}
		g.Lit, g.Var = r.madeBy(a)
		return []Given{g}
	}
	return out
}

// madeBy returns the struct literal that builds the variable a (its
// opening brace), or the name of the variable when it is declared
// without one.
func (r *Result) madeBy(a *ssa.Alloc) (token.Pos, string) {
	f := r.fileOf(a.Pos())
	if f == nil {
		return token.NoPos, ""
	}
	path, _ := astutil.PathEnclosingInterval(f, a.Pos(), a.Pos())
	if len(path) == 0 {
		return token.NoPos, ""
	}
	if lit, ok := path[0].(*ast.CompositeLit); ok {
		return lit.Lbrace, ""
	}
	id, ok := path[0].(*ast.Ident)
	if !ok || len(path) < 2 {
		return token.NoPos, ""
	}
	var rhs ast.Expr
	switch d := path[1].(type) {
	case *ast.ValueSpec:
		for i, n := range d.Names {
			if n == id && i < len(d.Values) {
				rhs = d.Values[i]
			}
		}
		if len(d.Values) == 0 {
			return token.NoPos, id.Name
		}
	case *ast.AssignStmt:
		for i, l := range d.Lhs {
			if l == id && len(d.Lhs) == len(d.Rhs) {
				rhs = d.Rhs[i]
			}
		}
	}
	if u, ok := ast.Unparen(rhs).(*ast.UnaryExpr); ok && u.Op == token.AND {
		rhs = u.X
	}
	if lit, ok := ast.Unparen(rhs).(*ast.CompositeLit); ok {
		return lit.Lbrace, ""
	}
	return token.NoPos, ""
}

// argSyntax returns the argument of call, as written, that the SSA call
// cc passes for the callee's parameter i (the receiver first for a
// method): nil for a variadic parameter.
func argSyntax(info *types.Info, call *ast.CallExpr, cc *ssa.CallCommon, i int) ast.Expr {
	recv := cc.IsInvoke()
	if f := cc.StaticCallee(); f != nil && f.Signature.Recv() != nil {
		recv = true
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && recv {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			if i == 0 {
				return sel.X
			}
			i--
		}
	}
	if sig := cc.Signature(); sig != nil && sig.Variadic() && i >= sig.Params().Len()-1 {
		return nil
	}
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}
