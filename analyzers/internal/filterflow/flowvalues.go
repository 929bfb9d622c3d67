package filterflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// The filters and filter arguments the AST resolver (values) cannot
// follow — a variable assigned in branches, clauses appended to a slice
// and joined, a helper or a user-written combinator library building the
// text, a value returned through an interface — are asked of the flow
// layer (SSA, function summaries, interface dispatch). Each variant flow
// gives (one per path through branches, bounded by flow.MaxVariants) is
// one shape of the filter, checked on its own: a scan is reported when
// some shape that reaches the query is one.

// maxShapes bounds the queries one call gives (the cross product of its
// arguments' shapes).
const maxShapes = flow.MaxVariants

// opaque reports whether the resolver knows nothing of v: one run-time
// part that is neither formatted, converted, escaped nor a parameter.
func opaque(v values.Value) bool {
	if len(v.Parts) != 1 || v.Parts[0].Hole == nil {
		return false
	}
	h := v.Parts[0].Hole
	return h.Param == nil && h.Verb == "" && h.Func == "" && !h.Escaped && !h.Foreign && h.Layout == ""
}

// argShapes returns the values argument i (as written) of call can take:
// the resolver's value, or, when the resolver cannot follow it and the
// flow layer can, one value per flow variant.
func (st *state) argShapes(call *ast.CallExpr, i int) []values.Value {
	arg := call.Args[i]
	av := st.r.Of(arg)
	if !opaque(av) {
		return []values.Value{av}
	}
	in := st.fl.Call(call)
	if in == nil {
		return []values.Value{av}
	}
	args := flow.CallArgs(in.Common())
	if i >= len(args) {
		return []values.Value{av}
	}
	if out := st.shapes(in.Parent(), st.fl.OfLocal(args[i]), arg); len(out) > 0 {
		return out
	}
	return []values.Value{av}
}

// optionShapes returns the shapes of the Filter field of the options
// argument i of the query call, from the flow layer; nil when it knows
// no more than one opaque value.
func (st *state) optionShapes(call *ast.CallExpr, i int, at ast.Expr) []values.Value {
	in := st.fl.Call(call)
	if in == nil {
		return nil
	}
	args := flow.CallArgs(in.Common())
	if i >= len(args) {
		return nil
	}
	return st.shapes(in.Parent(), st.fl.FieldOfLocal(args[i], "Filter"), at)
}

// shapes converts a flow value into the resolver's values, one per
// variant; nil when flow knows no more than one value the resolver
// already treats as unknown (one hole of unknown source). Holes keep
// what the query analyzers read: the verb, whether the value is escaped
// or cannot carry a quote, and the parameter of fn it is.
func (st *state) shapes(fn *ssa.Function, v flow.Value, at ast.Expr) []values.Value {
	if len(v.Variants) == 0 {
		return nil
	}
	if len(v.Variants) == 1 {
		ps := v.Variants[0].Parts
		if len(ps) == 1 && ps[0].Hole != nil && ps[0].Hole.Source != flow.Param {
			return nil
		}
	}
	var out []values.Value
	for _, vr := range v.Variants {
		var val values.Value
		for _, p := range vr.Parts {
			if p.Hole == nil {
				val.Parts = append(val.Parts, values.Part{Text: p.Text})
				continue
			}
			val.Parts = append(val.Parts, values.Part{Hole: st.hole(fn, p.Hole, at)})
		}
		out = append(out, merge(val))
		if len(out) >= maxShapes {
			break
		}
	}
	return out
}

// hole converts a flow hole found in fn; at is the expression the value
// is read from (for positions and messages).
func (st *state) hole(fn *ssa.Function, h *flow.Hole, at ast.Expr) *values.Hole {
	out := &values.Hole{Expr: at, Use: at, Verb: h.Verb, Layout: h.Layout}
	if h.Bound&(flow.Escaped|flow.URLEscaped) != 0 || h.Bound.Safe() || (h.Bound&flow.Time != 0 && !containsQuote(h.Layout)) {
		out.Escaped = true // cannot carry a quote
	}
	if out.Verb == "" && h.Bound&flow.Digits != 0 {
		out.Verb = "%d"
	}
	if h.Source == flow.Param && h.Field == "" && fn != nil && h.Param >= 0 && h.Param < len(fn.Params) {
		if v, ok := fn.Params[h.Param].Object().(*types.Var); ok {
			out.Param = v
		}
	}
	st.fromFlow[out] = h
	return out
}

func containsQuote(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			return true
		}
	}
	return false
}
