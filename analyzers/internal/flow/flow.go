package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/reach"
	"github.com/tablelint/tablelint/analyzers/internal/ssabuild"
)

// Analyzer builds the value-flow Result of a package and exports a
// Summary fact for each of its functions whose results (or whose
// returned struct's fields) it can describe. It runs on packages with
// type errors: their ill-typed functions have no SSA body (ssabuild)
// and contribute nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "flow",
	Doc:              "flow: the value-flow layer shared by tablelint's analyzers (no diagnostics)",
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/internal/flow",
	Requires:         []*analysis.Analyzer{ssabuild.Analyzer, reach.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeOf((*Result)(nil)),
	FactTypes:        []analysis.Fact{new(Summary)},
}

// Summary describes what a function returns in terms of its parameters
// (holes with Source Param): Results[i] for each result, and Fields for
// a first result that is a pointer to a struct the function fills
// (an options struct built in a helper): field name to value (for a
// *string field, the string it points to). It is exported as a fact, so
// that summaries cross packages under every driver.
type Summary struct {
	Results []Value
	Fields  map[string]Value
	// Origins[i] says where result i comes from as a whole (an entity
	// read from a table, a parameter): see Origins.
	Origins [][]Origin
	// Stores are what the function stores through its pointer
	// parameters (stores.go).
	Stores []Store
	// Reverse[i] says result i is reverse ticks, a large constant minus
	// a run-time value (reverse.go); nil if no result is.
	Reverse []bool
	// LenMost[i] is the most elements slice result i holds, whatever the
	// parameters (lens.go), -1 when not bounded; nil if no result is.
	LenMost []int64
	// Chars[i] says the function, returning one bool, returns true only
	// when every character of parameter i is in a class that excludes
	// / \ # ? ' and control characters (classes.go); nil if none is.
	Chars []bool
}

// AFact marks Summary as an analysis fact.
func (*Summary) AFact() {}

func (s *Summary) String() string { return "flow summary" }

// Result answers value questions about one package's SSA form. SSA is
// built by ssabuild: empty for the standard library, without the bodies
// of ill-typed functions.
type Result struct {
	Pass  *analysis.Pass
	SSA   *buildssa.SSA
	calls map[token.Pos]*ssa.CallCommon
	// instrs maps a call's position to its instruction.
	instrs map[token.Pos]ssa.CallInstruction
	sums   map[*ssa.Function]*Summary
	busy   map[*ssa.Function]bool
	// closures lists where each function literal is made.
	closures map[*ssa.Function][]*ssa.MakeClosure
	// callers lists the static calls of each function of the package;
	// escaped marks functions also used as values (callers unknown).
	callers map[*ssa.Function][]ssa.CallInstruction
	escaped map[*ssa.Function]bool
	// wrapped marks methods the package uses as a method value or
	// expression (s.put, (*S).put): called through a synthetic wrapper,
	// not where the package's calls show.
	wrapped map[types.Object]bool
	// sized maps the position of a make's opening parenthesis and of a
	// comparison's operator to the instruction (see Count).
	sized map[token.Pos]ssa.Instruction
	// loops caches the loops of each function asked about.
	loops map[*ssa.Function][]ssaLoop
	// chars caches classChecks of the functions of the package asked about.
	chars map[*ssa.Function][]bool
	// checks and refChecks cache checked and checkedRefs (by depth: a
	// parameter's uses followed from a deeper call see fewer callees),
	// under lazy: validators calling one another made them exponential.
	checks    map[ssa.Value]Bound
	refChecks map[refCheck]Bound
	// imported caches importedImpls by interface type and method name.
	imported map[ifaceMethod][]*ssa.Function
	// work counts the values questions follow and the uses checkedRefs
	// walks (atomically): tests bound it.
	work int64
	// lazy guards what is filled on demand once run has returned (sums
	// of imported functions, loops, chars): under go vet and golangci-lint
	// the analyzers of one package run at once and share the Result.
	// frozen is set when run returns; before, one goroutine fills it all.
	lazy   sync.Mutex
	frozen bool
	// mapFields caches what the package writes into the maps each
	// unexported map field holds (maps.go).
	mapFields map[*types.Var]*mapWrites
	// lookups maps an index expression's Lbrack to its map lookup.
	lookups map[token.Pos]*ssa.Lookup
	// params maps each parameter of the package's functions to its SSA
	// value; invokes holds the calls through an interface, by the
	// method's name.
	params  map[*types.Var]*ssa.Parameter
	invokes map[string][]ssa.CallInstruction
	// litStores maps the position of a struct literal's field to the
	// store that sets it (literal.go).
	litStores map[token.Pos]*ssa.Store
	// exprs finds the values of syntax (exprs.go).
	exprs exprIndex
	// fnStores maps each func-typed field and package variable to the
	// values the package stores into it (funcvalues.go).
	fnStores map[types.Object][]ssa.Value
	// globals records the uses of the package's variables (globals.go).
	globals map[*ssa.Global]*globalUse
	rands   []*ssa.Value // indexGlobals' operand buffer, reused across instructions
	// groupCaps caches the cap of each container type's groups
	// (groupcap.go), under lazy.
	groupCaps []groupCap
}

