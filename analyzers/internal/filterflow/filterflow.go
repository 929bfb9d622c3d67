// Package filterflow finds the queries a package runs against Azure
// Table storage and reconstructs their filters, following filters across
// function and package boundaries with facts. It reports nothing itself;
// the query analyzers (tablescan, filterinjection, continuation) require
// it and check its Result.
//
// Query sites are calls of aztables Client.NewListEntitiesPager, legacy
// storage Table.QueryEntities, and calls of functions that pass one of
// their parameters into the filter of such a call (a repository method
// that receives the filter, or part of it, from a service layer), or
// that run options their caller builds (a paging helper). Such a
// function gets a *Sink fact describing its filter as a template over its
// parameters (or naming its options parameter); every call of it, in any
// package, is a query site whose filter is the template with the call's
// arguments substituted. Calls are followed through method values,
// function-typed variables and closures stored in variables; options or
// filters set in branches give one query per value that can reach the
// call. Calls of interface methods are resolved with a Program, which
// only a whole-program driver installs (see Program).
package filterflow

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/reach"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// Analyzer computes the Result and exports Sink facts.
var Analyzer = &analysis.Analyzer{
	Name:      "tablefilterflow",
	Doc:       "reconstructs Azure Table storage query filters and follows them across functions (no diagnostics)",
	Run:       run,
	Requires:  []*analysis.Analyzer{inspect.Analyzer, index.Analyzer, flow.Analyzer, reach.Analyzer},
	FactTypes: []analysis.Fact{new(Sink)},
	// Under check, packages with type errors are analysed with the types
	// that resolve (issue 22); the resolver and flow tolerate invalid types.
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
}

// Sink is the fact that a function passes its parameters into the
// filters of table queries.
type Sink struct {
	Queries []SinkQuery
}

// AFact marks Sink as a fact.
func (*Sink) AFact() {}

func (s *Sink) String() string {
	var b strings.Builder
	for i, q := range s.Queries {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(q.Template())
	}
	return "sink(" + b.String() + ")"
}

// SinkQuery is one query a sink function runs.
type SinkQuery struct {
	Parts []SinkPart
	// Checked reports that the filter could be planned where it is built
	// (the parameters stand only for literal values), so its plan was
	// checked there and callers add only what the arguments reveal.
	Checked bool
	// Where is "file.go:LINE" of the query call, for messages.
	Where string
	// Pager reports an aztables list call (false: legacy QueryEntities).
	Pager bool
	// ByOptions reports that the sink receives the whole options value
	// (*aztables.ListEntitiesOptions or *storage.QueryOptions) as
	// parameter OptionsParam and runs the query with it; Parts is then
	// empty and the filter is read from each call's argument.
	ByOptions    bool
	OptionsParam int
}

// SinkPart is constant Text, or a hole: a parameter (Param >= 0) or
// something the sink computes itself (Param == -1).
type SinkPart struct {
	Text    string
	IsHole  bool
	Param   int
	Verb    string
	Func    string
	Escaped bool
	// Safe reports a non-parameter hole that cannot carry a quote, or
	// one already reported where it was built.
	Safe bool
	// Quoted reports a hole inside a quoted literal of the filter.
	Quoted bool
	// AtCaller reports a quoted, unescaped parameter hole that the
	// sink's callers check (TL321 at each call passing an unsafe value),
	// because callers in the sink's own package pass escaped values. When
	// false, such a hole is reported where the sink interpolates it and
	// callers do not report what they pass into it.
	AtCaller bool
	// Each, for a parameter that is a slice the sink maps element by
	// element and joins, is the flow layer's Joined hole with the text
	// each element makes: each call binds it to the elements it passes.
	Each *flow.Hole
}

// Template renders q with parameters as {$N} and other holes as {?}.
func (q SinkQuery) Template() string {
	if q.ByOptions {
		return fmt.Sprintf("{options $%d}", q.OptionsParam)
	}
	var b strings.Builder
	for _, p := range q.Parts {
		switch {
		case !p.IsHole:
			b.WriteString(p.Text)
		case p.Param >= 0:
			fmt.Fprintf(&b, "{$%d}", p.Param)
		default:
			b.WriteString("{?}")
		}
	}
	return b.String()
}

