package filterflow

import (
	"go/ast"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// safety decides whether run-time values can carry a quote. It asks
// the flow layer, the one home of escapers and bounds: escaping helpers
// recognised by what they do (a loop writing each quote twice, a
// strings.Replacer or a regular expression made from constants, kept in
// place or in a package variable), package variables only ever given
// constants, formatted numbers, UUIDs, validated values.
type safety struct {
	fl *flow.Result
}

// SafeHole reports whether the value in h can be put into a quoted
// filter literal as it is: its type cannot carry a quote (a number, a
// bool, a UUID), or the flow layer's value of its expression, read
// where it is written, holds no quote and only parts that cannot carry
// one (flow.QuoteFree).
func (res *Result) SafeHole(h *values.Hole) bool { return res.safe.hole(h) }

func (s *safety) hole(h *values.Hole) bool {
	if h.CannotCarryQuote() {
		return true
	}
	v, ok := s.value(h.Expr)
	return ok && flow.QuoteFree(v)
}

func (s *safety) value(e ast.Expr) (flow.Value, bool) {
	if s == nil || s.fl == nil || e == nil {
		return flow.Value{}, false
	}
	return s.fl.ExprOf(e)
}
