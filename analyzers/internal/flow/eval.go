package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// eval answers one question. fn is the function being summarised
// (its parameters are Param holes), nil when asking about a value in
// place; callers lets parameters of unexported functions take their
// callers' arguments.
type eval struct {
	r       *Result
	fn      *ssa.Function
	callers bool
	visit   map[ssa.Value]bool
	// at is the instruction that uses the value asked about (the query
	// call given the options), for the stores that reach it
	// (reaching.go); nil when unknown.
	at ssa.Instruction
	// elem, while the text one iteration appends is made into an Each
	// template (mapped.go), is the element of the slice mapped: reads of
	// it are Elem holes.
	elem *elemCtx
	// nesting counts the struct documents being written inside one
	// another (marshal.go: nestedDoc).
	nesting int
	// fields holds the struct fields whose stores storedField is
	// following (a field stored from a load of itself, s.f = s.f + x:
	// a cycle, like a loop's φ-node); steps counts the values of asked
	// (of), bounded by maxEvalSteps.
	fields map[fieldOf]bool
	steps  int
}

// fieldOf is field i of the struct base points to.
type fieldOf struct {
	base ssa.Value
	i    int
}

// maxEvalSteps bounds the values one question follows (calls of of):
// past it every value is unknown and approximate, so that no input
// makes a question exponential (values reached again by other paths
// are not memoised: what they stand for depends on the path).
const maxEvalSteps = 1 << 16

// cycleHole is what a value reached again while it is being followed
// stands for: unknown, and approximate.
func cycleHole() Value {
	v := holeValue(Hole{What: "…"})
	v.Approx = true
	return v
}

func (e *eval) of(v ssa.Value, depth int) Value {
	if v == nil {
		return Value{}
	}
	if depth > MaxDepth {
		return holeValue(Hole{What: "…"})
	}
	atomic.AddInt64(&e.r.work, 1)
	if e.steps++; e.steps > maxEvalSteps {
		return cycleHole() // the question's budget is spent: unknown
	}
	if e.visit == nil {
		e.visit = map[ssa.Value]bool{}
	}
	if e.visit[v] {
		// A cycle (a loop's φ-node): what the loop adds is unknown.
		return cycleHole()
	}
	e.visit[v] = true
	defer delete(e.visit, v)
	out := standsFor(e.value(v, depth+1), v)
	if what, src, ok := equalTo(v); ok {
		// Compared equal to configuration before every use: that value.
		out = holeValue(Hole{Source: src, What: what})
	}
	if h := e.r.checked(v); h != 0 {
		out = withBound(out, h)
	}
	return out
}

