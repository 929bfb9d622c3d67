package properties

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

// maxCallerDepth bounds how many callers up a parameter is followed
// (a caller passing its own parameter on).
const maxCallerDepth = 3

// A callSite is a call of a function of the package and the declaration
// of the function it is in.
type callSite struct {
	call *ast.CallExpr
	in   *ast.FuncDecl
}

// callsOf returns the calls of fn in the package, in source order.
func (c *checker) callsOf(fn *types.Func) []callSite {
	if got, ok := c.calls[fn]; ok {
		return got
	}
	var out []callSite
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && sdk.Callee(c.pass.TypesInfo, call) == fn {
					out = append(out, callSite{call: call, in: fd})
				}
				return true
			})
		}
	}
	c.calls[fn] = out
	return out
}

// funcAt returns the declaration of the function that holds pos (its
// parameters or its body).
func (c *checker) funcAt(pos token.Pos) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= pos && pos < fd.End() {
				return fd
			}
		}
	}
	return nil
}

// paramOf returns v's position among the parameters of decl (-1 for
// its receiver) when v is one that decl never reassigns.
func (c *checker) paramOf(decl *ast.FuncDecl, v *types.Var) (*types.Func, int, bool) {
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil || v == nil || c.x.Vars.Reassigned(v) {
		return nil, 0, false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == v {
		return fn, -1, true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return fn, i, true
		}
	}
	return nil, 0, false
}

// paramRef splits e into the parameter of the function declaring it and
// the field of it read: due, or x.Expires (one field deep).
func (c *checker) paramRef(e ast.Expr) (decl *ast.FuncDecl, v *types.Var, field *types.Var) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v = c.x.Vars.VarOf(e)
	case *ast.SelectorExpr:
		s := c.pass.TypesInfo.Selections[e]
		if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
			return nil, nil, nil
		}
		field, _ = s.Obj().(*types.Var)
		v = c.x.Vars.VarOf(e.X)
	}
	if v == nil {
		return nil, nil, nil
	}
	return c.funcAt(v.Pos()), v, field
}

// zeroFromCallers describes the time a caller in the package passes for
// e, a parameter of its function or a field of one, when it is provably
// out of range: a zero time passed (time.Time{}), or a field the
// caller's struct literal leaves out and the caller never sets. "" when
// no caller shows one.
func (c *checker) zeroFromCallers(e ast.Expr, depth int) string {
	if depth >= maxCallerDepth {
		return ""
	}
	decl, v, field := c.paramRef(e)
	if decl == nil {
		return ""
	}
	fn, i, ok := c.paramOf(decl, v)
	if !ok || field != nil && (!isTime(field.Type()) || isPointer(field.Type()) || c.fieldSet(decl.Body, field)) || c.timeTested(decl.Body, e) {
		return ""
	}
	for _, s := range c.callsOf(fn) {
		arg := sdk.ArgAt(c.pass.TypesInfo, s.call, i)
		if arg == nil {
			continue
		}
		var what string
		if field == nil {
			what = c.outOfRangeAt(arg, depth+1)
		} else {
			what = c.fieldFromCaller(arg, field, s, depth+1)
		}
		if what != "" {
			if field == nil && depth == 0 {
				what += fmt.Sprintf(" (passed at line %d)", c.pass.Fset.Position(s.call.Pos()).Line)
			}
			return what
		}
	}
	return ""
}

// fieldFromCaller describes the time field f of the struct arg holds at
// the call s when it is provably out of range: left out of the keyed
// literal arg is (or its variable is built with) and never set in the
// caller, or given a value out of range there.
func (c *checker) fieldFromCaller(arg ast.Expr, f *types.Var, s callSite, depth int) string {
	arg = ast.Unparen(arg)
	if id, ok := arg.(*ast.Ident); ok {
		v := c.x.Vars.VarOf(id)
		if v == nil || writes.IsPackageVar(v) {
			return ""
		}
		if _, _, ok := c.paramOf(s.in, v); ok {
			// The caller's own parameter: its callers decide.
			return c.zeroFromCallers(&ast.SelectorExpr{X: id, Sel: ast.NewIdent(f.Name())}, depth)
		}
		if c.changed(v) || c.fieldSet(s.in.Body, f) || c.aliased(s.in.Body, v, id) {
			return "" // set somewhere the literal does not show
		}
		d, ok := c.x.Vars.Only(v)
		if !ok || d.Index >= 0 {
			return ""
		}
		if d.Zero() {
			if _, ptr := v.Type().Underlying().(*types.Pointer); ptr || writes.StructOf(v.Type()) == nil {
				return ""
			}
			return fmt.Sprintf("%s never set on %s", finding.Clip(f.Name()), finding.Clip(v.Name()))
		}
		arg = ast.Unparen(d.Rhs)
	}
	if call, ok := arg.(*ast.CallExpr); ok {
		return c.fieldFromConstructor(call, f, depth)
	}
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = ast.Unparen(u.X)
	}
	lit, ok := arg.(*ast.CompositeLit)
	if !ok || writes.StructOf(c.pass.TypesInfo.TypeOf(lit)) == nil {
		return ""
	}
	if !keyedLit(lit) {
		return "" // positional: every field given
	}
	if val := litField(lit, f); val != nil {
		return c.outOfRangeAt(val, depth)
	}
	return fmt.Sprintf("%s left out of the literal at line %d", finding.Clip(f.Name()), c.pass.Fset.Position(lit.Pos()).Line)
}

