package flow

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Lists kept as JSON text in a property: read, edited, written back.
//
// StoredList answers, for the list (or map) a rule sees marshalled,
// "which property of entities read from a table was it decoded from,
// not grown since": json.Unmarshal of the text of property P (a field
// of a struct the entity was decoded into, or an entry of an
// EDMEntity's Properties, also through a helper such as
// propString(e, "P")), into a variable nothing else fills, whose
// elements are at most set to constants and which nothing appends to.
// The list is followed back through struct fields (literals, stores,
// fields of helpers' and converters' results), elements of slices
// (append, indexing, range), helpers' results (bound to the arguments
// of the call, function values passed as arguments included) and the
// parameters of unexported functions whose every call is visible (each
// call's argument). Marshalled into P again, it is no longer than P
// already was.

// A frame binds the parameters of a helper being followed to the
// arguments of the call that runs it; outer is the frame of the
// function making the call (nil: the function asked about).
type frame struct {
	fn    *ssa.Function
	args  []ssa.Value
	outer *frame
}

// arg is what the call of frame f gives parameter p, and the frame it
// is read in; ok is false when p is not a parameter of f's function.
func (f *frame) arg(p *ssa.Parameter) (ssa.Value, *frame, bool) {
	if f == nil || p.Parent() != f.fn {
		return nil, nil, false
	}
	i := paramIndex(f.fn, p)
	if i < 0 || i >= len(f.args) {
		return nil, nil, false
	}
	return f.args[i], f.outer, true
}

// elemStep is the step into an element of a slice, an array or a map;
// a step >= 0 is into that field of a struct.
const elemStep = -1

// A listQuery follows one marshalled list back to where it was decoded.
type listQuery struct {
	e    *eval
	prop string // the property found so far
	// seen holds the values (with their path and frame) being followed:
	// met again, they add no source of their own (a loop's append).
	seen map[string]bool
	// steps counts the values followed (maxListSteps).
	steps int
}

// Bounds of one StoredList question: the values followed in all (within
// a function they are not counted in depth, which counts the calls
// crossed), and the fields and elements a path goes into.
const (
	maxListSteps = 2000
	maxListPath  = 6
)

// StoredList returns the property of entities read from a table that
// the list or map x was decoded from, when x is not grown since (see
// above); ok is false when x may come from anything else.
func (r *Result) StoredList(x ssa.Value) (prop string, ok bool) {
	return (&eval{r: r}).storedList(x, 0)
}

func (e *eval) storedList(x ssa.Value, depth int) (string, bool) {
	x = underlyingArg(x)
	switch x.Type().Underlying().(type) {
	case *types.Slice, *types.Map:
	default:
		return "", false
	}
	if !readOnly(x, 0) {
		return "", false
	}
	q := &listQuery{e: e, seen: map[string]bool{}}
	if !q.follow(x, nil, nil, depth) || q.prop == "" {
		return "", false
	}
	return q.prop, true
}