func (e *eval) value(v ssa.Value, depth int) Value {
	if e.elem != nil {
		if field, ok := e.elemRead(v); ok {
			return elemHole(field) // the element mapped (mapped.go)
		}
	}
	switch v := v.(type) {
	case *ssa.Const:
		return constValue(v)
	case *ssa.BinOp:
		if v.Op == token.ADD && isStringType(v.Type()) {
			return quotedConcat(e.operand(v.X, v.Block(), depth), e.operand(v.Y, v.Block(), depth), v.Pos())
		}
		if isStringType(v.X.Type()) || v.Op == token.EQL || v.Op == token.NEQ || v.Op == token.LSS || v.Op == token.GTR || v.Op == token.LEQ || v.Op == token.GEQ {
			return holeValue(Hole{Bound: Number})
		}
		// Arithmetic: a number, from whatever its operands come from.
		x, y := e.of(v.X, depth), e.of(v.Y, depth)
		b := numBound(v.Type())
		if v.Op == token.ADD && (raisedAbove(x, v.Y) || raisedAbove(y, v.X)) {
			b |= AboveQuote // a character above the quote raised a little
		}
		return opaque(union(x, y), b)
	case *ssa.Phi:
		if s, sep, ok := handJoin(v); ok {
			if out, ok := e.joinKnown(s, textValue(sep), nil, depth); ok {
				return out
			}
		}
		var vs []Value
		for _, ed := range v.Edges {
			vs = append(vs, e.of(ed, depth))
		}
		return union(vs...)
	case *ssa.Call:
		return e.call(v.Common(), 0, v, depth)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return e.call(c.Common(), v.Index, c, depth)
		}
		if lk, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 {
			return e.of(lk, depth)
		}
		if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 {
			return e.of(ta.X, depth)
		}
		return holeValue(Hole{})
	case *ssa.MakeInterface:
		return e.of(v.X, depth)
	case *ssa.ChangeType:
		return e.of(v.X, depth)
	case *ssa.ChangeInterface:
		return e.of(v.X, depth)
	case *ssa.TypeAssert:
		return e.of(v.X, depth)
	case *ssa.Convert:
		x := e.of(v.X, depth)
		if b, ok := v.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 && isStringType(v.Type()) {
			if charAbove(x) {
				return opaque(x, AboveQuote)
			}
			return opaque(x, 0) // string(rune)
		}
		return x
	case *ssa.UnOp:
		if v.Op == token.MUL {
			// A read of a variable of the function sees the stores that
			// reach it: also when its address is kept in a struct of the
			// function (Filter: &f) and f += … is read again in branches
			// before the query, where the query's own reaching stores
			// would mix one branch's clause into the other's.
			if a, ok := v.X.(*ssa.Alloc); ok && (localOnly(a, false) || localOnly(a, true) && !holdsParam(a)) {
				if out, ok := e.reachingValue(v, a, storeTo(a), depth); ok {
					return out
				}
			}
			return e.load(v.X, depth)
		}
		return opaque(e.of(v.X, depth), numBound(v.Type()))
	case *ssa.Field:
		st, ok := v.X.Type().Underlying().(*types.Struct)
		if !ok {
			return holeValue(Hole{})
		}
		return e.fieldOf(v.X, st.Field(v.Field).Name(), depth)
	case *ssa.Index:
		if isStringType(v.X.Type()) {
			// A byte of a text whose every character is above the quote.
			if x := e.of(v.X, depth); charsAbove(x) {
				return opaque(x, AboveQuote)
			}
		}
		return e.element(v.X, v.Index, depth)
	case *ssa.Lookup:
		if !isStringType(v.X.Type()) {
			if el, ok := e.mapElement(v.X, v.Index, depth); ok {
				return el
			}
		}
		x := e.of(v.X, depth)
		if isStringType(v.X.Type()) {
			return opaque(x, Number) // a byte
		}
		if k, ok := constString(v.Index); ok {
			// A property of an entity read (row.Properties["Doc"]):
			// named, as a struct field read is.
			x = mapHoles(x, func(h Hole) Hole {
				if h.Source == Entity {
					h.What = joinWhat(h.What, k)
				}
				return h
			})
		}
		return opaque(x, 0)
	case *ssa.Slice:
		var x Value
		if a, ok := v.X.(*ssa.Alloc); ok && storedWhole(a) {
			x = e.stored(a, depth) // a local array sliced (sum[:]): what was stored in it
		} else {
			x = e.of(v.X, depth)
		}
		if isStringType(v.X.Type()) || isByteSlice(v.X.Type()) {
			if mayCut(v, x) {
				x = pairsCut(x)
			}
		}
		if n, ok := madeBytes(v); ok && len(x.Holes()) == 1 && len(x.Variants) == 1 {
			// make([]byte, N), which SSA makes an array sliced: N
			// bytes, whatever is written in them.
			return mapHoles(x, func(h Hole) Hole { h.Min, h.Max = n, n; return h })
		}
		if n, ok := constInt(v.High); ok && n >= 0 && (isStringType(v.X.Type()) || isByteSlice(v.X.Type())) {
			return withMax(x, n) // x[:n]: at most n bytes (or elements)
		}
		if v.High != nil && isStringType(v.X.Type()) {
			return withBound(x, LengthChecked)
		}
		return x
	case *ssa.Parameter:
		return e.param(v, depth)
	case *ssa.MakeSlice:
		if n, ok := constInt(v.Len); ok && n > 0 && isByteSlice(v.Type()) {
			// make([]byte, N): N bytes, whatever is written in them.
			return holeValue(Hole{Min: n, Max: n, What: "make"})
		}
		return holeValue(Hole{})
	case *ssa.FreeVar:
		if b := e.binding(v); b != nil {
			return e.of(b, depth)
		}
		return holeValue(Hole{What: v.Name()})
	case *ssa.Global:
		return holeValue(Hole{What: v.Name()})
	}
	return holeValue(Hole{})
}

// mayCut reports whether the slice s of x can leave some of x out: a
// low bound other than 0, or a high bound that is not a constant at
// least as large as x can be.
func mayCut(s *ssa.Slice, x Value) bool {
	if s.Low != nil {
		if n, ok := constInt(s.Low); !ok || n != 0 {
			return true
		}
	}
	if s.High == nil {
		return false
	}
	n, ok := constInt(s.High)
	if !ok {
		return true
	}
	size := SizeOf(x)
	return !size.Bounded || size.Max > n
}

// madeBytes returns the length of s, a whole local byte array sliced
// (what make([]byte, N) with a constant N compiles to).
func madeBytes(s *ssa.Slice) (int64, bool) {
	a, ok := s.X.(*ssa.Alloc)
	if !ok || s.Low != nil {
		return 0, false
	}
	p, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return 0, false
	}
	arr, ok := p.Elem().Underlying().(*types.Array)
	if !ok {
		return 0, false
	}
	if b, ok := arr.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.Byte {
		return 0, false
	}
	n := arr.Len()
	if s.High != nil {
		h, ok := constInt(s.High)
		if !ok {
			return 0, false
		}
		n = h
	}
	return n, n > 0
}

func constValue(c *ssa.Const) Value {
	if c.Value == nil {
		return Value{Variants: []Variant{{}}}
	}
	switch c.Value.Kind() {
	case constant.String:
		return textValue(constant.StringVal(c.Value))
	case constant.Int, constant.Float, constant.Bool:
		return textValue(c.Value.ExactString())
	}
	return holeValue(Hole{})
}

