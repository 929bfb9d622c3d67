package flow

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// From a hole back to the code. Rules that judge a run-time part of a
// built string by its syntax (is it computed from time.Now(), from a
// counter; which Sprintf argument to rewrite in a fix) ask, for every
// hole, not only quoted ones:
//
//   - Hole.Value: the SSA value whose text fills the hole — the innermost
//     value the engine followed to it (the parameter, the call, the
//     field read), or, for a value formatted or bounded whole
//     (strconv.Itoa(n), t.Format(l), n+1), the value formatted (n, t);
//   - Result.HoleExpr: the expression of the package that computes that
//     value (a call, an operator, a field selector, a variable read,
//     the parameter's name in its declaration);
//   - Result.UseExpr: the operand as written where the value was first
//     put into the text (Hole.Use: the + operand, the fmt.Sprintf
//     argument);
//   - Result.FormatExpr: for a value formatted into text (Hole.Func:
//     fmt.Sprintf, strconv.Itoa…), the argument as written and the call
//     that formatted it — what a fix that changes the formatting
//     rewrites.

// standsFor gives the holes of out that stand for no value yet the
// value v, whose evaluation out is.
func standsFor(out Value, v ssa.Value) Value {
	missing := false
	for _, h := range out.Holes() {
		if h.src == nil {
			missing = true
			break
		}
	}
	if !missing {
		return out
	}
	return mapHoles(out, func(h Hole) Hole {
		if h.src == nil {
			h.src = v
		}
		return h
	})
}

// usedAt gives the holes of v without a Use the operand arg of the +
// or call at pos.
func usedAt(v Value, pos token.Pos, arg int) Value {
	if !pos.IsValid() {
		return v
	}
	missing := false
	for _, h := range v.Holes() {
		if !h.Use.IsValid() {
			missing = true
			break
		}
	}
	if !missing {
		return v
	}
	return mapHoles(v, func(h Hole) Hole {
		if !h.Use.IsValid() {
			h.Use, h.UseArg = pos, arg
		}
		return h
	})
}

// formattedBy records on the holes of v not yet formatted that fn
// formatted them, with verb when not "" (the Verb fmt.Sprintf gives a
// hole is its own), at the argument arg of the call at pos.
func formattedBy(v Value, fn, verb string, pos token.Pos, arg int) Value {
	return mapHoles(v, func(h Hole) Hole {
		if h.Func == "" {
			h.Func = fn
			if verb != "" {
				h.Verb = verb
			}
			if pos.IsValid() {
				h.Fmt, h.FmtArg = pos, arg
			}
		}
		return h
	})
}

// callPos returns the position of the call v (its opening parenthesis),
// or NoPos for nil.
func callPos(v ssa.Value) token.Pos {
	if v == nil {
		return token.NoPos
	}
	return v.Pos()
}

// FormatExpr returns, for a hole formatted in this package (Hole.Func,
// Hole.Fmt), the argument as written that was formatted and the call
// that formatted it; nil, nil otherwise.
func (r *Result) FormatExpr(h *Hole) (ast.Expr, *ast.CallExpr) {
	if h == nil || !h.Fmt.IsValid() {
		return nil, nil
	}
	f := r.fileOf(h.Fmt)
	if f == nil {
		return nil, nil
	}
	arg := operandAt(f, h.Fmt, h.FmtArg)
	if arg == nil {
		return nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(f, arg.Pos(), arg.End())
	for _, n := range path {
		if call, ok := n.(*ast.CallExpr); ok && call.Lparen == h.Fmt {
			return arg, call
		}
	}
	return nil, nil
}

// Value returns the SSA value whose text fills the hole (see above);
// nil when unknown (a hole of a summary imported from another package,
// a bound cut off).
func (h *Hole) Value() ssa.Value {
	if h == nil {
		return nil
	}
	return h.src
}

// HoleExpr returns the expression of the package that computes the
// value the hole stands for (Hole.Value); nil when there is none (a
// constant, a value made by the compiler, a value of another package).
func (r *Result) HoleExpr(h *Hole) ast.Expr {
	v := h.Value()
	if v == nil {
		return nil
	}
	return r.ValueExpr(v)
}

// ValueExpr returns the expression of the package whose value v is: the
// inverse of ExprValue, found by position (a call at its parenthesis,
// an operator at its position, a field read at the selector, a load at
// the variable or the star, a parameter at its name). nil when v has no
// position in the package's files.
func (r *Result) ValueExpr(v ssa.Value) ast.Expr {
	pos := v.Pos()
	if !pos.IsValid() {
		return nil
	}
	f := r.fileOf(pos)
	if f == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	for i, n := range path {
		e, ok := n.(ast.Expr)
		if !ok {
			continue
		}
		switch e := e.(type) {
		case *ast.Ident:
			if e.Pos() != pos {
				continue
			}
			if i+1 < len(path) {
				if sel, ok := path[i+1].(*ast.SelectorExpr); ok && sel.Sel == e {
					return sel
				}
			}
			return e
		case *ast.CallExpr:
			if e.Lparen == pos {
				return e
			}
		case *ast.BinaryExpr:
			if e.OpPos == pos {
				return e
			}
		case *ast.UnaryExpr:
			if e.OpPos == pos {
				return e
			}
		case *ast.StarExpr:
			if e.Star == pos {
				return e
			}
		case *ast.SelectorExpr:
			if e.Sel.Pos() == pos {
				return e
			}
		case *ast.IndexExpr:
			if e.Lbrack == pos {
				return e
			}
		case *ast.SliceExpr:
			if e.Lbrack == pos {
				return e
			}
		case *ast.TypeAssertExpr:
			if e.Lparen == pos {
				return e
			}
		case *ast.CompositeLit:
			if e.Lbrace == pos {
				return e
			}
		}
	}
	return nil
}

// UseExpr returns the operand, as written, through which the hole's
// value was first put into the text (Hole.Use); nil when it was never
// combined in this package.
func (r *Result) UseExpr(h *Hole) ast.Expr {
	if h == nil || !h.Use.IsValid() {
		return nil
	}
	f := r.fileOf(h.Use)
	if f == nil {
		return nil
	}
	return operandAt(f, h.Use, h.UseArg)
}

// fileOf returns the package's file holding pos.
func (r *Result) fileOf(pos token.Pos) *ast.File {
	for _, f := range r.Pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}