// Of returns the Result of the flow analyzer for pass.
func Of(pass *analysis.Pass) *Result { return pass.ResultOf[Analyzer].(*Result) }

func run(pass *analysis.Pass) (any, error) {
	s := pass.ResultOf[ssabuild.Analyzer].(*buildssa.SSA)
	r := &Result{
		Pass: pass, SSA: s,
		calls:    map[token.Pos]*ssa.CallCommon{},
		instrs:   map[token.Pos]ssa.CallInstruction{},
		sums:     map[*ssa.Function]*Summary{},
		busy:     map[*ssa.Function]bool{},
		closures: map[*ssa.Function][]*ssa.MakeClosure{},
		callers:  map[*ssa.Function][]ssa.CallInstruction{},
		escaped:  map[*ssa.Function]bool{},
		wrapped:  map[types.Object]bool{},
		sized:    map[token.Pos]ssa.Instruction{},
		loops:    map[*ssa.Function][]ssaLoop{},

		mapFields: map[*types.Var]*mapWrites{},
		lookups:   map[token.Pos]*ssa.Lookup{},
		params:    map[*types.Var]*ssa.Parameter{},
		invokes:   map[string][]ssa.CallInstruction{},
		litStores: map[token.Pos]*ssa.Store{},
		fnStores:  map[types.Object][]ssa.Value{},
		globals:   map[*ssa.Global]*globalUse{},
	}
	if reach.Skip(pass) {
		// The standard library is modelled (calls.go), not summarised;
		// a dependency that cannot reach the SDK holds no helper the
		// analyzers read (see package reach).
		return r, nil
	}
	for _, fn := range s.SrcFuncs {
		for _, p := range fn.Params {
			if v, ok := p.Object().(*types.Var); ok {
				r.params[v] = p
			}
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				r.index(in)
				r.indexGlobals(in, false)
			}
		}
	}
	if init := s.Pkg.Func("init"); init != nil {
		// Package variables' initial values (var pick = byName).
		for _, b := range init.Blocks {
			for _, in := range b.Instrs {
				if st, ok := in.(*ssa.Store); ok {
					r.indexFuncStore(st)
				}
				r.indexGlobals(in, true)
			}
		}
	}
	for _, fn := range s.SrcFuncs {
		obj, _ := fn.Object().(*types.Func)
		if fn.Blocks != nil && fn.TypeParams().Len() > 0 {
			// Generic: summarised now too (not exported as a fact), so
			// that no summary of the package is computed once analyzers
			// share the Result.
			r.Summary(fn)
		}
		if obj == nil && fn.Blocks != nil && fn.TypeParams().Len() == 0 {
			// A function literal: summarised now, as a call through a
			// func value may ask for it (FuncValues) while analyzers
			// run at once and only read the Result.
			r.Summary(fn)
			continue
		}
		if obj == nil || fn.Blocks == nil || fn.TypeParams().Len() > 0 {
			continue
		}
		if sum := r.Summary(fn); sum != nil && !sum.empty() {
			pass.ExportObjectFact(obj, sum.portable())
		}
	}
	r.frozen = true
	return r, nil
}