// raisedAbove reports whether c, added to the character x, keeps it
// above the single quote: x is one (AboveQuote) and c a constant from 0
// to 39, which a byte cannot wrap to the quote with.
func raisedAbove(x Value, c ssa.Value) bool {
	k, ok := constInt(c)
	return ok && k >= 0 && k < 40 && charAbove(x)
}

func numBound(t types.Type) Bound {
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsInteger != 0:
			return Digits
		case b.Info()&(types.IsFloat|types.IsBoolean) != 0:
			return Number
		}
	}
	return 0
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func joinWhat(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

// param is the value of a parameter: the callers' arguments when every
// call of the (unexported, not escaping) function is visible, else a
// Param hole.
func (e *eval) param(p *ssa.Parameter, depth int) Value {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if src, what := requestParam(p); src != Unknown {
		return holeValue(Hole{Source: src, What: what})
	}
	h := Hole{Source: Param, Param: idx, What: p.Name(), owner: fn}
	if fn == e.fn {
		return holeValue(h)
	}
	obj := fn.Object()
	exported := obj != nil && obj.Exported()
	calls := e.r.callers[fn]
	if e.callers && !exported && !e.r.escaped[fn] && !e.r.invoked(fn) && len(calls) > 0 && len(calls) <= MaxVariants && fn.Pkg == e.r.SSA.Pkg && obj != nil {
		var vs []Value
		for _, c := range calls {
			args := c.Common().Args
			if idx < len(args) {
				vs = append(vs, e.of(args[idx], depth))
			}
		}
		return union(vs...)
	}
	h.Exported = exported
	return holeValue(h)
}

// binding returns the value a closure's free variable is bound to, when
// the function literal is made in exactly one place.
func (e *eval) binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	mcs := e.r.closures[fn]
	if len(mcs) != 1 {
		return nil
	}
	for i, f := range fn.FreeVars {
		if f == fv && i < len(mcs[0].Bindings) {
			return mcs[0].Bindings[i]
		}
	}
	return nil
}

// load is the value stored at the address ptr. Loads follow stores
// that may feed on themselves (o.F = o.F), so depth bounds them as it
// bounds of.
func (e *eval) load(ptr ssa.Value, depth int) Value {
	if depth > MaxDepth {
		return holeValue(Hole{What: "…"})
	}
	switch p := ptr.(type) {
	case *ssa.Alloc:
		if h := e.decodedInto(p, depth); h.Source != Unknown {
			return holeValue(h)
		}
		if v, ok := e.decodedDocument(p, depth); ok {
			return v
		}
		return e.stored(p, depth)
	case *ssa.FieldAddr:
		st, ok := p.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok {
			return holeValue(Hole{})
		}
		f := st.Field(p.Field)
		if h := e.sourceOfStruct(p.X, depth); h.Source != Unknown {
			return fieldHole(h, f)
		}
		if param, ok := decodedFromParam(p.X); ok {
			// A field of a variable decoded from the bytes a parameter
			// holds (a helper that parses a row or a request): that
			// field of the document the caller passes.
			return e.fieldOfValue(param, f.Name(), depth)
		}
		if v, ok := e.storedField(p.X, p.Field, f.Type(), depth); ok {
			return v
		}
		return e.fieldOfValue(p.X, f.Name(), depth)
	case *ssa.UnOp:
		// A pointer loaded from memory (*opts.Filter): what the pointers
		// stored there point to.
		if p.Op == token.MUL {
			if g, ok := p.X.(*ssa.Global); ok {
				if v, ok := e.flagGlobal(g); ok {
					return v
				}
			}
			if fa, ok := p.X.(*ssa.FieldAddr); ok {
				if v, ok := e.helperField(fa, depth); ok {
					return v
				}
			}
			var vs []Value
			for _, sv := range e.storedValues(p.X, depth) {
				vs = append(vs, e.load(sv, depth+1))
			}
			if len(vs) > 0 {
				return union(vs...)
			}
			if fa, ok := p.X.(*ssa.FieldAddr); ok {
				switch fa.X.(type) {
				case *ssa.Parameter, *ssa.Alloc:
					// A pointer field nothing here stores to, of a
					// pointer parameter or of a variable holding a
					// whole struct (a value receiver's copy): return
					// &T{F: q.F} gives what the caller's struct
					// holds there.
					return e.fieldOfValue(fa.X, fieldName(fa.X.Type(), fa.Field), depth)
				}
			}
		}
	case *ssa.Field:
		// A pointer field of a struct value (return &T{F: s.F} with s
		// a value receiver or parameter): the field's value, which
		// follows the pointers stored there, or what the caller's
		// struct holds for a parameter's field.
		return e.of(p, depth+1)
	case *ssa.Call:
		// to.Ptr(x) and a package's own func ptr[T any](v T) *T.
		cc := p.Common()
		if f := cc.StaticCallee(); f != nil && len(cc.Args) == 1 && isPtrHelper(f) {
			return orNil(f, e.of(cc.Args[0], depth))
		}
		if f := cc.StaticCallee(); f != nil && isFlagDefine(f) {
			// *flag.Int("count", …): a value set on the command line.
			return holeValue(Hole{Source: CommandLine, What: "flag." + f.Name()})
		}
	case *ssa.IndexAddr:
		return e.element(p.X, p.Index, depth)
	case *ssa.Global:
		if p.Pkg != nil && p.Pkg.Pkg.Path() == "os" && p.Name() == "Args" {
			return holeValue(Hole{Source: CommandLine, What: "os.Args"})
		}
		if v, ok := e.r.constGlobal(p); ok {
			return v // only ever given constants (globals.go)
		}
		return e.stored(p, depth)
	case *ssa.Parameter:
		v := e.param(p, depth)
		return v
	case *ssa.FreeVar:
		if b := e.binding(p); b != nil {
			return e.load(b, depth+1)
		}
	}
	return holeValue(Hole{})
}

