package filterflow

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// Every filter and filter argument — a variable assigned in branches,
// clauses appended to a slice and joined, a helper or a user-written combinator library building the
// text, a value returned through an interface — is asked of the flow
// layer (SSA, function summaries, interface dispatch). Each variant flow
// gives (one per path through branches, bounded by flow.MaxVariants) is
// one shape of the filter, checked on its own: a scan is reported when
// some shape that reaches the query is one.

// maxShapes bounds the queries one call gives (the cross product of its
// arguments' shapes).
const maxShapes = flow.MaxVariants

// argShapes returns the values argument i (as written) of call can take:
// one value per flow variant, or one hole, the argument, where the flow
// layer knows no more than one value of unknown source. Only a call
// without SSA (in a function with type errors, which ssabuild leaves
// without a body) is read from its syntax (written).
func (st *state) argShapes(call *ast.CallExpr, i int) []values.Value {
	arg := call.Args[i]
	in := st.fl.Call(call)
	if in == nil {
		return []values.Value{st.written(arg)}
	}
	if args := flow.CallArgs(in.Common()); i < len(args) {
		out := st.shapes(in.Parent(), st.fl.OfLocal(args[i]), arg)
		if len(out) > 0 {
			return out
		}
		if out != nil { // known to be unknown
			return []values.Value{{Parts: []values.Part{{Hole: &values.Hole{Expr: arg, Use: arg}}}}}
		}
	}
	// The argument's type still says whether it can carry a quote.
	return []values.Value{{Parts: []values.Part{{Hole: &values.Hole{Expr: arg, Use: arg, Type: st.pass.TypesInfo.TypeOf(arg)}}}}}
}

// eachShapes returns the shapes of a sink's mapped slice parameter at
// call (the sink fn): the flow layer's Joined hole h bound to the
// elements the call passes; nil when the call has no SSA or flow knows
// nothing. A sink of another package carries no positions.
func (st *state) eachShapes(call *ast.CallExpr, fn *types.Func, h *flow.Hole) []values.Value {
	in := st.fl.Call(call)
	if in == nil {
		return nil
	}
	if fn.Pkg() != st.pass.Pkg {
		h = h.WithoutPositions()
	}
	return st.shapes(in.Parent(), st.fl.BindJoined(in, h), call)
}

// flowOptionQueries returns the queries the options argument opts
// (argument argIdx of base.Call) gives, one per variant of its Filter
// that the flow layer follows; nil when flow has no answer (the options
// are a parameter the enclosing function's callers give, or flow knows
// no more than one value of unknown source), and options reads the
// options value by value.
func (st *state) flowOptionQueries(base Query, argIdx int, opts ast.Expr, pkgPath, typeName string) []*Query {
	if isNil(st.pass.TypesInfo, opts) {
		return nil
	}
	shapes := st.optionShapes(base.Call, argIdx, opts)
	if shapes == nil {
		return nil
	}
	if len(shapes) == 0 {
		// Written by code flow does not follow (fill(&f) of an
		// unknown helper): unknown, never the declaration's value.
		q := base
		return []*Query{&q}
	}
	// The syntax still says what the code names: the expression the
	// filter is written in (for messages and fixes), Top, and whether
	// the options are the caller's (a sink by options). The filter's
	// value is flow's alone.
	named := base
	_, _, known := st.optionFields(&named, opts, pkgPath, typeName)
	if named.Options != nil {
		return nil
	}
	if !known {
		if variants, _ := st.optionVariants(opts); len(variants) > 1 {
			// Options assigned in branches (or nil on some path): one
			// query per options value, each placed at its own filter
			// (options, which reads the filter's value from flow).
			return nil
		}
	}
	var out []*Query
	for _, f := range shapes {
		q := base
		q.Known = true
		q.Filter = f
		q.Empty = f.IsConst() && strings.TrimSpace(f.String()) == ""
		q.FilterExpr = opts
		if known {
			q.Top = named.Top
			if named.FilterExpr != nil {
				q.FilterExpr = named.FilterExpr
			}
			if !q.Empty {
				q.At = named.At
			}
		}
		out = append(out, &q)
	}
	return out
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
	return st.shapes(in.Parent(), st.fl.FieldAt(in, args[i], "Filter"), at)
}

// shapes converts a flow value into values.Values, one per
// variant; nil when flow knows no more than one value that is
// unknown (one hole of unknown source), empty (not
// nil) when flow knows the value is written by code it does not follow
// (nothing else is asked then). Holes keep
// what the query analyzers read: the verb, whether the value is escaped
// or cannot carry a quote, and the parameter of fn it is.
func (st *state) shapes(fn *ssa.Function, v flow.Value, at ast.Expr) []values.Value {
	if len(v.Variants) == 0 {
		return nil
	}
	if len(v.Variants) == 1 {
		ps := v.Variants[0].Parts
		if len(ps) == 1 && ps[0].Hole != nil && ps[0].Hole.Source != flow.Param {
			if v.Approx && ps[0].Hole.What == "…" {
				return []values.Value{} // known to be unknown
			}
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
	// What values' holes say of a formatted value, for extract's
	// placeholders: a time formatted with a constant layout, an integer
	// formatted with a d verb.
	if h.Layout != "" {
		out.Func = "(time.Time).Format"
	}
	if strings.HasSuffix(h.Verb, "d") {
		out.Type = types.Typ[types.Int64]
	}
	// Messages and extract name the expression the value entered the
	// filter's text by, when flow knows it and it is in fn (a sink's callers keep
	// their argument: it is where they are checked).
	var syntax ast.Node
	if fn != nil {
		syntax = fn.Syntax()
	}
	for _, f := range st.pass.Files {
		if syntax != nil && syntax.Pos() <= h.At && h.At < syntax.End() && f.FileStart <= h.At && h.At < f.FileEnd {
			if e := flow.EnteredExpr(f, h); e != nil {
				out.Expr, out.Use = e, e
			}
		}
	}
	if h.QuoteFree() {
		out.Escaped = true // cannot carry a quote
	}
	if out.Verb == "" && h.Bound&flow.Digits != 0 {
		out.Verb = "%d"
	}
	if o := h.Owner(); o != nil {
		fn = o // a parameter a function literal captures
	}
	if h.Source == flow.Param && h.Field == "" && fn != nil && h.Param >= 0 && h.Param < len(fn.Params) {
		if v, ok := fn.Params[h.Param].Object().(*types.Var); ok {
			out.Param = v
		}
	}
	st.fromFlow[out] = h
	return out
}