// Query is one query site in the analysed package.
type Query struct {
	// Call is the call that runs the query: the list call, the legacy
	// QueryEntities call, or the call of a sink function.
	Call *ast.CallExpr
	// Filter is the reconstructed filter; meaningful when Known.
	Filter values.Value
	// Known reports that the filter expression was found (it may still
	// contain holes). Empty reports a nil, absent or "" filter.
	Known, Empty bool
	// more are the filter's other values (flow's variants after
	// Filter's), while optionQueries splits them into queries.
	more []values.Value
	// FilterExpr is the expression the filter comes from (nil when the
	// filter is absent); for a sink call, the call itself.
	FilterExpr ast.Expr
	// Via is the sink function called, or nil for a direct query.
	Via *types.Func
	// Checked reports a sink query whose plan was checked inside Via.
	Checked bool
	// Where is where Via runs the query ("file.go:LINE").
	Where string
	// SinkFilter is Via's filter with every parameter a hole (what was
	// checked inside Via).
	SinkFilter values.Value
	// Pager reports an aztables list call; Legacy a storage QueryEntities.
	Pager, Legacy bool
	// Func is the function declaration the call is in (nil at package
	// level or in a function literal outside any declaration).
	Func *ast.FuncDecl
	// Top is the expression given to ListEntitiesOptions.Top / QueryOptions.Top.
	Top ast.Expr
	// Inlined maps the holes of arguments substituted into a sink's
	// filter to the sink part they fill (nil for direct queries).
	Inlined map[*values.Hole]*SinkPart
	// At is where findings about the query go: where the options get
	// their filter on every path (a literal's Filter, an unconditional
	// opts.Filter = …), or nil for the call that runs the query (Call):
	// options without a filter, a filter assigned only in a branch, a
	// helper's call.
	At ast.Node
	// Options is the parameter of the enclosing function the query's
	// options come from (the caller builds them); the query is then not
	// Known here, and the function becomes a sink.
	Options *types.Var
}

// Result is what the analyzer gives the query analyzers.
type Result struct {
	Queries []*Query
	// AtCaller holds the parameters interpolated into quoted filter
	// literals whose values are checked at each call of their function
	// rather than where they are interpolated (see SinkPart.AtCaller).
	AtCaller map[*types.Var]bool
	// FromFlow maps the holes of filters the flow layer reconstructed
	// (where the resolver could not) to flow's hole, which says where
	// the value entered a quoted literal (flow.Hole.At).
	FromFlow map[*values.Hole]*flow.Hole

	safe *safety
}

// Template returns a filter's template text for odata.ParseTemplate:
// constant text with { doubled, and each hole as {pN} or {pN:VERB}.
// holes[N] is the hole written as pN.
func Template(v values.Value) (text string, holes []*values.Hole) {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Hole == nil {
			b.WriteString(strings.ReplaceAll(p.Text, "{", "{{"))
			continue
		}
		fmt.Fprintf(&b, "{p%d", len(holes))
		if verb := p.Hole.Verb; verb != "" && !strings.ContainsAny(verb, "{}") {
			b.WriteString(":" + verb)
		}
		b.WriteString("}")
		holes = append(holes, p.Hole)
	}
	return b.String(), holes
}

// TemplateHole is one hole of a template text Template wrote:
// text[Start:End] is {pN} or {pN:VERB}; Quoted when it stands inside a
// quoted literal.
type TemplateHole struct {
	Start, End int
	Quoted     bool
}

// TemplateHoles returns the holes of a template text in order, skipping
// doubled braces and doubled quotes; ok is false when a hole is not
// closed (the holes before it are returned).
func TemplateHoles(text string) (holes []TemplateHole, ok bool) {
	quoted := false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\'':
			if quoted && i+1 < len(text) && text[i+1] == '\'' {
				i++
				continue
			}
			quoted = !quoted
		case '{':
			if i+1 < len(text) && text[i+1] == '{' {
				i++
				continue
			}
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return holes, false
			}
			holes = append(holes, TemplateHole{Start: i, End: i + end + 1, Quoted: quoted})
			i += end
		}
	}
	return holes, true
}