// flagGlobal: a package variable the package's init sets to a flag
// (var count = flag.Int("count", …)), read through: the command line.
// Other variables stay unknown (any function may assign them).
func (e *eval) flagGlobal(g *ssa.Global) (Value, bool) {
	if g.Pkg == nil || g.Pkg != e.r.SSA.Pkg {
		return Value{}, false
	}
	init := g.Pkg.Func("init")
	if init == nil {
		return Value{}, false
	}
	for _, b := range init.Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok || st.Addr != g {
				continue
			}
			if c, ok := st.Val.(*ssa.Call); ok {
				if f := c.Call.StaticCallee(); f != nil && isFlagDefine(f) {
					return holeValue(Hole{Source: CommandLine, What: "flag." + f.Name()}), true
				}
			}
		}
	}
	return Value{}, false
}

// isFlagDefine reports whether f is one of the flag package's functions
// or FlagSet methods that define a flag and return a pointer to its
// value (flag.Int, flag.String, fs.Duration…).
func isFlagDefine(f *ssa.Function) bool {
	if f.Pkg == nil || f.Pkg.Pkg.Path() != "flag" {
		return false
	}
	switch f.Name() {
	case "Int", "Int64", "Uint", "Uint64", "String", "Bool", "Float64", "Duration":
		return f.Signature.Results().Len() == 1
	}
	return false
}

// isPtrHelper reports whether f is to.Ptr or a generic func(v T) *T
// returning &v.
func isPtrHelper(f *ssa.Function) bool {
	if o := f.Origin(); o != nil {
		f = o
	}
	if f.Pkg != nil && strings.HasSuffix(f.Pkg.Pkg.Path(), "azcore/to") && f.Name() == "Ptr" {
		return true
	}
	sig := f.Signature
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	p, ok := sig.Results().At(0).Type().(*types.Pointer)
	if !ok || !types.Identical(p.Elem(), sig.Params().At(0).Type()) {
		return false
	}
	if f.Blocks != nil {
		return returnsParamAddr(f)
	}
	return true
}

// returnsParamAddr reports whether f's body returns, on every path, the
// address of a variable holding its one parameter and nothing else
// (func Ptr[T any](v T) *T { return &v }), or nil: the pointee is the
// argument (orNil adds the nil).
func returnsParamAddr(f *ssa.Function) bool {
	if len(f.Params) != 1 {
		return false
	}
	allocs := 0
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			ret, ok := in.(*ssa.Return)
			if !ok {
				continue
			}
			if len(ret.Results) != 1 {
				return false
			}
			if c, ok := ret.Results[0].(*ssa.Const); ok && c.IsNil() {
				continue // nil on some path (orNil reads it)
			}
			a, ok := ret.Results[0].(*ssa.Alloc)
			if !ok {
				return false
			}
			allocs++
			for _, ref := range *a.Referrers() {
				switch r := ref.(type) {
				case *ssa.Return:
				case *ssa.Store:
					if r.Addr != a || r.Val != f.Params[0] {
						return false
					}
				case *ssa.DebugRef:
				case *ssa.UnOp: // a read of v
					if r.Op != token.MUL {
						return false
					}
				default:
					return false
				}
			}
		}
	}
	return allocs > 0
}

// stored is the union of the values stored at addr.
func (e *eval) stored(addr ssa.Value, depth int) Value {
	if a, ok := addr.(*ssa.Alloc); ok && e.at != nil && e.at.Parent() == a.Parent() && localOnly(a, true) {
		if out, ok := e.reachingValue(e.at, a, storeTo(a), depth); ok {
			return out
		}
	}
	if a, ok := addr.(*ssa.Alloc); ok && addressPassed(a) {
		if v, ok := e.filledByCalls(a, depth); ok {
			return v
		}
		return unknownWrite()
	}
	vals := e.storedValues(addr, depth)
	if len(vals) == 0 {
		if _, ok := addr.(*ssa.Alloc); ok {
			return Value{Variants: []Variant{{}}} // never assigned: the zero value
		}
		return holeValue(Hole{})
	}
	var vs []Value
	for _, v := range vals {
		vs = append(vs, e.of(v, depth))
	}
	return union(vs...)
}

