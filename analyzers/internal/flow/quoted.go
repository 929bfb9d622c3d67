package flow

import (
	"go/ast"
	"go/token"
	"strings"
)

// Where a run-time value enters a quoted literal (Hole.At): a rule that
// reports a value put into a quoted OData literal without escaping
// reports it there, once, whatever helpers, branches and interfaces the
// text then goes through. The + or fmt.Sprintf whose result first puts
// a hole between quotes sets At; a hole that is not quoted there stays
// a candidate for the next concatenation (hi := a + b; Sprintf("'%s'",
// hi) is placed at the Sprintf). A helper's parameter quoted inside the
// helper gives its At to what each caller passes (the place is the
// helper's, where the fix belongs).

// quotedConcat is concat(x, y) made by the + at pos.
func quotedConcat(x, y Value, pos token.Pos) Value {
	cands := map[*Hole]bool{}
	x, y = usedAt(x, pos, 0), usedAt(y, pos, 1)
	return settle(concat(candidate(x, pos, 0, cands), candidate(y, pos, 1, cands)), cands)
}

// candidate returns v with every hole that has no At given (at, arg),
// recording the new holes in cands.
func candidate(v Value, at token.Pos, arg int, cands map[*Hole]bool) Value {
	if !at.IsValid() {
		return v
	}
	out := Value{Approx: v.Approx}
	for _, vr := range v.Variants {
		parts := make([]Part, len(vr.Parts))
		for i, p := range vr.Parts {
			if p.Hole != nil && !p.Hole.At.IsValid() {
				h := *p.Hole
				h.At, h.AtArg = at, arg
				p.Hole = &h
				cands[p.Hole] = true
			}
			parts[i] = p
		}
		out.Variants = append(out.Variants, Variant{Parts: parts, Ret: vr.Ret, Case: vr.Case})
	}
	return out
}

// settle keeps the At of the candidates that stand inside a quoted
// literal of v's text and clears the others.
func settle(v Value, cands map[*Hole]bool) Value {
	if len(cands) == 0 {
		return v
	}
	out := Value{Approx: v.Approx}
	for _, vr := range v.Variants {
		parts := make([]Part, len(vr.Parts))
		quoted := false
		for i, p := range vr.Parts {
			if p.Hole == nil {
				// '' inside a literal toggles twice: no net change.
				quoted = quoted != (strings.Count(p.Text, "'")%2 == 1)
			} else if cands[p.Hole] && !quoted {
				h := *p.Hole
				h.At, h.AtArg = token.NoPos, 0
				p.Hole = &h
			}
			parts[i] = p
		}
		out.Variants = append(out.Variants, Variant{Parts: parts, Ret: vr.Ret, Case: vr.Case})
	}
	return out
}

// enteredAt gives the holes of v without a position the position of
// the helper's parameter hole they fill.
func enteredAt(v Value, at token.Pos, arg int) Value {
	return mapHoles(v, func(h Hole) Hole {
		if !h.At.IsValid() {
			h.At, h.AtArg = at, arg
		}
		return h
	})
}

// withoutAt clears every hole's At, Use and SSA value (for facts:
// positions and values mean nothing in another package).
func withoutAt(v Value) Value {
	return mapHoles(v, func(h Hole) Hole {
		h.At, h.AtArg, h.Use, h.UseArg, h.Fmt, h.FmtArg, h.src = token.NoPos, 0, token.NoPos, 0, token.NoPos, 0, nil
		if h.Each != nil {
			each := withoutAt(*h.Each)
			h.Each = &each
		}
		return h
	})
}

// EnteredExpr returns the expression of file f that a hole's At and
// AtArg designate: the operand of a +, a side of a += (whose At is the
// statement's start, where go/ssa places it), or the argument of a
// call; nil when f holds none there.
func EnteredExpr(f *ast.File, h *Hole) ast.Expr {
	if h == nil {
		return nil
	}
	return operandAt(f, h.At, h.AtArg)
}

// operandAt returns the operand arg of the + (or += statement, or call)
// of file f at pos.
func operandAt(f *ast.File, at token.Pos, arg int) ast.Expr {
	if !at.IsValid() || at < f.FileStart || at >= f.FileEnd {
		return nil
	}
	var out ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if out != nil || n == nil || at < n.Pos() || at >= n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.OpPos == at && n.Op == token.ADD {
				if arg == 0 {
					out = n.X
				} else {
					out = n.Y
				}
			}
		case *ast.AssignStmt:
			if n.Pos() == at && n.Tok == token.ADD_ASSIGN && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if arg == 0 {
					out = n.Lhs[0]
				} else {
					out = n.Rhs[0]
				}
			}
		case *ast.CallExpr:
			if n.Lparen == at && arg < len(n.Args) {
				out = n.Args[arg]
			}
		}
		return out == nil
	})
	return out
}

// QuoteFree reports whether every variant of v can go into a quoted
// OData literal as it is: constant text without a single quote, and
// holes that cannot carry one (a bound that keeps the characters safe,
// quotes doubled or removed, a URL escape, a time formatted with a
// layout without a quote). An approximated or empty value is not.
func QuoteFree(v Value) bool {
	if len(v.Variants) == 0 || v.Approx {
		return false
	}
	for _, vr := range v.Variants {
		for _, p := range vr.Parts {
			switch {
			case p.Hole == nil:
				if strings.Contains(p.Text, "'") {
					return false
				}
			case !p.Hole.QuoteFree():
				return false
			}
		}
	}
	return true
}

// QuoteFree reports whether the hole's value cannot carry a single
// quote (see the function QuoteFree).
func (h *Hole) QuoteFree() bool {
	b := h.Bound
	return b.Safe() || b&(Escaped|URLEscaped|AboveQuote) != 0 || (b&Time != 0 && !strings.Contains(h.Layout, "'"))
}
