package flow

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// Reach says whether a value, or anything made from it, can reach a
// write of an entity (Reaches).
type Reach uint8

// The answers of Reaches.
const (
	// ReachUnknown: the value leaves the code the engine follows (it is
	// returned from an exported function, stored in a package variable,
	// passed to another module's function or to a function value): a
	// caller may write it.
	ReachUnknown Reach = iota
	// ReachNone: every use of the value and of what is made from it is
	// followed, and none writes an entity.
	ReachNone
	// ReachWrite: the value, or a value made from it (its fields copied
	// into an entity, its JSON bytes), is given to a write.
	ReachWrite
)

// MaxReachSteps bounds the values one Reaches question visits (through
// every helper it enters); past it the answer is ReachUnknown.
const MaxReachSteps = 4000

// join combines the answers of two uses: a write wins, then unknown.
func (a Reach) join(b Reach) Reach {
	switch {
	case a == ReachWrite || b == ReachWrite:
		return ReachWrite
	case a == ReachUnknown || b == ReachUnknown:
		return ReachUnknown
	}
	return ReachNone
}

// Reaches follows v forward — through loads and stores, copies, fields
// read from it, strings and bytes made from it (json.Marshal, +,
// fmt.Sprintf), containers it is put into, closures that capture it, the
// results of the calls it is given to, and the parameters of the
// package's own functions and methods (summarised once per parameter;
// interface calls through the package's implementations) — and says
// whether it reaches a write of an entity: the entity argument of
// AddEntity, UpdateEntity or UpsertEntity, the actions of
// SubmitTransaction, a legacy Entity's Insert, Update, Merge,
// InsertOrReplace or InsertOrMerge, or a legacy TableBatch action. The
// receiver of an SDK call (the client) and a call's context are not
// what it writes.
func (r *Result) Reaches(v ssa.Value) Reach {
	return r.ReachesAs(v, Writes{Entity: true, Batch: true})
}

// Writes says which writes a ReachesAs question counts, and how much of
// the value must get there.
type Writes struct {
	// Entity counts the writes of one entity: AddEntity, UpdateEntity,
	// UpsertEntity, a legacy Entity's Insert, Update, Merge,
	// InsertOrReplace or InsertOrMerge.
	Entity bool
	// Batch counts the actions of SubmitTransaction and of a legacy
	// TableBatch.
	Batch bool
	// Whole asks whether the value itself (the struct or map, its copies,
	// the bytes it is marshalled to) is surely written from the function
	// it is made in, for a rule to report what it holds: a field read
	// from a struct and a property looked up in a map of properties are
	// not followed (a key struct one of whose fields is copied into
	// another entity is not written); a value the function returns is
	// its callers' to write (ReachUnknown, unless Returned); and a call through a function
	// value writes only when every function it may be writes (save := put;
	// if dry { save = noop }).
	Whole bool
	// Returned, with Whole, follows a value the function returns into
	// the results of its calls, as Reaches does (every call in the
	// package, the function unexported), rather than leaving it to the
	// callers: an entity a helper makes and returns, that its callers
	// write.
	Returned bool
}

// ReachesAs is Reaches counting only the writes w names (a write of
// another kind is a use that reaches nothing); with w.Whole, parts of v
// are not followed. Rules ask it whether an entity is written on its own
// (Entity), or submitted in a transaction (Batch).
func (r *Result) ReachesAs(v ssa.Value, w Writes) Reach {
	q := &reacher{r: r, seen: map[ssa.Value]bool{}, writes: w}
	return q.follow(v, true, 0)
}

// reacher is one Reaches question.
type reacher struct {
	r      *Result
	seen   map[ssa.Value]bool
	steps  int
	writes Writes
}

// counts is the answer for a write of one entity (batch false) or of a
// transaction's actions.
func (w *reacher) counts(batch bool) Reach {
	if batch && w.writes.Batch || !batch && w.writes.Entity {
		return ReachWrite
	}
	return ReachNone
}

// part reports whether u is a part read from a value rather than the
// value itself: a struct's field, or a property of a map of properties
// (map[string]any, map[string]string).
func part(u ssa.Value) bool {
	switch u := u.(type) {
	case *ssa.Field, *ssa.FieldAddr:
		return true
	case *ssa.Lookup:
		if m, ok := u.X.Type().Underlying().(*types.Map); ok {
			switch m.Elem().Underlying().(type) {
			case *types.Interface, *types.Basic:
				return true
			}
		}
	}
	return false
}