// storedValues returns the values stored at addr: by the function that
// has it and by closures it is captured by.
func (e *eval) storedValues(addr ssa.Value, depth int) []ssa.Value {
	var out []ssa.Value
	var walk func(a ssa.Value, d int)
	walk = func(a ssa.Value, d int) {
		refs := a.Referrers()
		if refs == nil || d > 3 {
			return
		}
		for _, ref := range *refs {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr == a && !isLoadOf(ref.Val, a) {
					out = append(out, ref.Val)
				}
			case *ssa.MakeClosure:
				fn, _ := ref.Fn.(*ssa.Function)
				for i, b := range ref.Bindings {
					if b == a && fn != nil && i < len(fn.FreeVars) {
						walk(fn.FreeVars[i], d+1)
					}
				}
			}
		}
	}
	walk(addr, 0)
	if len(out) > MaxVariants {
		out = out[:MaxVariants]
	}
	return out
}

// isLoadOf reports whether v is a load of the address a: storing it
// back (the x = x a return of a captured named result makes) adds no
// value.
func isLoadOf(v, a ssa.Value) bool {
	ld, ok := v.(*ssa.UnOp)
	return ok && ld.Op == token.MUL && ld.X == a
}

// aliases returns the values that denote the same struct pointer as v:
// v itself, and when v is loaded from a variable assigned once, the
// value assigned and the variable's other loads.
func (e *eval) aliases(v ssa.Value, depth int) []ssa.Value {
	out := []ssa.Value{v}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok {
			if vals := e.storedValues(a, depth); len(vals) == 1 {
				out = append(out, vals[0])
				out = append(out, loadsOf(a)...)
			}
		}
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		// A struct value loaded from its variable: the variable.
		if a, ok := ld.X.(*ssa.Alloc); ok && structOf(a.Type()) != nil {
			out = append(out, a)
		}
	}
	if a, ok := v.(*ssa.Alloc); ok {
		// v stored into a variable: that variable's loads.
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Val == a {
				if va, ok := st.Addr.(*ssa.Alloc); ok {
					out = append(out, loadsOf(va)...)
				}
			}
		}
	}
	return out
}

func loadsOf(a ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *a.Referrers() {
		if ld, ok := ref.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == a {
			out = append(out, ld)
		}
	}
	return out
}

// storedField is the union of the values stored into field i of the
// struct base points to (a literal, assignments to the field, through
// every alias of base). For a pointer field of a describable type, the
// values stored are followed to what they point to when asked through a
// second load; here they are returned as stored.
func (e *eval) storedField(base ssa.Value, i int, ft types.Type, depth int) (Value, bool) {
	k := fieldOf{base, i}
	if e.fields[k] {
		// The field's stores are being followed already: a value stored
		// into it is made from a load of it (s.f = s.f + x), a cycle.
		// Unknown, as where the depth bound stopped it before.
		return holeValue(Hole{What: "…"}), true
	}
	if e.fields == nil {
		e.fields = map[fieldOf]bool{}
	}
	e.fields[k] = true
	defer delete(e.fields, k)
	if a, ok := base.(*ssa.Alloc); ok && e.at != nil && e.at.Parent() == a.Parent() && structLocal(a, e.at) {
		vals, zeros, ok := reaching(e.at, a, storeToField(a, i))
		for _, v := range vals {
			if !types.Identical(v.Type(), ft) {
				ok = false // a whole struct copied in (*p = param): not here
			}
		}
		if ok {
			var vs []Value
			for _, v := range vals {
				if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
					vs = append(vs, Value{Variants: []Variant{{}}}) // a nil pointer: no value
					continue
				}
				if _, isPtr := ft.Underlying().(*types.Pointer); isPtr {
					vs = append(vs, e.load(v, depth+1))
				} else {
					vs = append(vs, e.of(v, depth))
				}
			}
			vs = append(vs, e.zeroValues(zeros, vs, depth)...)
			return union(vs...), true
		}
	}
	var vs []Value
	found := false
	for _, b := range e.aliases(base, depth) {
		refs := b.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != b || fa.Field != i {
				continue
			}
			for _, r2 := range *fa.Referrers() {
				if st, ok := r2.(*ssa.Store); ok && st.Addr == fa {
					found = true
					if _, isPtr := ft.Underlying().(*types.Pointer); isPtr {
						vs = append(vs, e.load(st.Val, depth+1))
					} else {
						vs = append(vs, e.of(st.Val, depth))
					}
				}
			}
		}
	}
	if !found {
		// A struct from a helper: its summary's fields.
		if st := structOf(base.Type()); st != nil && i < st.NumFields() {
			if v, ok := e.summaryField(base, st.Field(i).Name(), depth); ok {
				return v, true
			}
		}
		return Value{}, false
	}
	return union(vs...), true
}