// timeTested reports whether body tests the time e (the same
// expression): e.IsZero(), e.Before(…), e.After(…), e.Equal(…),
// e.Compare(…), or e compared with ==, !=, <… A function that tests its
// parameter may leave the property out for a zero time.
func (c *checker) timeTested(body *ast.BlockStmt, e ast.Expr) bool {
	want := types.ExprString(ast.Unparen(e))
	same := func(x ast.Expr) bool { return types.ExprString(ast.Unparen(x)) == want }
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && same(sel.X) {
				switch sel.Sel.Name {
				case "IsZero", "Before", "After", "Equal", "Compare":
					found = true
				}
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				found = found || same(n.X) || same(n.Y)
			}
		}
		return !found
	})
	return found
}

// aliased reports whether the pointer variable v is used in body other
// than to read a field or as the argument arg: passed elsewhere, a method
// called on it, copied. A struct held by value cannot be changed through
// such uses (changed covers &v and pointer methods).
func (c *checker) aliased(body *ast.BlockStmt, v *types.Var, arg *ast.Ident) bool {
	if _, ptr := v.Type().Underlying().(*types.Pointer); !ptr {
		return false
	}
	fieldReads := map[*ast.Ident]bool{arg: true}
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if s := c.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					fieldReads[id] = true
				}
			}
		}
		return true
	})
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v && !fieldReads[id] {
			found = true
		}
		return !found
	})
	return found
}

// fieldFromConstructor describes the time field f of the struct a
// function of the package returns (t := newTenant(c)) when a return
// statement gives a keyed literal without it, or a value out of range,
// and the function never sets the field.
func (c *checker) fieldFromConstructor(call *ast.CallExpr, f *types.Var, depth int) string {
	fn := sdk.Callee(c.pass.TypesInfo, call)
	if fn == nil || depth >= maxCallerDepth {
		return ""
	}
	decl := c.x.Vars.FuncDecl(fn)
	if decl == nil || decl.Body == nil || c.fieldSet(decl.Body, f) {
		return ""
	}
	rets, _ := c.x.Vars.Returns(fn, 0)
	for _, r := range rets {
		if r == nil {
			continue
		}
		r = ast.Unparen(r)
		if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
			r = ast.Unparen(u.X)
		}
		lit, ok := r.(*ast.CompositeLit)
		if !ok || writes.StructOf(c.pass.TypesInfo.TypeOf(lit)) == nil || !keyedLit(lit) {
			continue
		}
		if val := litField(lit, f); val != nil {
			if what := c.outOfRangeAt(val, depth+1); what != "" {
				return what
			}
			continue
		}
		return fmt.Sprintf("%s left out of the literal at line %d", finding.Clip(f.Name()), c.pass.Fset.Position(lit.Pos()).Line)
	}
	return ""
}

// keyedLit reports whether every element of lit is keyed (an empty
// literal too).
func keyedLit(lit *ast.CompositeLit) bool {
	for _, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); !keyed {
			return false
		}
	}
	return true
}

// fieldSet reports whether body sets field f (x.F = …, x.F++), or takes
// the address of one (&x.F).
func (c *checker) fieldSet(body *ast.BlockStmt, f *types.Var) bool {
	is := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		s := c.pass.TypesInfo.Selections[sel]
		return s != nil && s.Obj() == f
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
}

// callerEntries calls check for each constant-key entry of the maps the
// package's callers pass for props, a map parameter of the function
// declaring it that the function gives an entity as Properties: the
// entries of the literal passed, and those the caller assigns to the
// variable passed (props["Due"] = v); a caller passing its own
// parameter on is followed to its callers.
func (c *checker) callerEntries(props ast.Expr, check func(name string, v ast.Expr), depth int) {
	if depth >= maxCallerDepth {
		return
	}
	decl, v, field := c.paramRef(props)
	if decl == nil || field != nil || !writes.IsStringMap(v.Type()) {
		return
	}
	fn, i, ok := c.paramOf(decl, v)
	if !ok {
		return
	}
	for _, s := range c.callsOf(fn) {
		arg := sdk.ArgAt(c.pass.TypesInfo, s.call, i)
		if arg == nil {
			continue
		}
		c.entries(arg, check)
		if av := c.x.Vars.VarOf(arg); av != nil && !writes.IsPackageVar(av) {
			c.assignedOf(arg, check)
			c.callerEntries(arg, check, depth+1)
		}
	}
}

// isPointer reports whether t is a pointer type: a field of one left out
// of a literal is nil, not a zero time.
func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