// follow is what the uses of v reach. root marks the function the
// question started in (and the callers its results return to): there a
// return hands the value to the function's callers; inside a helper it
// is followed at the call instead (the call's results).
func (w *reacher) follow(v ssa.Value, root bool, depth int) Reach {
	if v == nil || w.seen[v] {
		return ReachNone
	}
	w.seen[v] = true
	w.steps++
	if w.steps > MaxReachSteps || depth > 4*MaxDepth {
		return ReachUnknown
	}
	switch t := v.Type().(type) {
	case *types.Named, *types.Alias, *types.Basic, *types.Interface:
		// (Not a tuple, nor SSA's own opaque types, which go/types
		// cannot compare.)
		if isError(t) || inert(t) {
			return ReachNone
		}
	}
	refs := v.Referrers()
	if refs == nil {
		return ReachNone
	}
	out := ReachNone
	for _, ref := range *refs {
		out = out.join(w.use(v, ref, root, depth))
		if out == ReachWrite {
			return out
		}
	}
	return out
}

// inert reports whether a value of type t carries no text of the value
// it is made from: a boolean or a number (a count of rows, a length).
func inert(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsNumeric) != 0
}

// use is what one use of v reaches.
func (w *reacher) use(v ssa.Value, ref ssa.Instruction, root bool, depth int) Reach {
	switch u := ref.(type) {
	case *ssa.DebugRef, *ssa.If, *ssa.Jump, *ssa.Panic, *ssa.RunDefers:
		return ReachNone
	case *ssa.Store:
		if u.Addr == v {
			return ReachNone // a value stored into v
		}
		return w.into(u.Addr, root, depth)
	case *ssa.MapUpdate:
		if u.Map == v {
			return ReachNone
		}
		return w.into(u.Map, root, depth)
	case *ssa.Return:
		if !root {
			return ReachNone // the call's results are followed at the call
		}
		if w.writes.Whole && !w.writes.Returned {
			return ReachUnknown
		}
		return w.returned(u, v, depth)
	case *ssa.MakeClosure:
		fn, _ := u.Fn.(*ssa.Function)
		out := w.follow(u, root, depth+1)
		for i, b := range u.Bindings {
			if b == v && fn != nil && i < len(fn.FreeVars) {
				out = out.join(w.follow(fn.FreeVars[i], false, depth+1))
			}
		}
		return out
	case ssa.CallInstruction:
		return w.call(u, v, root, depth)
	case *ssa.Send:
		return ReachUnknown
	case *ssa.BinOp:
		if isStringType(u.Type()) {
			return w.follow(u, root, depth+1)
		}
		return ReachNone // a comparison
	case ssa.Value:
		// Loads, fields, elements, conversions, φ-nodes, slices, lookups,
		// ranges, extracts: values made from v.
		if w.writes.Whole && part(u) {
			return ReachNone
		}
		return w.follow(u, root, depth+1)
	}
	return ReachUnknown
}

// into is what storing a value into the place addr reaches: what the
// variable, struct, slice or map it belongs to reaches. A place the
// engine cannot see all of (a package variable, a parameter's target,
// a captured variable) is unknown.
func (w *reacher) into(addr ssa.Value, root bool, depth int) Reach {
	base := addr
	for range MaxDepth {
		switch b := base.(type) {
		case *ssa.FieldAddr:
			base = b.X
			continue
		case *ssa.IndexAddr:
			base = b.X
			continue
		case *ssa.UnOp:
			base = b.X
			continue
		}
		break
	}
	switch base.(type) {
	case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice:
		return w.follow(base, root, depth+1)
	}
	return ReachUnknown
}

// returned is what returning v from the function of ret reaches: what
// the results of its calls reach, when every call is in the package.
func (w *reacher) returned(ret *ssa.Return, v ssa.Value, depth int) Reach {
	fn := ret.Parent()
	obj := fn.Object()
	calls := w.r.callers[fn]
	if fn.TypeParams().Len() > 0 || fn.Parent() != nil && fn.Parent().TypeParams().Len() > 0 {
		return ReachUnknown // called through its instances
	}
	if obj == nil || obj.Exported() || w.r.escaped[fn] || w.r.invoked(fn) || len(calls) == 0 {
		return ReachUnknown
	}
	out := ReachNone
	for _, c := range calls {
		call, ok := c.(*ssa.Call)
		if !ok {
			continue
		}
		for i, res := range ret.Results {
			if res != v {
				continue
			}
			if len(ret.Results) == 1 {
				out = out.join(w.follow(call, true, depth+1))
				continue
			}
			for _, ref := range *call.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok && ex.Index == i {
					out = out.join(w.follow(ex, true, depth+1))
				}
			}
		}
	}
	return out
}