// helperField answers *p.F where p comes from a helper whose summary
// describes F (a *string field: the summary holds the string).
func (e *eval) helperField(fa *ssa.FieldAddr, depth int) (Value, bool) {
	st, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return Value{}, false
	}
	f := st.Field(fa.Field)
	if v, ok := e.storedField(fa.X, fa.Field, f.Type(), depth); ok {
		return v, true
	}
	return e.summaryField(fa.X, f.Name(), depth)
}

// summaryField is the field name of the struct a helper returns, from
// the helper's summary, with its parameters bound to the call's
// arguments.
func (e *eval) summaryField(base ssa.Value, name string, depth int) (Value, bool) {
	for _, b := range e.aliases(base, depth) {
		var cc *ssa.CallCommon
		switch c := b.(type) {
		case *ssa.Call:
			cc = c.Common()
		case *ssa.Extract:
			if call, ok := c.Tuple.(*ssa.Call); ok && c.Index == 0 {
				cc = call.Common()
			}
		}
		if cc == nil {
			continue
		}
		s := e.r.Summary(cc.StaticCallee())
		if s == nil || s.Fields == nil {
			continue
		}
		if v, ok := s.Fields[name]; ok {
			return e.bind(v, cc.Args, depth), true
		}
	}
	return Value{}, false
}

// fieldOfValue is a field read from a struct the engine cannot see
// being built: a parameter's field becomes a Param hole with Field, a
// field of an entity read from a table an Entity hole.
func (e *eval) fieldOfValue(x ssa.Value, name string, depth int) Value {
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL {
		x = ld.X
	}
	x = promotedFrom(x)
	if a, ok := x.(*ssa.Alloc); ok && depth < MaxDepth {
		// A variable holding a whole struct value (a copy of a
		// parameter, a helper's result): that value's field.
		if vals := e.storedValues(a, depth); len(vals) > 0 {
			var vs []Value
			for _, sv := range vals {
				vs = append(vs, e.fieldOf(sv, name, depth+1))
			}
			return union(vs...)
		}
	}
	if p, ok := x.(*ssa.Parameter); ok {
		v := e.param(p, depth)
		return mapHoles(v, func(h Hole) Hole {
			if h.Source == Param && h.Field == "" {
				h.Field = name
			} else {
				h.What = joinWhat(h.What, name)
			}
			h.Bound = 0
			return h
		})
	}
	return holeValue(Hole{What: name})
}

// promotedFrom is the struct a promoted field is selected from: x is
// &p.E (or p.E) of an embedded field E, and a field of it is p's field
// of that name (cur.RowKey of a parameter cur *row embedding an Entity
// is cur's field RowKey).
func promotedFrom(x ssa.Value) ssa.Value {
	for {
		switch fa := x.(type) {
		case *ssa.FieldAddr:
			if st := structOf(fa.X.Type()); st == nil || !st.Field(fa.Field).Embedded() {
				return x
			}
			x = fa.X
		case *ssa.Field:
			if st := structOf(fa.X.Type()); st == nil || !st.Field(fa.Field).Embedded() {
				return x
			}
			x = fa.X
		default:
			return x
		}
	}
}

// element is x[i]: an element of a slice literal or of an append chain,
// or a part of a value that came from a source (strings.Split of a
// request path: a path segment).
func (e *eval) element(x, idx ssa.Value, depth int) Value {
	if g, ok := x.(*ssa.UnOp); ok && g.Op == token.MUL {
		if gl, ok := g.X.(*ssa.Global); ok && gl.Pkg != nil && gl.Pkg.Pkg.Path() == "os" && gl.Name() == "Args" {
			return holeValue(Hole{Source: CommandLine, What: "os.Args"})
		}
	}
	if elems, ok := e.sliceVariants(x, depth); ok {
		var vs []Value
		for _, list := range elems {
			if c, ok := idx.(*ssa.Const); ok {
				i, _ := constant.Int64Val(c.Value)
				if int(i) < len(list) {
					vs = append(vs, e.of(list[i], depth))
				}
				continue
			}
			for _, el := range list {
				vs = append(vs, e.of(el, depth))
			}
		}
		if len(vs) > 0 {
			return union(vs...)
		}
	}
	return opaque(e.of(x, depth), 0)
}