func (r *Result) index(in ssa.Instruction) {
	switch in := in.(type) {
	case *ssa.FieldAddr:
		r.indexMapField(in)
	case *ssa.Lookup:
		if in.Pos().IsValid() {
			r.lookups[in.Pos()] = in
		}
	case *ssa.Store:
		r.indexLitStore(in)
		r.indexFuncStore(in)
	case *ssa.MakeSlice:
		r.sized[in.Pos()] = in
	case *ssa.BinOp:
		if in.Pos().IsValid() {
			r.sized[in.Pos()] = in
		}
	}
	if c, ok := in.(ssa.CallInstruction); ok {
		cc := c.Common()
		if cc.IsInvoke() {
			r.invokes[cc.Method.Name()] = append(r.invokes[cc.Method.Name()], c)
		}
		r.calls[c.Pos()] = cc
		r.instrs[c.Pos()] = c
		if f := cc.StaticCallee(); f != nil {
			r.callers[f] = append(r.callers[f], c)
			if o := f.Origin(); o != nil && o != f {
				// A call of an instance of a generic function is a call
				// of the generic body the rules analyse.
				r.callers[o] = append(r.callers[o], c)
			}
		}
	}
	if mc, ok := in.(*ssa.MakeClosure); ok {
		if f, ok := mc.Fn.(*ssa.Function); ok {
			r.closures[f] = append(r.closures[f], mc)
			if f.Synthetic != "" && f.Object() != nil {
				r.wrapped[f.Object()] = true // a bound method value
			}
		}
	}
	// A function used other than as the callee of a call escapes.
	var ops []*ssa.Value
	if c, ok := in.(ssa.CallInstruction); ok {
		for i := range c.Common().Args {
			ops = append(ops, &c.Common().Args[i])
		}
	} else if _, ok := in.(*ssa.MakeClosure); !ok {
		ops = in.Operands(nil)
	}
	for _, op := range ops {
		if op == nil {
			continue
		}
		if f, ok := (*op).(*ssa.Function); ok {
			r.escaped[f] = true
			if f.Synthetic != "" && f.Object() != nil {
				r.wrapped[f.Object()] = true // a method expression's thunk
			}
		}
	}
	if mc, ok := in.(*ssa.MakeClosure); ok {
		for _, b := range mc.Bindings {
			if f, ok := b.(*ssa.Function); ok {
				r.escaped[f] = true
			}
		}
	}
}

// Call returns the SSA call made by the call expression e (matched by
// its opening parenthesis), or nil.
func (r *Result) Call(e *ast.CallExpr) ssa.CallInstruction {
	return r.instrs[e.Lparen]
}

// Arg returns the value of argument i (as written: receiver excluded,
// variadic arguments one by one) of the call expression e.
func (r *Result) Arg(e *ast.CallExpr, i int) (Value, bool) {
	c := r.Call(e)
	if c == nil {
		return Value{}, false
	}
	args := CallArgs(c.Common())
	if i >= len(args) {
		return Value{}, false
	}
	return r.Of(c.Parent(), args[i]), true
}

// Count returns the value of an integer that sizes something: the
// length of make(T, n) when e is that make call, or the right operand of
// the comparison e (i < n, a loop's condition). False when the SSA form
// has no such instruction (an ill-typed function, a constant folded).
func (r *Result) Count(e ast.Expr) (Value, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if ms, ok := r.sized[e.Lparen].(*ssa.MakeSlice); ok {
			return r.Of(ms.Parent(), ms.Len), true
		}
	case *ast.BinaryExpr:
		if b, ok := r.sized[e.OpPos].(*ssa.BinOp); ok {
			return r.Of(b.Parent(), b.Y), true
		}
	}
	return Value{}, false
}

// CallArgs returns the arguments of a call as written: without the
// receiver of a static method call, with the variadic slice spread back
// into its elements when it is built at the call.
func CallArgs(cc *ssa.CallCommon) []ssa.Value {
	args := cc.Args
	if f := cc.StaticCallee(); f != nil && f.Signature.Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	sig := cc.Signature()
	if sig != nil && sig.Variadic() && len(args) > 0 {
		if elems, ok := sliceLiteral(args[len(args)-1]); ok {
			return append(append([]ssa.Value(nil), args[:len(args)-1]...), elems...)
		}
	}
	return args
}

// Of returns the values v can take in fn. Parameters of fn are holes
// with Source Param (Exported set when fn is exported and its callers
// are not all visible); parameters of an unexported function whose
// every call is in the package take the union of the callers'
// arguments.
func (r *Result) Of(fn *ssa.Function, v ssa.Value) Value {
	e := &eval{r: r, callers: true}
	return e.of(v, 0)
}

// OfLocal returns the values v can take in its function, parameters
// kept as Param holes (Exported set for exported functions): for rules
// that check each caller's argument themselves.
func (r *Result) OfLocal(v ssa.Value) Value {
	e := &eval{r: r}
	out := e.of(v, 0)
	return out
}

// PointeeLocal is OfLocal of what the pointer v points to (to.Ptr(s):
// s's values).
func (r *Result) PointeeLocal(v ssa.Value) Value {
	e := &eval{r: r}
	return e.load(v, 0)
}