// Parse parses a reconstructed filter in template mode and plans it. ok
// is false when the text does not parse for a reason other than an
// unsupported feature (the code builds something the analyzers cannot
// follow, or holes stand for more than literal values); err is then the
// parse error. An unsupported feature returns ok with f nil and err the
// *odata.Error carrying rule TL306.
func Parse(v values.Value) (f *odata.Filter, p plan.Plan, err error, ok bool) {
	// Analyzers must never panic: a parser bug on some filter found in
	// code makes that filter unknown, not the run fail. The fuzz test
	// calls parse directly, so that such a bug fails it.
	defer func() {
		if r := recover(); r != nil {
			f, p, err, ok = nil, plan.Plan{}, fmt.Errorf("odata: internal error: %v", r), false
		}
	}()
	return parse(v)
}

// parseTemplate is odata.ParseTemplate; a variable so that a test can
// inject a panic.
var parseTemplate = odata.ParseTemplate

// parse is Parse without the recover.
func parse(v values.Value) (f *odata.Filter, p plan.Plan, err error, ok bool) {
	text, _ := Template(v)
	f, err = parseTemplate(text)
	if err != nil {
		if oe, isOE := err.(*odata.Error); isOE && oe.Rule != "" {
			return nil, plan.Plan{}, err, true
		}
		return nil, plan.Plan{}, err, false
	}
	return f, plan.Of(f), nil, true
}

type state struct {
	pass *analysis.Pass
	vars *values.Vars // the package's assignment index
	fl   *flow.Result // the flow layer
	// fromFlow maps holes converted from flow values to flow's holes.
	fromFlow map[*values.Hole]*flow.Hole
	sinks    map[*types.Func]*Sink // this package's sinks, found so far
	// litFuncs names the function literals stored once in a variable
	// (run := func(o *Options) {…}) by a function object of their own,
	// synthetic (not exported as facts), so that they can be sinks.
	litFuncs  map[*ast.FuncLit]*types.Func
	synthetic map[*types.Func]bool
	// factories maps a function of the package whose one return
	// statement returns a function literal to that literal (run :=
	// collect(ctx, c); run(filter) calls it).
	factories map[*types.Func]*ast.FuncLit
	safe      *safety
}