// follow reports whether every value the path (steps of fields and
// elements) of v can hold is a list decoded from one property (q.prop)
// and not grown; a pointer and what it points to take the same path.
// A value that holds no list (nil, an empty literal) adds nothing.
func (q *listQuery) follow(v ssa.Value, path []int, f *frame, depth int) bool {
	q.steps++
	if v == nil || depth > MaxDepth || len(path) > maxListPath || q.steps > maxListSteps {
		return false
	}
	key := fmt.Sprintf("%p %v %p", v, path, f)
	if q.seen[key] {
		return true
	}
	q.seen[key] = true
	defer delete(q.seen, key)
	d := depth // steps within a function; calls crossed add one
	if _, ok := v.(*ssa.Alloc); !ok && !pathRead(v, path, 0) {
		return false // changed where it is used (variable checks its own)
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil() || len(path) > 0 // a nil list; a zero struct's fields
	case *ssa.ChangeType:
		return q.follow(x.X, path, f, d)
	case *ssa.MakeInterface:
		return q.follow(x.X, path, f, d)
	case *ssa.Phi:
		for _, ed := range x.Edges {
			if !q.follow(ed, path, f, d) {
				return false
			}
		}
		return true
	case *ssa.Field:
		return sameFieldsRead(x) && q.follow(x.X, prepend(x.Field, path), f, d)
	case *ssa.FieldAddr:
		return q.follow(x.X, prepend(x.Field, path), f, d)
	case *ssa.Index:
		return q.follow(x.X, prepend(elemStep, path), f, d)
	case *ssa.IndexAddr:
		return q.follow(x.X, prepend(elemStep, path), f, d)
	case *ssa.Lookup:
		return !x.CommaOk && q.follow(x.X, prepend(elemStep, path), f, d)
	case *ssa.Slice:
		return len(path) > 0 && q.follow(x.X, path, f, d) // a part of a list (of any other list's elements)
	case *ssa.UnOp:
		return x.Op == token.MUL && q.follow(x.X, path, f, d)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return q.results(c, x.Index, path, f, d)
		}
		return false
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok {
			return b.Name() == "append" && q.appended(x, path, f, d)
		}
		return q.results(x, 0, path, f, d)
	case *ssa.Parameter:
		return q.param(x, path, f, d)
	case *ssa.Alloc:
		return q.variable(x, path, f, d)
	}
	return false
}

// prepend is path with step s in front.
func prepend(s int, path []int) []int {
	return append([]int{s}, path...)
}

// appended: the elements of append(s, xs...) are s's and xs's; the list
// itself is grown (path empty: not one read).
func (q *listQuery) appended(c *ssa.Call, path []int, f *frame, depth int) bool {
	if len(path) == 0 || path[0] != elemStep {
		return false
	}
	for _, a := range c.Call.Args {
		if !q.follow(a, path, f, depth) {
			return false
		}
	}
	return true
}

// pathRead reports whether the list the path of v reaches is only read
// where v is used (the elements of a list a helper returns, the field of
// a struct a caller passes): no new list stored there (all[i].List =
// other), nothing but constants stored in its elements (readOnly).
func pathRead(v ssa.Value, path []int, depth int) bool {
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	if depth > maxListPath+2 {
		return false
	}
	if len(path) == 0 && !isPointer(v.Type()) {
		return readOnly(v, 0)
	}
	for _, ref := range *refs {
		ok := true
		switch r := ref.(type) {
		case *ssa.IndexAddr:
			ok = len(path) == 0 || path[0] != elemStep || pathRead(r, path[1:], depth+1)
		case *ssa.Index:
			ok = len(path) == 0 || path[0] != elemStep || pathRead(r, path[1:], depth+1)
		case *ssa.FieldAddr:
			ok = len(path) == 0 || path[0] != r.Field || pathRead(r, path[1:], depth+1)
		case *ssa.Field:
			ok = len(path) == 0 || path[0] != r.Field || pathRead(r, path[1:], depth+1)
		case *ssa.UnOp:
			ok = r.Op != token.MUL || !isPointer(v.Type()) || pathRead(r, path, depth+1)
		case *ssa.Store:
			ok = r.Addr != v // a new list (or a struct holding one) put there
		}
		if !ok {
			return false
		}
	}
	return true
}

// sameFieldsRead reports whether every read of field x.Field of x.X (the
// same struct value) is only read (readOnly): nothing appends to it.
func sameFieldsRead(x *ssa.Field) bool {
	for _, ref := range *x.X.Referrers() {
		if g, ok := ref.(*ssa.Field); ok && g.Field == x.Field && g != x && !readOnly(g, 0) {
			return false
		}
	}
	return true
}