// call is what giving v to a call reaches.
func (w *reacher) call(c ssa.CallInstruction, v ssa.Value, root bool, depth int) Reach {
	cc := c.Common()
	results := func() Reach {
		if val := c.Value(); val != nil {
			return w.follow(val, root, depth+1)
		}
		return ReachNone
	}
	if cc.Value == v && !cc.IsInvoke() {
		return ReachNone // v is the function called
	}
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			if len(cc.Args) > 0 && cc.Args[0] != v {
				// What is appended reaches what the slice does.
				return results().join(w.into(cc.Args[0], root, depth))
			}
			return results()
		case "copy":
			if len(cc.Args) > 1 && cc.Args[1] == v {
				return w.into(cc.Args[0], root, depth)
			}
		}
		return ReachNone // len, cap, delete, print…
	}
	if cc.IsInvoke() {
		if batch, ok := writeName(cc.Method.Name()); ok && cc.Value != v {
			return w.counts(batch)
		}
		impls := w.r.Implementations(cc)
		if len(impls) == 0 {
			if p := cc.Method.Pkg(); p != nil && stdPath(p.Path()) && cc.Value != v {
				// io.Writer, http.ResponseWriter…: out of the program.
				return results()
			}
			return ReachUnknown
		}
		out := results()
		args := append([]ssa.Value{cc.Value}, cc.Args...)
		for _, f := range impls {
			out = out.join(w.params(f, args, v, depth))
		}
		return out
	}
	if f := cc.StaticCallee(); f != nil {
		return w.static(c, f, v, root, depth)
	}
	// A function value: a write when one of the functions it may be
	// writes (with Whole, when every one does); unknown otherwise, as a
	// caller may put any function there.
	fns := w.r.FuncValues(cc.Value)
	every := len(fns) > 0
	for _, f := range fns {
		if w.static(c, f, v, root, depth) == ReachWrite {
			if !w.writes.Whole {
				return ReachWrite
			}
		} else {
			every = false
		}
	}
	if w.writes.Whole && every {
		return ReachWrite
	}
	return ReachUnknown
}

// static is what giving v to a call of f reaches.
func (w *reacher) static(c ssa.CallInstruction, f *ssa.Function, v ssa.Value, root bool, depth int) Reach {
	cc := c.Common()
	results := func() Reach {
		if val := c.Value(); val != nil {
			return w.follow(val, root, depth+1)
		}
		return ReachNone
	}
	obj, _ := f.Object().(*types.Func)
	path := ""
	if obj != nil && obj.Pkg() != nil {
		path = obj.Pkg().Path()
	}
	if sdk.IsPath(path, sdk.AztablesPath) || sdk.IsPath(path, sdk.LegacyPath) {
		return w.sdkWrite(obj, cc.Args, v)
	}
	if f.Pkg == w.r.SSA.Pkg && f.Blocks != nil {
		return results().join(w.params(f, cc.Args, v, depth))
	}
	if path != "" && stdPath(path) {
		if cc.Signature().Recv() != nil && len(cc.Args) > 0 && cc.Args[0] != v {
			// A method of the standard library given v keeps it in
			// its receiver (a strings.Builder, a bytes.Buffer, a
			// json.Encoder): what the receiver reaches.
			return results().join(w.into(cc.Args[0], root, depth))
		}
		return results()
	}
	return ReachUnknown
}

// params is what the parameters of f given v reach inside f.
func (w *reacher) params(f *ssa.Function, args []ssa.Value, v ssa.Value, depth int) Reach {
	if f.Blocks == nil {
		return ReachUnknown
	}
	out := ReachNone
	for i, a := range args {
		if a != v || i >= len(f.Params) {
			continue
		}
		out = out.join(w.follow(f.Params[i], false, depth+1))
	}
	return out
}

// sdkWrite is what giving v to the SDK function obj reaches: a write
// when v is the entity (or actions) written, nothing otherwise (a read,
// the client a call is made on, a context).
func (w *reacher) sdkWrite(obj *types.Func, args []ssa.Value, v ssa.Value) Reach {
	op := sdk.FuncOp(obj)
	recv := obj.Type().(*types.Signature).Recv() != nil
	for i, a := range args {
		if a != v {
			continue
		}
		switch {
		case op.Legacy && op.Kind.Writes() && recv && i == 0:
			return w.counts(false) // the legacy entity is the receiver
		case !op.Legacy && op.Kind.Writes() && i >= 2:
			return w.counts(false) // after the client and the context
		case !op.Legacy && op.Kind == sdk.Submit && i >= 2:
			return w.counts(true)
		}
	}
	if recv && len(args) > 1 {
		if _, ok := sdk.LegacyBatchAction(obj.Name()); ok && args[0] != v {
			return w.counts(true)
		}
	}
	return ReachNone
}

// writeName reports whether an interface method called name takes an
// entity to write (a client's or a fake's AddEntity…), and whether it
// takes a transaction's actions (batch).
func writeName(name string) (batch, ok bool) {
	switch name {
	case "AddEntity", "UpdateEntity", "UpsertEntity":
		return false, true
	case "SubmitTransaction":
		return true, true
	}
	return false, false
}

// stdPath reports whether path names a package of the standard library
// (no dot in its first element).
func stdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