func run(pass *analysis.Pass) (any, error) {
	if reach.Skip(pass) {
		// A dependency that cannot reach the SDK runs no query: an
		// empty result, no Sink facts.
		return &Result{AtCaller: map[*types.Var]bool{}, FromFlow: map[*values.Hole]*flow.Hole{},
			safe: &safety{fl: flow.Of(pass)}}, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	x := index.Of(pass)
	st := &state{pass: pass, vars: x.Vars, fl: flow.Of(pass), fromFlow: map[*values.Hole]*flow.Hole{}, sinks: map[*types.Func]*Sink{}}
	st.safe = &safety{fl: st.fl}

	// Collect candidate calls with their enclosing declarations.
	type site struct {
		call *ast.CallExpr
		decl *ast.FuncDecl
		lit  *ast.FuncLit // innermost function literal, if any
	}
	var sites []site
	ins.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		var decl *ast.FuncDecl
		var lit *ast.FuncLit
		for i := len(stack) - 1; i >= 0; i-- {
			if l, ok := stack[i].(*ast.FuncLit); ok && lit == nil && decl == nil {
				lit = l
			}
			if d, ok := stack[i].(*ast.FuncDecl); ok {
				decl = d
				break
			}
		}
		sites = append(sites, site{n.(*ast.CallExpr), decl, lit})
		return true
	})
	st.indexClosures()
	// sinkAt records that the function around a site runs q.
	sinkAt := func(s site, q *Query) bool {
		changed := false
		if s.lit != nil {
			if fn := st.litFuncs[s.lit]; fn != nil && st.addSinkFor(fn, q) {
				changed = true
			}
		}
		if s.decl != nil && st.addSink(s.decl, q) {
			changed = true
		}
		return changed
	}

	// Direct queries do not depend on sinks: compute them once. Then
	// find sinks to a fixed point: a call of a sink may make its caller
	// a sink. Bounded, since sinks only grow.
	var direct []*Query
	var calls []site
	for _, s := range sites {
		if st.isDirect(s.call) {
			for _, q := range st.queriesAt(s.call) {
				q.Func = s.decl
				direct = append(direct, q)
				sinkAt(s, q)
			}
		}
	}
	// After every direct query, so that a call through a function type
	// finds the factories whose literals query (typeFactory).
	for _, s := range sites {
		if !st.isDirect(s.call) && st.callee(s.call) != nil {
			calls = append(calls, s)
		}
	}
	var queries []*Query
	for round := 0; round < 8; round++ {
		queries = append(queries[:0], direct...)
		changed := false
		for _, s := range calls {
			for _, q := range st.queriesAt(s.call) {
				q.Func = s.decl
				queries = append(queries, q)
				if sinkAt(s, q) {
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	atCaller := st.decideParams(queries)
	for fn, s := range st.sinks {
		if !st.synthetic[fn] {
			pass.ExportObjectFact(fn, s)
		}
	}
	return &Result{Queries: queries, AtCaller: atCaller, FromFlow: st.fromFlow, safe: st.safe}, nil
}

// decideParams decides, for each quoted unescaped parameter hole of this
// package's sinks, where TL321 is reported: where the sink interpolates
// the parameter (the default, whatever the parameter's origin), or, when
// some caller in this package passes an escaped or otherwise safe value
// (the function's contract is "callers escape"), at each caller passing
// an unsafe one, so that a fix never escapes a value twice.
func (st *state) decideParams(queries []*Query) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for fn, s := range st.sinks {
		sig := fn.Type().(*types.Signature)
		for qi := range s.Queries {
			for pi := range s.Queries[qi].Parts {
				p := &s.Queries[qi].Parts[pi]
				if !p.IsHole || p.Param < 0 || !p.Quoted || p.Escaped {
					continue
				}
				safe := 0
				for _, q := range queries {
					if q.Via != fn || p.Param >= len(q.Call.Args) {
						continue
					}
					if st.safeArg(q.Call.Args[p.Param]) {
						safe++
					}
				}
				if safe > 0 {
					p.AtCaller = true
					out[sig.Params().At(p.Param)] = true
				}
			}
		}
	}
	return out
}

// safeArg reports whether arg is escaped: the flow layer, reading arg
// where it is written, finds that every run-time part of it can go into
// a quoted literal as it is, and that one had its quotes doubled or
// removed by the caller (a constant argument says nothing about the
// function's contract). Constant text is not asked about: an argument
// may bring its own quotes (odata.Quote(x)).
func (st *state) safeArg(arg ast.Expr) bool {
	v, ok := st.fl.ExprOf(arg)
	if !ok || v.Approx {
		return false
	}
	escaped := false
	for _, h := range v.Holes() {
		if !h.QuoteFree() {
			return false
		}
		if h.Bound&(flow.Escaped|flow.URLEscaped) != 0 {
			escaped = true
		}
	}
	return escaped
}

// isDirect reports whether call is an SDK query call.
func (st *state) isDirect(call *ast.CallExpr) bool {
	info := st.pass.TypesInfo
	call = st.resolve(call)
	return sdk.IsListEntitiesCall(info, call) || sdk.IsLegacyMethod(info, call, "Table", "QueryEntities")
}

// queriesAt returns the queries a call runs (zero or more: a sink may run
// several).
func (st *state) queriesAt(orig *ast.CallExpr) []*Query {
	info := st.pass.TypesInfo
	call := st.resolve(orig)
	switch {
	case sdk.IsListEntitiesCall(info, call):
		if len(call.Args) != 1 {
			return nil
		}
		return st.optionQueries(Query{Call: orig, Pager: true}, 0, call.Args[0], sdk.AztablesPath, "ListEntitiesOptions")
	case sdk.IsLegacyMethod(info, call, "Table", "QueryEntities"):
		if len(call.Args) != 3 {
			return nil
		}
		return st.optionQueries(Query{Call: orig, Legacy: true}, 2, call.Args[2], sdk.LegacyPath, "QueryOptions")
	}
	fn := st.callee(orig)
	if fn == nil {
		return nil
	}
	sink := st.sinkOf(fn)
	if sink == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() || len(call.Args) != sig.Params().Len() {
		return nil
	}
	var out []*Query
	for _, sq := range sink.Queries {
		if sq.ByOptions {
			if sq.OptionsParam >= len(call.Args) {
				continue
			}
			base := Query{Call: orig, Via: fn, Where: sq.Where, Pager: sq.Pager, Legacy: !sq.Pager}
			pkgPath, typeName := sdk.AztablesPath, "ListEntitiesOptions"
			if !sq.Pager {
				pkgPath, typeName = sdk.LegacyPath, "QueryOptions"
			}
			for _, q := range st.optionQueries(base, sq.OptionsParam, call.Args[sq.OptionsParam], pkgPath, typeName) {
				// Reported at the helper call.
				q.FilterExpr = call.Args[sq.OptionsParam]
				q.At = nil
				out = append(out, q)
			}
			continue
		}
		base := Query{Call: orig, FilterExpr: orig, Via: fn, Checked: sq.Checked, Where: sq.Where, Pager: sq.Pager, Legacy: !sq.Pager, Known: true}
		for _, p := range sq.Parts {
			if p.IsHole {
				base.SinkFilter.Parts = append(base.SinkFilter.Parts, values.Part{Hole: &values.Hole{Expr: call, Verb: p.Verb, Foreign: true, Escaped: true}})
			} else {
				base.SinkFilter.Parts = append(base.SinkFilter.Parts, values.Part{Text: p.Text})
			}
		}
		if len(sq.Parts) == 1 && sq.Parts[0].IsHole && sq.Parts[0].Param >= 0 {
			if isNil(info, call.Args[sq.Parts[0].Param]) {
				q := base
				q.Empty = true
				out = append(out, &q)
				continue
			}
		}
		// The shapes each inlined argument can take: one query per
		// combination (bounded).
		choices := make([][]values.Value, len(sq.Parts))
		n := 1
		for pi, p := range sq.Parts {
			if p.IsHole && p.Param >= 0 && p.Each != nil {
				if ch := st.eachShapes(orig, fn, p.Each); len(ch) > 0 {
					choices[pi] = ch
					n = min(n*len(choices[pi]), maxShapes)
					continue
				}
			}
			if p.IsHole && p.Param >= 0 && (p.Verb == "" || p.Verb == "%s" || p.Verb == "%v") {
				choices[pi] = st.argShapes(orig, p.Param)
				n = min(n*len(choices[pi]), maxShapes)
			}
		}
		for combo := 0; combo < n; combo++ {
			q := base
			q.SinkFilter.Parts = base.SinkFilter.Parts
			stride := 1
			for pi := range sq.Parts {
				p := sq.Parts[pi]
				switch {
				case !p.IsHole:
					q.Filter.Parts = append(q.Filter.Parts, values.Part{Text: p.Text})
				case p.Param >= 0:
					arg := call.Args[p.Param]
					if ch := choices[pi]; ch != nil {
						av := ch[(combo/stride)%len(ch)]
						stride *= len(ch)
						for _, ap := range av.Parts {
							if ap.Hole != nil && ap.Hole.Use == nil {
								ap.Hole.Use = arg
							}
							if ap.Hole != nil {
								if q.Inlined == nil {
									q.Inlined = map[*values.Hole]*SinkPart{}
								}
								q.Inlined[ap.Hole] = &sq.Parts[pi]
							}
						}
						q.Filter.Parts = append(q.Filter.Parts, av.Parts...)
						continue
					}
					h := &values.Hole{Expr: arg, Use: arg, Type: info.TypeOf(arg), Verb: p.Verb, Func: p.Func, Escaped: p.Escaped}
					if v, ok := ast.Unparen(arg).(*ast.Ident); ok {
						if pv, ok := info.Uses[v].(*types.Var); ok && st.vars.IsParam(pv) {
							h.Param = pv
						}
					}
					q.Filter.Parts = append(q.Filter.Parts, values.Part{Hole: h})
				default:
					q.Filter.Parts = append(q.Filter.Parts, values.Part{Hole: &values.Hole{Expr: call, Verb: p.Verb, Func: p.Func, Escaped: p.Escaped || p.Safe, Foreign: true}})
				}
			}
			q.Filter = merge(q.Filter)
			q.Empty = q.Filter.IsConst() && strings.TrimSpace(q.Filter.String()) == ""
			out = append(out, &q)
		}
	}
	return out
}

// merge joins adjacent text parts.
func merge(v values.Value) values.Value {
	var out values.Value
	for _, p := range v.Parts {
		if n := len(out.Parts); p.Hole == nil && n > 0 && out.Parts[n-1].Hole == nil {
			out.Parts[n-1].Text += p.Text
			continue
		}
		if p.Hole == nil && p.Text == "" {
			continue
		}
		out.Parts = append(out.Parts, p)
	}
	return out
}

func isInterfaceMethod(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

func (st *state) sinkOf(fn *types.Func) *Sink {
	if s := st.sinks[fn]; s != nil {
		return s
	}
	if fn.Pkg() == st.pass.Pkg && !isInterfaceMethod(fn) {
		return nil
	}
	s := new(Sink)
	if st.pass.ImportObjectFact(fn, s) {
		return s
	}
	// An interface method: the implementations the whole program has.
	return program.Load().Dispatch(fn)
}

// options fills q from the options argument of a list call; false if the
// options cannot be understood (then the query is not checked).
func (st *state) options(q *Query, opts ast.Expr, pkgPath, typeName string) bool {
	filter, ctor, ok := st.optionFields(q, opts, pkgPath, typeName)
	if !ok || filter == nil {
		return ok
	}
	fs := st.filterValues(filter, ctor)
	q.Filter = fs[0]
	q.Empty = q.Filter.IsConst() && strings.TrimSpace(q.Filter.String()) == ""
	q.more = fs[1:]
	return true
}

// filterValues returns the values (one per flow variant, at least one)
// of the options' Filter expression filter: flow's value where it is
// written, or, in an options constructor called at ctor, with the
// constructor's parameters bound to ctor's arguments (flow.ExprAtCall).
// Where flow knows no more than one value of unknown source, one hole,
// the filter. Where there is no SSA for the expression (a function with
// type errors), its syntax is read (written).
func (st *state) filterValues(filter ast.Expr, ctor *ast.CallExpr) []values.Value {
	at := filter
	var fn *ssa.Function
	var v flow.Value
	if ctor != nil {
		in := st.fl.Call(ctor)
		if in == nil {
			return []values.Value{st.written(filter)}
		}
		at, fn = ctor, in.Parent()
		exprAt := st.fl.ExprAtCall
		if isPointer(st.pass.TypesInfo.TypeOf(filter)) {
			exprAt = st.fl.PointeeAtCall
		}
		fv, ok := exprAt(filter, ctor)
		if !ok {
			if _, hasSSA := st.fl.ExprValue(filter); !hasSSA {
				return []values.Value{st.written(filter)}
			}
		}
		v = fv
	} else {
		sv, ok := st.fl.ExprValue(filter)
		if !ok {
			return []values.Value{st.written(filter)}
		}
		if _, isConst := sv.(*ssa.Const); !isConst {
			fn = sv.Parent()
		}
		v, _ = st.fl.ExprOf(filter)
		if fn != nil {
			v = st.fl.OfLocal(sv)
			if isPointer(sv.Type()) {
				v = st.fl.PointeeLocal(sv)
			}
		}
	}
	if out := st.shapes(fn, v, at); len(out) > 0 {
		return out
	}
	return []values.Value{{Parts: []values.Part{{Hole: &values.Hole{Expr: at, Use: at, Type: st.pass.TypesInfo.TypeOf(filter)}}}}}
}

// optionFields fills what q names from the options argument of a list
// call — Known, Top, the filter's expression and position, the options
// parameter of a sink by options, Empty for options without a filter —
// without reading the filter's value. filter is the Filter expression
// (nil when there is none); ctor is the call of an options constructor
// whose parameters filter reads. ok is false if the options cannot be
// understood.
func (st *state) optionFields(q *Query, opts ast.Expr, pkgPath, typeName string) (filter ast.Expr, ctor *ast.CallExpr, ok bool) {
	info := st.pass.TypesInfo
	opts = ast.Unparen(opts)
	if isNil(info, opts) {
		q.Known, q.Empty = true, true
		return nil, nil, true
	}
	var top ast.Expr
	setLater := false // the filter is assigned after the literal
	switch {
	case isLiteralOf(info, opts, pkgPath, typeName):
		filter = sdk.Field(info, opts, "Filter")
		top = sdk.Field(info, opts, "Top")
	case st.optionsCtor(opts, pkgPath, typeName) != nil:
		// newOptions(filter): a function of this package returning one
		// options literal; its parameters are bound to the arguments.
		lit := st.optionsCtor(opts, pkgPath, typeName)
		ctor = opts.(*ast.CallExpr)
		filter = sdk.Field(info, lit, "Filter")
		top = sdk.Field(info, lit, "Top")
	default:
		// A local variable initialised once with a literal; fields may be
		// set by one later assignment each.
		id, ok := opts.(*ast.Ident)
		if !ok {
			if u, isU := opts.(*ast.UnaryExpr); isU && u.Op == token.AND {
				id, ok = ast.Unparen(u.X).(*ast.Ident)
			}
		}
		if !ok {
			return nil, nil, false
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return nil, nil, false
		}
		if sdk.IsType(v.Type(), pkgPath, typeName) && (st.vars.IsParam(v) || st.defaultedParam(v, pkgPath, typeName)) {
			// The caller builds the options: the enclosing function
			// becomes a sink, checked at each call.
			q.Options = v
			return nil, nil, true
		}
		init := st.vars.SingleAssignment(v)
		if init == nil || !isLiteralOf(info, init, pkgPath, typeName) {
			return nil, nil, false
		}
		filter = sdk.Field(info, init, "Filter")
		top = sdk.Field(info, init, "Top")
		fset, ok := st.fieldAssignments(v, "Filter")
		if !ok {
			return nil, nil, false
		}
		if fset != nil {
			if filter != nil {
				return nil, nil, false // set twice
			}
			filter = fset
			// Assigned on every path from the options' declaration:
			// placed there, as a literal's Filter is; in a branch, at
			// the call.
			setLater = st.conditionalSet(v, fset)
		}
		if tset, ok := st.fieldAssignments(v, "Top"); ok && tset != nil {
			top = tset
		}
	}
	q.Top = top
	q.Known = true
	if filter == nil || isNil(info, filter) {
		q.Empty = true
		return nil, nil, true
	}
	q.FilterExpr = filter
	if !setLater {
		q.At = filter
	}
	if ctor != nil {
		q.FilterExpr = opts // report at the constructor call
		q.At = opts
	}
	return filter, ctor, true
}

// optionsCtor returns the options literal that call's callee returns,
// when the callee is a function of this package whose body is one
// return of such a literal; nil otherwise.
func (st *state) optionsCtor(e ast.Expr, pkgPath, typeName string) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := sdk.Callee(st.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	d := st.vars.FuncDecl(fn)
	if d == nil || d.Body == nil || len(d.Body.List) != 1 {
		return nil
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 || !isLiteralOf(st.pass.TypesInfo, ret.Results[0], pkgPath, typeName) {
		return nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return nil
	}
	return ret.Results[0]
}

func isLiteralOf(info *types.Info, e ast.Expr, pkgPath, typeName string) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	cl, ok := e.(*ast.CompositeLit)
	return ok && sdk.IsType(info.TypeOf(cl), pkgPath, typeName)
}

// fieldAssignments returns the one expression assigned to v.field
// anywhere in the package (nil if none); ok is false if there are
// several, or the variable escapes (its address is passed on).
func (st *state) fieldAssignments(v *types.Var, field string) (ast.Expr, bool) {
	var found ast.Expr
	n := 0
	for _, f := range st.pass.Files {
		ast.Inspect(f, func(node ast.Node) bool {
			as, ok := node.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != field {
					continue
				}
				id, ok := ast.Unparen(sel.X).(*ast.Ident)
				if !ok || st.pass.TypesInfo.Uses[id] != v {
					continue
				}
				n++
				if len(as.Lhs) == len(as.Rhs) {
					found = as.Rhs[i]
				}
			}
			return true
		})
	}
	if n > 1 || (n == 1 && found == nil) {
		return nil, false
	}
	return found, true
}

// addSink records that decl passes its parameters into q's filter; it
// reports whether decl's sink changed.
func (st *state) addSink(decl *ast.FuncDecl, q *Query) bool {
	fn, _ := st.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	return st.addSinkFor(fn, q)
}

// addSinkFor records that fn passes its parameters into q's filter.
func (st *state) addSinkFor(fn *types.Func, q *Query) bool {
	sig := fn.Type().(*types.Signature)
	index := map[*types.Var]int{}
	for i := 0; i < sig.Params().Len(); i++ {
		index[sig.Params().At(i)] = i
	}
	if q.Options != nil {
		i, ok := index[q.Options]
		if !ok || q.Known {
			return false
		}
		return st.addSinkQuery(fn, q, SinkQuery{ByOptions: true, OptionsParam: i})
	}
	if !q.Known {
		return false
	}
	var sq SinkQuery
	hasParam := false
	if q.Empty {
		return false
	}
	quoted := false
	for _, p := range q.Filter.Parts {
		if p.Hole == nil {
			sq.Parts = append(sq.Parts, SinkPart{Text: p.Text})
			quoted = quoted != (strings.Count(p.Text, "'")%2 == 1)
			continue
		}
		h := p.Hole
		part := SinkPart{IsHole: true, Param: -1, Verb: h.Verb, Func: h.Func, Escaped: h.Escaped, Quoted: quoted}
		if i, ok := index[h.Param]; ok && h.Param != nil && !h.Foreign {
			part.Param = i
			hasParam = true
			if fh := st.fromFlow[h]; fh != nil && fh.Each != nil {
				part.Each = fh
			}
		} else {
			// Checked (for injection) here, or where it was built.
			part.Safe = true
		}
		sq.Parts = append(sq.Parts, part)
	}
	if !hasParam {
		return false
	}
	_, _, _, ok := Parse(q.Filter)
	sq.Checked = ok
	return st.addSinkQuery(fn, q, sq)
}

// addSinkQuery adds sq, run by q, to fn's sink; it reports whether the
// sink changed.
func (st *state) addSinkQuery(fn *types.Func, q *Query, sq SinkQuery) bool {
	sq.Pager = q.Pager
	pos := st.pass.Fset.Position(q.Call.Pos())
	sq.Where = fmt.Sprintf("%s:%d", baseName(pos.Filename), pos.Line)
	if q.Via != nil && q.Where != "" {
		sq.Where = q.Where
	}
	s := st.sinks[fn]
	if s == nil {
		s = new(Sink)
		st.sinks[fn] = s
	}
	for _, old := range s.Queries {
		if old.Where == sq.Where && old.Template() == sq.Template() && old.ByOptions == sq.ByOptions && old.OptionsParam == sq.OptionsParam {
			return false
		}
	}
	s.Queries = append(s.Queries, sq)
	return true
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// conditionalSet reports whether the assignment whose right-hand side is
// rhs may be skipped on a path from the declaration of the options
// variable v (it is inside an if, a loop or a switch case below it).
func (st *state) conditionalSet(v *types.Var, rhs ast.Expr) bool {
	file := st.fileOf(v)
	if file == nil {
		return true
	}
	path, _ := astutil.PathEnclosingInterval(file, rhs.Pos(), rhs.End())
	declPath, _ := astutil.PathEnclosingInterval(file, v.Pos(), v.Pos())
	var stmt, decl ast.Node
	for _, n := range path {
		if as, ok := n.(*ast.AssignStmt); ok {
			stmt = as
			break
		}
	}
	for _, n := range declPath {
		if s, ok := n.(ast.Stmt); ok {
			decl = s
			break
		}
	}
	if stmt == nil || decl == nil {
		return true
	}
	return st.conditional(file, stmt, decl)
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