// results follows result index of the call c into each return of the
// functions it calls, their parameters bound to c's arguments.
func (q *listQuery) results(c *ssa.Call, index int, path []int, f *frame, depth int) bool {
	fn := q.callee(c, f, depth)
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	inner := &frame{fn: fn, args: c.Call.Args, outer: f}
	rets := returnsOf(fn)
	for _, r := range rets {
		if index >= len(r.Results) || !q.follow(r.Results[index], path, inner, depth+1) {
			return false
		}
	}
	return len(rets) > 0
}

// callee is the function c calls: its static callee, or the function a
// caller passes for the parameter c calls (list(..., convert), convert
// bound to the caller's createResult).
func (q *listQuery) callee(c *ssa.Call, f *frame, depth int) *ssa.Function {
	if fn := c.Call.StaticCallee(); fn != nil {
		return fn
	}
	v := c.Call.Value
	for range MaxDepth {
		if ct, ok := v.(*ssa.ChangeType); ok {
			v = ct.X // a generic instance's function value
			continue
		}
		p, ok := v.(*ssa.Parameter)
		if !ok {
			break
		}
		a, outer, ok := f.arg(p)
		if !ok {
			return nil
		}
		v, f = a, outer
	}
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		if len(v.Bindings) == 0 {
			fn, _ := v.Fn.(*ssa.Function)
			return fn
		}
	}
	return nil
}

// param follows a parameter: the argument of the call being followed,
// or, for an unexported function whose every call is visible, each
// call's argument.
func (q *listQuery) param(p *ssa.Parameter, path []int, f *frame, depth int) bool {
	if a, outer, ok := f.arg(p); ok {
		return q.follow(a, path, outer, depth+1)
	}
	if f != nil {
		return false
	}
	args, ok := q.e.callersArgs(p)
	if !ok {
		return false
	}
	for _, a := range args {
		if !q.follow(a, path, nil, depth+1) {
			return false
		}
	}
	return true
}

// callersArgs returns what each call of p's function gives p, when the
// function is unexported and every call of it is visible (AllCalls, at
// most MaxVariants); ok is false else.
func (e *eval) callersArgs(p *ssa.Parameter) ([]ssa.Value, bool) {
	fn := p.Parent()
	calls := e.r.AllCalls(fn)
	if len(calls) == 0 || len(calls) > MaxVariants {
		return nil, false
	}
	i := paramIndex(fn, p)
	var out []ssa.Value
	for _, c := range calls {
		args := c.Common().Args
		if i < 0 || i >= len(args) {
			return nil, false
		}
		out = append(out, args[i])
	}
	return out, true
}

// variable follows a local variable (or a struct or array a literal
// builds): the values stored in it whole, and, for a path into a field
// or an element, the values stored there; a list decoded into it when
// the path is empty. Its address is given to nothing else.
func (q *listQuery) variable(a *ssa.Alloc, path []int, f *frame, depth int) bool {
	if len(path) == 0 && len(unmarshalled(a)) > 0 {
		return q.decoded(a, f, depth)
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if len(path) == 0 && !readOnly(r, 0) {
				return false
			}
		case *ssa.Store:
			if !q.follow(r.Val, path, f, depth) {
				return false
			}
		case *ssa.FieldAddr:
			if len(path) > 0 && r.Field == path[0] && !q.stored(r, path[1:], f, depth) {
				return false
			}
		case *ssa.IndexAddr:
			if len(path) > 0 && path[0] == elemStep && !q.stored(r, path[1:], f, depth) {
				return false
			}
		case *ssa.Slice:
			// The array behind a slice literal or append's elements.
		default:
			return false // given away: anything may fill it
		}
	}
	return true
}

// stored follows the values stored at addr (a field or an element of a
// variable): each must be such a list; a list read there must not grow.
func (q *listQuery) stored(addr ssa.Value, path []int, f *frame, depth int) bool {
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if r.Addr == addr && !q.follow(r.Val, path, f, depth) {
				return false
			}
		case *ssa.UnOp:
			if len(path) == 0 && !readOnly(r, 0) {
				return false
			}
		case *ssa.FieldAddr, *ssa.IndexAddr:
		default:
			return false
		}
	}
	return true
}

