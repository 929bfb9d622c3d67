package flow

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Differences between values. Two values provably differ when no variant
// of one can equal a variant of the other: both constant and unequal, or
// their constant prefixes (suffixes) differ where neither extends the
// other ("order_" + id against "user_" + id). An Approx value may have
// variants that were dropped: it is never known to differ.

// Differ reports whether a and b can never be equal (see above).
func Differ(a, b Value) bool {
	if a.Approx || b.Approx || len(a.Variants) == 0 || len(b.Variants) == 0 {
		return false
	}
	for _, va := range a.Variants {
		for _, vb := range b.Variants {
			if !variantsDiffer(va, vb) {
				return false
			}
		}
	}
	return true
}

func variantsDiffer(a, b Variant) bool {
	if a.constant() && b.constant() {
		return a.Text() != b.Text()
	}
	pa, pb := a.Prefix(), b.Prefix()
	if !strings.HasPrefix(pa, pb) && !strings.HasPrefix(pb, pa) {
		return true
	}
	sa, sb := a.Suffix(), b.Suffix()
	return !strings.HasSuffix(sa, sb) && !strings.HasSuffix(sb, sa)
}

func (vr Variant) constant() bool {
	for _, p := range vr.Parts {
		if p.Hole != nil {
			return false
		}
	}
	return true
}

// Prefix returns the constant text the variant starts with ("" when it
// starts with a hole).
func (vr Variant) Prefix() string {
	if len(vr.Parts) > 0 && vr.Parts[0].Hole == nil {
		return vr.Parts[0].Text
	}
	return ""
}

// Suffix returns the constant text the variant ends with ("" when it
// ends with a hole).
func (vr Variant) Suffix() string {
	if n := len(vr.Parts); n > 0 && vr.Parts[n-1].Hole == nil {
		return vr.Parts[n-1].Text
	}
	return ""
}

// ConstParts returns the constant text v holds at least: the constant
// parts of its variant that has the fewest, concatenated ("" for a value
// with no variants).
func ConstParts(v Value) string {
	best, first := "", true
	for _, vr := range v.Variants {
		var b strings.Builder
		for _, p := range vr.Parts {
			if p.Hole == nil {
				b.WriteString(p.Text)
			}
		}
		if first || b.Len() < len(best) {
			best, first = b.String(), false
		}
	}
	return best
}

// Texts writes v for messages: each variant's text with its holes as
// {?}, variants separated by " | ".
func (v Value) Texts() string {
	var b strings.Builder
	for i, vr := range v.Variants {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(vr.Text())
	}
	return b.String()
}

// ExprAtCall returns the values the expression e, written in the
// function the call expression call calls (statically), takes on that
// call: its parameters bound to the call's arguments as the caller
// computes them (a parameter of the caller stays a Param hole). ok is
// false when e's value cannot be found (ExprValue), when call does not
// call e's function, or when e's value holds a parameter of another
// function (captured by a closure) or a parameter the function assigns
// (tenant = strings.ToLower(tenant): the hole is no longer the argument's
// text).
func (r *Result) ExprAtCall(e ast.Expr, call *ast.CallExpr) (Value, bool) {
	return r.exprAtCall(e, call, false)
}

// PointeeAtCall is ExprAtCall of what the pointer expression e (an
// options struct's *string Filter, to.Ptr(s)) points to.
func (r *Result) PointeeAtCall(e ast.Expr, call *ast.CallExpr) (Value, bool) {
	return r.exprAtCall(e, call, true)
}

func (r *Result) exprAtCall(e ast.Expr, call *ast.CallExpr, pointee bool) (Value, bool) {
	c := r.Call(call)
	if c == nil {
		return Value{}, false
	}
	if tv, ok := r.Pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		return r.ExprOf(e) // a constant: the same on every call
	}
	v, ok := r.ExprValue(e)
	if !ok {
		return Value{}, false
	}
	if k, isConst := v.(*ssa.Const); isConst {
		return constValue(k), true
	}
	fn := c.Common().StaticCallee()
	if fn == nil || v.Parent() != fn || c.Common().Signature().Variadic() {
		return Value{}, false
	}
	ev := &eval{r: r}
	var local Value
	if pointee {
		local = ev.load(v, 0)
	} else {
		local = ev.of(v, 0)
	}
	for _, h := range local.Holes() {
		if h.Source != Param {
			continue
		}
		if h.owner != nil && h.owner != fn || reassignedParam(r, fn, h.Param) {
			return Value{}, false
		}
	}
	return ev.bind(local, c.Common().Args, 0), true
}

// reassignedParam reports whether fn's body assigns its parameter i
// (receiver first), or whether that cannot be told.
func reassignedParam(r *Result, fn *ssa.Function, i int) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Body == nil || i < 0 || i >= len(fn.Params) {
		return true
	}
	v, ok := fn.Params[i].Object().(*types.Var)
	if !ok {
		return true
	}
	defs, addressed := assignmentsOf(r.Pass.TypesInfo, decl.Body, v)
	return len(defs) > 0 || addressed
}
