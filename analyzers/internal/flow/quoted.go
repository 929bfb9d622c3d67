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
		out.Variants = append(out.Variants, Variant{Parts: parts, Ret: vr.Ret})
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
		out.Variants = append(out.Variants, Variant{Parts: parts, Ret: vr.Ret})
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

// withoutAt clears every hole's At (for facts: positions mean nothing
// in another package).
func withoutAt(v Value) Value {
	return mapHoles(v, func(h Hole) Hole { h.At, h.AtArg = token.NoPos, 0; return h })
}

// EnteredExpr returns the expression of file f that a hole's At and
// AtArg designate: the operand of a +, a side of a += (whose At is the
// statement's start, where go/ssa places it), or the argument of a
// call; nil when f holds none there.
func EnteredExpr(f *ast.File, h *Hole) ast.Expr {
	if h == nil || !h.At.IsValid() || h.At < f.FileStart || h.At >= f.FileEnd {
		return nil
	}
	var out ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if out != nil || n == nil || h.At < n.Pos() || h.At >= n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.OpPos == h.At && n.Op == token.ADD {
				if h.AtArg == 0 {
					out = n.X
				} else {
					out = n.Y
				}
			}
		case *ast.AssignStmt:
			if n.Pos() == h.At && n.Tok == token.ADD_ASSIGN && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if h.AtArg == 0 {
					out = n.Lhs[0]
				} else {
					out = n.Rhs[0]
				}
			}
		case *ast.CallExpr:
			if n.Lparen == h.At && h.AtArg < len(n.Args) {
				out = n.Args[h.AtArg]
			}
		}
		return out == nil
	})
	return out
}