// FieldOfLocal is OfLocal of field name of the struct (or pointer to
// struct) v: for rules that bind a callee's Param hole with a Field.
func (r *Result) FieldOfLocal(v ssa.Value, name string) Value {
	e := &eval{r: r}
	return e.fieldOf(v, name, 0)
}

// FieldAt is FieldOfLocal for the struct v given to the call at: a
// field of a struct the function builds takes only the values stored to
// it that reach the call (reaching.go).
func (r *Result) FieldAt(at ssa.CallInstruction, v ssa.Value, name string) Value {
	e := &eval{r: r, at: at}
	return e.fieldOf(v, name, 0)
}

// ArgField is what the call c puts in field name of the struct (or
// pointer to struct) it passes for the callee's parameter i, counted as
// Hole.Param counts (the receiver first): the one place that maps "field
// F of parameter P" to the values a caller gives F, for every analyzer
// (a key, a property's size, a request's text or a time kept in a field
// of a parameter struct). Only the stores that reach the call count (a
// literal built at the call, a variable filled before it); the caller's
// own parameters stay Param holes. A path of nested fields ("Meta.Note")
// is not followed: ok is false, as for a call with no such argument.
func (r *Result) ArgField(c ssa.CallInstruction, i int, name string) (Value, bool) {
	args := paramArgs(c.Common())
	if i < 0 || i >= len(args) || name == "" || strings.Contains(name, ".") || structOf(args[i].Type()) == nil {
		return Value{}, false
	}
	v := r.FieldAt(c, args[i], name)
	if b := r.checkedBefore(c, args[i], name); b != 0 {
		v = withBound(v, b)
	}
	return v, true
}

// checkedBefore returns the bounds the caller's tests of field name of
// its struct variable a establish before the call c gives the variable
// (if !re.MatchString(in.ID) { return }, then save(&in)): each load of
// the field that runs before c on every path (Dominates) counts with
// what its uses check (checkedRefs). 0 for anything but a local struct
// variable, or when the code stores into that field (what a test saw
// may be replaced).
func (r *Result) checkedBefore(c ssa.CallInstruction, a ssa.Value, name string) Bound {
	alloc, ok := a.(*ssa.Alloc)
	if !ok {
		return 0
	}
	st := structOf(alloc.Type())
	if st == nil {
		return 0
	}
	field := -1
	for j := 0; j < st.NumFields(); j++ {
		if st.Field(j).Name() == name {
			field = j
		}
	}
	if field < 0 {
		return 0
	}
	if FieldStored(alloc, field) {
		return 0
	}
	var b Bound
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != alloc || fa.Field != field {
			continue
		}
		for _, u := range *fa.Referrers() {
			if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL && Dominates(ld, c) {
				b |= r.checkedRefs(ld, 0)
			}
		}
	}
	return b
}

// FieldStored reports whether the code stores into field i of the
// struct variable x points to (x itself, or the variable a load x reads
// from): a literal the function builds, a field it assigns.
func FieldStored(x ssa.Value, i int) bool {
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL {
		x = ld.X
	}
	refs := x.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != x || fa.Field != i {
			continue
		}
		for _, r := range *fa.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
				return true
			}
		}
	}
	return false
}

// ArgMarshalled is the document json.Marshal makes of argument i
// (counted as Param holes are: the receiver first) of the call c: for
// rules that bind a callee's Marshalled hole, or a parameter the callee
// marshals, to what a caller passes (marshal.go).
func (r *Result) ArgMarshalled(c ssa.CallInstruction, i int) (Value, bool) {
	args := paramArgs(c.Common())
	if i < 0 || i >= len(args) {
		return Value{}, false
	}
	e := &eval{r: r, at: c}
	return e.marshal(args[i], "json", 0), true
}

// ParamValue returns the values parameter v of a function of this
// package takes: for an unexported function whose every call is in the
// package (never used as a value, never reached through an interface),
// the union of the arguments its callers pass; a Param hole otherwise.
// ok is false when v is no parameter of the package's functions.
func (r *Result) ParamValue(v *types.Var) (Value, bool) {
	p := r.params[v]
	if p == nil {
		return Value{}, false
	}
	e := &eval{r: r, callers: true}
	return e.param(p, 0), true
}

// invoked reports whether fn is a method the package may also call
// through an interface (a dynamic call of a method of its name).
func (r *Result) invoked(fn *ssa.Function) bool {
	return fn.Signature.Recv() != nil && len(r.invokes[fn.Name()]) > 0
}