// decoded reports whether the variable a is filled only by
// json.Unmarshal of one property of entities read from a table (q.prop)
// and otherwise only read, an empty list at most stored in it first.
func (q *listQuery) decoded(a *ssa.Alloc, f *frame, depth int) bool {
	if !onlyDecodedInto(a) {
		return false
	}
	for _, data := range unmarshalled(a) {
		prop, ok := q.e.tableProp(data, f, depth+1)
		if !ok || q.prop != "" && prop != q.prop {
			return false
		}
		q.prop = prop
	}
	return true
}

// onlyDecodedInto reports whether the variable a is filled only by
// json.Unmarshal(data, &a), an empty list at most stored in it first,
// and otherwise only read (readOnly).
func onlyDecodedInto(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if !emptyList(r.Val) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL || !readOnly(r, 0) {
				return false
			}
		case *ssa.MakeInterface:
			for _, rr := range *r.Referrers() {
				c, ok := rr.(*ssa.Call)
				if !ok || len(c.Call.Args) != 2 || c.Call.Args[1] != r || c.Call.StaticCallee() == nil || callee(c.Call.StaticCallee()) != "encoding/json.Unmarshal" {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// emptyList reports whether v is nil or an empty literal ([]T{}).
func emptyList(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Slice:
		a, ok := v.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		at, ok := a.Type().Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		arr, ok := at.Elem().Underlying().(*types.Array)
		return ok && arr.Len() == 0
	case *ssa.MakeMap:
		return len(mapUpdates(v)) == 0
	}
	return false
}

// readOnly reports whether v, a decoded slice or map (or, depth > 0,
// the address of one of its elements or of a field of one), is only
// read, returned or marshalled, its elements or their fields set to
// constants at most, a map's entries deleted at most.
func readOnly(v ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef, *ssa.Index, *ssa.Lookup, *ssa.Range, *ssa.Field:
		case *ssa.Return:
			if depth > 0 {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.IndexAddr:
			if !readOnly(r, depth+1) {
				return false
			}
		case *ssa.FieldAddr:
			if depth == 0 || !readOnly(r, depth+1) {
				return false
			}
		case *ssa.Store:
			if r.Val == v && depth == 0 {
				continue // put in a field or an element: followed there (StoredList)
			}
			if _, ok := r.Val.(*ssa.Const); !ok || r.Addr != v || depth == 0 {
				return false
			}
		case *ssa.MakeInterface:
			for _, rr := range *r.Referrers() {
				c, ok := rr.(*ssa.Call)
				if !ok || c.Call.StaticCallee() == nil || !strings.HasPrefix(callee(c.Call.StaticCallee()), "encoding/json.Marshal") {
					return false
				}
			}
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); !ok || (b.Name() != "len" && b.Name() != "cap" && b.Name() != "delete") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// tableProp returns the property of entities read from a table that
// the text d is: a field of a struct (its JSON name) or an entry of a
// map (its constant key) whose value is such an entity, also through
// helpers that return one (propString(e, "Scores")).
func (e *eval) tableProp(d ssa.Value, f *frame, depth int) (string, bool) {
	if d == nil || depth > MaxDepth {
		return "", false
	}
	d1 := depth + 1
	switch x := d.(type) {
	case *ssa.Convert:
		return e.tableProp(x.X, f, d1)
	case *ssa.ChangeType:
		return e.tableProp(x.X, f, d1)
	case *ssa.MakeInterface:
		return e.tableProp(x.X, f, d1)
	case *ssa.TypeAssert:
		return e.tableProp(x.X, f, d1)
	case *ssa.Parameter:
		if a, outer, ok := f.arg(x); ok {
			return e.tableProp(a, outer, d1)
		}
	case *ssa.Extract:
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			return e.tableProp(ta.X, f, d1)
		}
		if lk, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
			return e.entry(lk, f, d1)
		}
	case *ssa.Lookup:
		return e.entry(x, f, d1)
	case *ssa.Field:
		if name, ok := jsonFieldName(x.X.Type(), x.Field); ok && e.readEntity(x.X, f, d1) {
			return name, true
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && !FieldStored(fa.X, fa.Field) {
			if name, ok := jsonFieldName(fa.X.Type(), fa.Field); ok && e.readEntity(fa.X, f, d1) {
				return name, true
			}
		}
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn == nil || len(fn.Blocks) == 0 {
			return "", false
		}
		inner := &frame{fn: fn, args: x.Call.Args, outer: f}
		prop := ""
		for _, r := range returnsOf(fn) {
			if len(r.Results) != 1 {
				return "", false
			}
			p, ok := e.tableProp(r.Results[0], inner, d1)
			if !ok || prop != "" && p != prop {
				return "", false
			}
			prop = p
		}
		return prop, prop != ""
	}
	return "", false
}

// entry is the property the map entry lk is: its key, a constant (or a
// parameter a call binds to one), of an entity's properties.
func (e *eval) entry(lk *ssa.Lookup, f *frame, depth int) (string, bool) {
	key, kf := lk.Index, f
	for range MaxDepth {
		p, ok := key.(*ssa.Parameter)
		if !ok {
			break
		}
		a, outer, ok := kf.arg(p)
		if !ok {
			return "", false
		}
		key, kf = a, outer
	}
	c, ok := key.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	m := lk.X
	if e.readEntity(m, f, depth) {
		return constant.StringVal(c.Value), true
	}
	// The Properties of an entity.
	if ld, ok := m.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if fa, ok := ld.X.(*ssa.FieldAddr); ok && e.readEntity(fa.X, f, depth) {
			return constant.StringVal(c.Value), true
		}
	}
	if fl, ok := m.(*ssa.Field); ok && e.readEntity(fl.X, f, depth) {
		return constant.StringVal(c.Value), true
	}
	return "", false
}

// jsonFieldName is the name encoding/json gives field i of the struct
// (or pointer to struct) t: the property an entity's field is.
func jsonFieldName(t types.Type, i int) (string, bool) {
	st := structOf(t)
	if st == nil {
		return "", false
	}
	for _, df := range docFields(st, "json") {
		if df.index == i && !df.embedded {
			return df.name, true
		}
	}
	return "", false
}

// readEntity reports whether every Origin of v (a parameter: what the
// call being followed gives it, or each visible call of an unexported
// function) is an entity read from a table.
func (e *eval) readEntity(v ssa.Value, f *frame, depth int) bool {
	if depth > MaxDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		if a, outer, ok := f.arg(x); ok {
			return e.readEntity(a, outer, depth+1)
		}
		if f != nil {
			return false
		}
		args, ok := e.callersArgs(x)
		if !ok {
			return false
		}
		for _, a := range args {
			if !e.readEntity(a, nil, depth+1) {
				return false
			}
		}
		return true
	case *ssa.UnOp:
		// A parameter kept in a variable (its fields read by address).
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			if sv := e.storedValues(a, depth); len(sv) == 1 {
				if p, ok := sv[0].(*ssa.Parameter); ok {
					return e.readEntity(p, f, depth+1)
				}
			}
		}
	case *ssa.IndexAddr:
		return e.readEntity(x.X, f, depth+1) // an element of a list of entities
	case *ssa.Alloc:
		// A parameter kept in a variable (its fields read by address).
		if sv := e.storedValues(x, depth); len(sv) == 1 {
			if p, ok := sv[0].(*ssa.Parameter); ok {
				return e.readEntity(p, f, depth+1)
			}
		}
	}
	os := e.origins(v, depth)
	for _, o := range os {
		if o.Source != Entity {
			return false
		}
	}
	return len(os) > 0
}
