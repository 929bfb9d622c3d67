package flow

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"
)

// maxChoices bounds the values Choices returns for one expression.
const maxChoices = 16

// Choices returns the values the expression e may hold where it is
// written: the edges of the φ-nodes that merge a variable assigned on
// several paths (var n int64; if ok { n = t.UnixNano() } gives the
// constant 0 and the call), looked through conversions to an interface;
// one value when e is no merge. ok is false when the value is unknown or
// the merges are deeper or wider than the engine follows (a loop's φ
// reaches itself and is followed once).
func (r *Result) Choices(e ast.Expr) (vals []ssa.Value, ok bool) {
	v, found := r.ExprValue(e)
	if !found {
		return nil, false
	}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if depth > MaxDepth || len(vals) > maxChoices {
			return false
		}
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.MakeInterface:
			return walk(x.X, depth+1)
		case *ssa.Phi:
			for _, ed := range x.Edges {
				if !walk(ed, depth+1) {
					return false
				}
			}
			return true
		}
		vals = append(vals, v)
		return true
	}
	if !walk(v, 0) || len(vals) > maxChoices {
		return nil, false
	}
	return vals, true
}