// Summary returns the summary of fn: computed for a function of this
// package (nil while it is being computed: recursion), imported as a
// fact otherwise.
func (r *Result) Summary(fn *ssa.Function) *Summary {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if r.frozen {
		return r.frozenSummary(fn)
	}
	if s, ok := r.sums[fn]; ok {
		return s
	}
	if fn.Pkg != r.SSA.Pkg || fn.Blocks == nil {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil {
			return nil
		}
		var s Summary
		if r.Pass.ImportObjectFact(obj, &s) {
			r.sums[fn] = &s
			return &s
		}
		r.sums[fn] = nil
		return nil
	}
	if r.busy[fn] {
		return nil
	}
	r.busy[fn] = true
	defer delete(r.busy, fn)
	s := r.summarize(fn)
	r.sums[fn] = s
	return s
}

// frozenSummary is Summary once run has returned and analyzers may ask
// at once: a summary run computed, or an imported function's fact (read
// once, under lazy). A function of this package run did not summarise
// (a synthetic wrapper) has none: nil, as for recursion.
func (r *Result) frozenSummary(fn *ssa.Function) *Summary {
	r.lazy.Lock()
	defer r.lazy.Unlock()
	if s, ok := r.sums[fn]; ok {
		return s
	}
	if fn.Pkg == r.SSA.Pkg && fn.Blocks != nil {
		return nil
	}
	var s *Summary
	if obj, _ := fn.Object().(*types.Func); obj != nil {
		var f Summary
		if r.Pass.ImportObjectFact(obj, &f) {
			s = &f
		}
	}
	r.sums[fn] = s
	return s
}

func (s *Summary) empty() bool {
	if s == nil {
		return true
	}
	for _, v := range s.Results {
		if len(v.Variants) > 0 {
			return false
		}
	}
	for _, o := range s.Origins {
		if len(o) > 0 {
			return false
		}
	}
	return len(s.Fields) == 0 && len(s.Stores) == 0 && s.Reverse == nil && s.LenMost == nil && s.Chars == nil
}

// portable strips positions, which mean nothing in another package.
func (s *Summary) portable() *Summary {
	out := &Summary{Origins: s.Origins, Reverse: s.Reverse, LenMost: s.LenMost, Chars: s.Chars}
	for _, st := range s.Stores {
		st.Value = stripRet(st.Value)
		out.Stores = append(out.Stores, st)
	}
	for _, v := range s.Results {
		out.Results = append(out.Results, stripRet(v))
	}
	if len(s.Fields) > 0 {
		out.Fields = map[string]Value{}
		for k, v := range s.Fields {
			out.Fields[k] = stripRet(v)
		}
	}
	return out
}

func stripRet(v Value) Value {
	out := Value{Approx: v.Approx}
	for _, vr := range v.Variants {
		vr.Ret = 0
		out.Variants = append(out.Variants, vr)
	}
	return withoutAt(out)
}