// sliceVariants returns the element lists a slice can hold: a literal,
// appends (in branches: one list per path, bounded), nil.
func (e *eval) sliceVariants(v ssa.Value, depth int) ([][]ssa.Value, bool) {
	if depth > MaxDepth {
		return nil, false
	}
	if elems, ok := sliceLiteral(v); ok {
		return [][]ssa.Value{elems}, true
	}
	switch v := v.(type) {
	case *ssa.Slice:
		return indexFilled(v)
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(v.Call.Args) == 2 {
			heads, ok := e.sliceVariants(v.Call.Args[0], depth+1)
			if !ok {
				return nil, false
			}
			return appendLiteral(heads, v.Call.Args[1])
		}
		// A helper returning []string clauses: not followed here (the
		// summary describes strings, not slices).
	case *ssa.Phi:
		var out, tails [][]ssa.Value
		for _, ed := range v.Edges {
			if ed == v {
				continue
			}
			if t, ok := loopTails(ed, v, map[*ssa.Phi]bool{}, depth+1); ok {
				tails = append(tails, t...) // a loop's appends: loops.go
				continue
			}
			l, ok := e.sliceVariants(ed, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
			if len(out) > MaxVariants {
				return out[:MaxVariants], true
			}
		}
		if tails != nil {
			out = iterations(out, tails)
		}
		return out, true
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if a, ok := v.X.(*ssa.Alloc); ok {
				var out [][]ssa.Value
				for _, sv := range e.storedValues(a, depth) {
					l, ok := e.sliceVariants(sv, depth+1)
					if !ok {
						return nil, false
					}
					out = append(out, l...)
				}
				if len(out) > MaxVariants {
					out = out[:MaxVariants]
				}
				return out, len(out) > 0
			}
		}
	case *ssa.MakeSlice:
		if c, ok := v.Len.(*ssa.Const); ok {
			if n, _ := constant.Int64Val(c.Value); n == 0 {
				return [][]ssa.Value{nil}, true
			}
		}
		return indexFilled(v)
	}
	return nil, false
}

// bind replaces the Param holes of a summary value with the values of
// the call's arguments. A hole that formatted or bounded its parameter
// (%019d, a time layout, an escape) keeps that bound: the argument's
// holes take it on.
func (e *eval) bind(v Value, args []ssa.Value, depth int) Value {
	return e.bindElem(v, args, nil, depth)
}

// bindElem is bind for an Each template (mapped.go) given el, one
// element of the slice mapped: its Elem holes become el (or its field).
// A nil el keeps them, for a template bound again (the caller passes
// its own parameter on).
func (e *eval) bindElem(v Value, args []ssa.Value, el *elemRef, depth int) Value {
	out := Value{Approx: v.Approx}
	for _, vr := range v.Variants {
		c, keep := e.bindCase(vr.Case, args, el, depth)
		if !keep {
			continue // a type-switch case the argument's type does not take
		}
		cur := Value{Variants: []Variant{{Ret: vr.Ret}}}
		for _, p := range vr.Parts {
			var pv Value
			switch {
			case p.Hole == nil:
				pv = textValue(p.Text)
			case p.Hole.Elem && el != nil || p.Hole.Source == Param && !p.Hole.Elem && p.Hole.Param >= 0 && p.Hole.Param < len(args):
				h := *p.Hole
				var a ssa.Value
				if !h.Elem {
					a = args[h.Param]
				}
				if h.Elem {
					pv = e.elemValue(el, h.Field, depth)
				} else if h.Joined && h.Each != nil {
					pv = e.bindEach(h, a, args, depth)
				} else if h.Joined {
					var ok bool
					if pv, ok = e.joinKnown(a, textValue(h.Sep), nil, depth); !ok {
						pv = moreElements() // elements not known here
					}
				} else if h.Marshalled && h.Field == "" {
					// The document the callee marshals of what this
					// call passes (marshal.go).
					pv = e.marshal(a, "json", depth)
				} else if h.Field != "" {
					pv = e.fieldOf(a, h.Field, depth)
				} else {
					pv = e.of(a, depth)
				}
				if h.At.IsValid() {
					pv = enteredAt(pv, h.At, h.AtArg)
				}
				if h.Use.IsValid() {
					pv = usedAt(pv, h.Use, h.UseArg)
				}
				if h.Bound != 0 || h.Layout != "" {
					pv = mapHoles(pv, func(x Hole) Hole {
						if h.Bound&PairCut != 0 && h.Bound&Escaped == 0 && x.Bound&(Escaped|Doubled) == Escaped|Doubled && x.Bound&(AboveQuote|URLEscaped) == 0 && !x.Bound.Safe() {
							// The helper cuts what the caller doubled.
							x.Bound = x.Bound&^(Escaped|Doubled) | Halved
						}
						x.Bound |= h.Bound
						if h.Layout != "" {
							x.Layout = h.Layout
						}
						if h.Verb != "" {
							x.Verb = h.Verb
						}
						if h.Func != "" {
							// The helper formatted its parameter.
							x.Func, x.Fmt, x.FmtArg = h.Func, h.Fmt, h.FmtArg
						}
						return x
					})
				}
			default:
				pv = Value{Variants: []Variant{{Parts: []Part{p}}}}
			}
			cur = concat(cur, pv)
		}
		for i := range cur.Variants {
			cur.Variants[i].Ret = vr.Ret
			if cur.Variants[i].Case == nil {
				cur.Variants[i].Case = c
			}
		}
		out = union(out, cur)
	}
	return out
}