// summarize computes fn's summary from its return instructions. A
// function whose last result is an error is summarised by the returns
// whose error is nil (the caller uses the other results only then),
// unless none is.
func (r *Result) summarize(fn *ssa.Function) *Summary {
	res := fn.Signature.Results()
	if res.Len() == 0 {
		if st := (&eval{r: r, fn: fn}).stores(fn); st != nil {
			return &Summary{Stores: st}
		}
		return nil
	}
	var rets []*ssa.Return
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == res.Len() {
			rets = append(rets, ret)
		}
	}
	errLast := res.Len() > 1 && isError(res.At(res.Len()-1).Type())
	if errLast {
		var ok []*ssa.Return
		for _, ret := range rets {
			if c, isC := ret.Results[res.Len()-1].(*ssa.Const); isC && c.IsNil() {
				ok = append(ok, ret)
			}
		}
		if len(ok) > 0 {
			rets = ok
		}
	}
	e := &eval{r: r, fn: fn}
	s := &Summary{Results: make([]Value, res.Len()), Stores: e.stores(fn)}
	for i := 0; i < res.Len(); i++ {
		if !describable(res.At(i).Type()) {
			continue
		}
		var vs []Value
		for _, ret := range rets {
			v, pinned := pinnedValue(ret.Results[i], ret.Block())
			if !pinned {
				v = e.of(ret.Results[i], 0)
			}
			tc := typeCaseOf(fn, ret.Block())
			for j := range v.Variants {
				if v.Variants[j].Ret == 0 {
					v.Variants[j].Ret = int(ret.Pos())
				}
				if v.Variants[j].Case == nil {
					v.Variants[j].Case = tc
				}
			}
			vs = append(vs, v)
		}
		s.Results[i] = union(vs...)
		if namedCleaner(fn.Name()) && isStringType(res.At(i).Type()) {
			s.Results[i] = cleanedParams(s.Results[i])
		}
		if p, ok, above := doubledParam(e, fn, rets, i); ok {
			// A hand-written escaper (escaper.go).
			b := Escaped
			if above {
				b |= AboveQuote
			}
			s.Results[i] = holeValue(Hole{Source: Param, Param: p, What: fn.Params[p].Name(), Bound: b, owner: fn})
		}
	}
	s.Reverse = r.reverseResults(fn, rets)
	s.LenMost = r.lenResults(fn, rets)
	s.Chars = classChecks(fn)
	// Where each result comes from as a whole.
	s.Origins = make([][]Origin, res.Len())
	for i := 0; i < res.Len(); i++ {
		for _, ret := range rets {
			s.Origins[i] = addOrigins(s.Origins[i], e.origins(ret.Results[i], 0)...)
		}
	}
	// A first result that points to a struct: the fields the function
	// stores into it.
	if st := structOf(res.At(0).Type()); st != nil && len(rets) > 0 {
		fields := map[string]Value{}
		for _, ret := range rets {
			for _, base := range e.aliases(ret.Results[0], 0) {
				for i := 0; i < st.NumFields(); i++ {
					f := st.Field(i)
					if !describable(f.Type()) {
						continue
					}
					if v, ok := e.storedField(base, i, f.Type(), 0); ok {
						fields[f.Name()] = union(fields[f.Name()], v)
					} else if p, ok := decodedFromParam(base); ok {
						// Decoded from a parameter's bytes: that
						// field of the caller's document.
						fields[f.Name()] = union(fields[f.Name()], e.fieldOfValue(p, f.Name(), 0))
					}
				}
			}
		}
		if len(fields) > 0 {
			s.Fields = fields
		}
	}
	return s
}

// describable reports whether the engine describes values of type t:
// strings, byte slices, numbers, times and pointers to them.
func describable(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && (b.Kind() == types.Byte || b.Info()&types.IsString != 0)
	case *types.Struct:
		return isNamed(t, "time", "Time")
	case *types.Interface:
		// any: a document decoded from bytes read whole keeps their
		// size (decodedDocument).
		return u.Empty()
	}
	return false
}

// structOf returns the struct t is or points to (not time.Time).
func structOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if isNamed(t, "time", "Time") {
		return nil
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// isNamed reports whether t (or what it points to) is the named type
// path.name.
func isNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return n.Obj().Name() == name && n.Obj().Pkg().Path() == path
}

// sliceLiteral returns the elements of a slice built at once from an
// array the code fills (a variadic argument, a []T{…} literal).
func sliceLiteral(v ssa.Value) ([]ssa.Value, bool) {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		if c, isC := v.(*ssa.Const); isC && c.IsNil() {
			return nil, true
		}
		return nil, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok || writtenThrough(sl) {
		return nil, false
	}
	arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	elems := make([]ssa.Value, arr.Len())
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		i, _ := constant.Int64Val(c.Value)
		for _, r2 := range *ia.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == ia && int(i) < len(elems) {
				elems[i] = st.Val
			}
		}
	}
	for i, e := range elems {
		if e == nil {
			elems[i] = ssa.NewConst(nil, arr.Elem())
		}
	}
	return elems, true
}

// writtenThrough reports whether elements of the slice sl are assigned
// through it (terms[i] = …): not a literal (indexFilled, loops.go).
func writtenThrough(sl *ssa.Slice) bool {
	for _, ref := range *sl.Referrers() {
		if ia, ok := ref.(*ssa.IndexAddr); ok {
			for _, r2 := range *ia.Referrers() {
				if st, ok := r2.(*ssa.Store); ok && st.Addr == ia {
					return true
				}
			}
		}
	}
	return false
}

// cached returns (*m)[k], computing it with compute and storing it on a
// miss: the one way the Result's caches filled on demand are read and
// written. mu (the Result's lazy) is held while the map is read or
// written, not while compute runs, which may ask other cached questions.
func cached[K comparable, V any](mu *sync.Mutex, m *map[K]V, k K, compute func() V) V {
	mu.Lock()
	v, ok := (*m)[k]
	mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	mu.Lock()
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
	mu.Unlock()
	return v
}