// fieldOf is the value of field name of the struct (or pointer to
// struct) v.
func (e *eval) fieldOf(v ssa.Value, name string, depth int) Value {
	t := v.Type()
	ptr := false
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		if isDocument(v.Type()) {
			return e.documentField(v, name, depth)
		}
		return holeValue(Hole{What: name})
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() != name {
			continue
		}
		if fv, ok := e.assignedAfter(v, i, st.Field(i).Type(), depth); ok {
			return fv // stored after the struct was filled whole
		}
		base := v
		if !ptr {
			if h := e.sourceOfStruct(v, depth); h.Source != Unknown {
				return fieldHole(h, st.Field(i))
			}
			ld, ok := v.(*ssa.UnOp)
			if !ok || ld.Op != token.MUL {
				if fv, ok := e.summaryField(v, name, depth); ok {
					return fv
				}
				return e.fieldOfValue(v, name, depth)
			}
			base = ld.X
		}
		if fv, ok := e.phiField(base, name, depth); ok {
			return fv
		}
		if h := e.sourceOfStruct(base, depth); h.Source != Unknown {
			return fieldHole(h, st.Field(i))
		}
		if fv, ok := e.storedField(base, i, st.Field(i).Type(), depth); ok {
			return fv
		}
		return e.fieldOfValue(base, name, depth)
	}
	return holeValue(Hole{What: name})
}

// assignedAfter is field i (of type ft, no pointer) of the local struct
// v is (or points to) when the field is stored on every path after the
// struct was last written whole (assignedField), at the call asked about.
func (e *eval) assignedAfter(v ssa.Value, i int, ft types.Type, depth int) (Value, bool) {
	if e.at == nil || depth >= MaxDepth {
		return Value{}, false
	}
	if _, isPtr := ft.Underlying().(*types.Pointer); isPtr {
		return Value{}, false
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr {
			v = ld.X
		}
	}
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return Value{}, false
	}
	vals, ok := assignedField(e.at, a, i)
	if !ok {
		return Value{}, false
	}
	var vs []Value
	for _, sv := range vals {
		vs = append(vs, e.of(sv, depth+1))
	}
	return union(vs...), true
}

// phiField is field name of the struct a pointer φ points to: the
// union over its edges, a nil edge (options left nil on one path: no
// struct, so nothing set) giving the empty value, as a nil field does;
// false when base is no φ, or every edge is nil.
func (e *eval) phiField(base ssa.Value, name string, depth int) (Value, bool) {
	phi, ok := base.(*ssa.Phi)
	if !ok || depth >= MaxDepth {
		return Value{}, false
	}
	var vs []Value
	nils := false
	for _, edge := range phi.Edges {
		if c, ok := edge.(*ssa.Const); ok && c.IsNil() {
			nils = true
			continue
		}
		if edge == phi {
			continue
		}
		vs = append(vs, e.fieldOf(edge, name, depth+1))
	}
	if len(vs) == 0 {
		return Value{}, false
	}
	if nils {
		vs = append(vs, Value{Variants: []Variant{{}}})
	}
	return union(vs...), true
}

// holdsParam reports whether a parameter is stored into the variable a
// (a parameter whose address is taken): such a variable is read as
// before, through the stores that reach the query.
func holdsParam(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			if _, ok := st.Val.(*ssa.Parameter); ok {
				return true
			}
		}
	}
	return false
}

// decodedFromParam: the variable at address x (a struct variable, or
// an embedded or nested struct field of one) is filled by
// json.Unmarshal from the bytes (or string) a parameter of its function
// holds; the parameter.
func decodedFromParam(x ssa.Value) (*ssa.Parameter, bool) {
	for i := 0; i < MaxDepth; i++ {
		fa, ok := x.(*ssa.FieldAddr)
		if !ok {
			break
		}
		st := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !st.Field(fa.Field).Embedded() {
			return nil, false // a nested struct: its own name is not kept
		}
		x = fa.X
	}
	a, ok := x.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	for _, data := range unmarshalled(a) {
		if c, ok := data.(*ssa.Convert); ok {
			data = c.X // []byte(s)
		}
		if p, ok := data.(*ssa.Parameter); ok && isDocument(p.Type()) {
			return p, true
		}
	}
	return nil, false
}

// isDocument: t is []byte or a string, bytes a JSON document can be
// decoded from.
func isDocument(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Basic:
		return u.Info()&types.IsString != 0
	}
	return false
}

// documentField is field name of the JSON document the bytes v hold:
// from the source of the bytes (an entity read, a request body: that
// source, the field named), or a parameter's (its field, for callers to
// bind); unknown for anything else, constant text included.
func (e *eval) documentField(v ssa.Value, name string, depth int) Value {
	dv := e.of(v, depth+1)
	if len(dv.Variants) == 0 || dv.Approx {
		return holeValue(Hole{What: name})
	}
	for _, vr := range dv.Variants {
		if len(vr.Parts) != 1 || vr.Parts[0].Hole == nil {
			return holeValue(Hole{What: name})
		}
		switch h := vr.Parts[0].Hole; {
		case h.Source == Param && (h.Field != "" || h.Joined):
			return holeValue(Hole{What: name})
		case h.Source == Unknown:
			return holeValue(Hole{What: name})
		}
	}
	return mapHoles(dv, func(h Hole) Hole {
		if h.Source == Param {
			h.Field = name
		} else {
			h.What = joinWhat(h.What, name)
		}
		h.Bound, h.Verb, h.Layout = 0, "", ""
		return h
	})
}
