// Package keyflow finds, on the value-flow layer, every place a
// PartitionKey or RowKey is given a value: the key fields of entity
// structs and maps, the key arguments of GetEntity, DeleteEntity and
// legacy GetEntityReference (GetEntity and DeleteEntity also through an
// interface of the user's that the client satisfies: sdk.InvokedOp), and
// the arguments of functions that make a
// parameter (or a field of one) a key — a KeyParams fact, so that it
// works across packages, through helpers of helpers and through calls of
// interfaces the package's types implement (every loaded package's under
// tablelint check). Rules about keys (TL201, TL209) read its Result.
package keyflow

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// Analyzer computes the Result and exports KeyParams facts.
var Analyzer = &analysis.Analyzer{
	Name:             "keyflow",
	Doc:              "keyflow: where keys get their values, and the parameters functions make keys (facts)",
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/internal/keyflow",
	Requires:         []*analysis.Analyzer{flow.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(KeyParams)},
	ResultType:       reflect.TypeOf((*Result)(nil)),
}

// KeyParams is a fact about a function: the parameters it makes a
// PartitionKey or RowKey, "i" (index, receiver first) or "i.Field" (a
// field of it) to its Use; "i@Key" for the second key the parameter
// becomes (Use.Second).
type KeyParams struct {
	Keys map[string]Use
}

// Use is how a function makes a parameter a key: which key, whether it
// only reads or deletes by it, and the bounds its own code puts on the
// value on the way (formatted as a time, as digits…), which the caller's
// argument takes on.
type Use struct {
	Key     string
	Read    bool
	Bound   flow.Bound
	Written bool
	// Unwritten marks a key of a struct or map that flow shows never
	// reaches a write (flow.Reaches): a query's or a read's descriptor.
	Unwritten bool
	// At is where the function sets the key (this package only: zero
	// in facts).
	At token.Pos
	// Also lists the other places (this package only) where the
	// function's code makes the same parameter the same key: a helper
	// calling one key-building function to write and another to read.
	Also []token.Pos
	// Second marks a parameter's second key ("i@Key"): the function
	// also makes it the other key, which has the parameter's first Use.
	Second bool
}

// AFact marks KeyParams as a fact.
func (*KeyParams) AFact() {}

func (k *KeyParams) String() string { return fmt.Sprintf("keyParams%v", k.Keys) }

// Sink is one place a key is given a value.
type Sink struct {
	Key string // "PartitionKey" or "RowKey"
	Val ssa.Value
	// Field, when set, is the field of Val that is the key.
	Field string
	Pos   token.Pos
	Fn    *ssa.Function
	// Callee is set for the argument of a function that makes it a key.
	Callee *ssa.Function
	// Read marks the key arguments of GetEntity and DeleteEntity.
	Read bool
	// Bound is what the callee's code bounds the argument by.
	Bound flow.Bound
	// Written marks a key of an entity that is itself (not a field
	// copied from it) written on its own, with AddEntity, UpsertEntity,
	// UpdateEntity or a legacy entity's write, in the function or
	// wherever flow follows it (flow.ReachesAs: the package's helpers,
	// methods, interface implementations, closures and the callers of the
	// function that returns it). For the argument of a key-making
	// function, the callee's Use.Written.
	Written bool
	// Entity, for a key field or map entry, is the struct variable
	// (or map) the key is set in.
	Entity ssa.Value
	// Unwritten marks a key of an entity that flow follows to its every
	// use and sees reach no write (flow.Reaches is ReachNone): a struct
	// with key fields that only describes a read. For the argument of a
	// key-making function, the callee's Use.Unwritten.
	Unwritten bool
	// At, for the argument of a function of this package, is where that
	// function sets the key; 0 otherwise.
	At token.Pos
	// Also lists the other places that function sets the same key from
	// the argument (Use.Also).
	Also []token.Pos
	// Second marks the argument's second key in that function (Use.Second).
	Second bool
	// Call and Param, for the argument of a key-making function, are
	// the call and the callee's parameter (receiver first) Val is given
	// for.
	Call  ssa.CallInstruction
	Param int
	// named, for the keys of a legacy GetEntityReference, is the entity
	// the call returns (whose Insert, Update… writes them).
	named ssa.Value
}

// Result lists the sinks of a package, those in its functions first,
// then the arguments of key-making functions.
type Result struct {
	Sinks []Sink
	fl    *flow.Result
	pass  *analysis.Pass
	// calls maps the Lparen of each call of the package to the call,
	// built on first use (KeyPos).
	calls map[token.Pos]*ast.CallExpr
}

// KeyPos is where the value of the key at s is written in the function
// of s: for the key argument of GetEntity, DeleteEntity or the legacy
// GetEntityReference (sdk.KeyArgs), that argument, so that each key is
// placed on its own line like an entity's key field; for the argument of
// a key-making function, that argument; s.Pos for every other sink. Rules place a finding about a key's value there, and a
// function that makes its parameter a key records it as the Use's At.
func (r *Result) KeyPos(s Sink) token.Pos {
	if r.calls == nil {
		r.calls = map[token.Pos]*ast.CallExpr{}
		for _, f := range r.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					r.calls[call.Lparen] = call
				}
				return true
			})
		}
	}
	call := r.calls[s.Pos]
	if call == nil {
		return s.Pos
	}
	if s.Callee != nil && s.Call != nil {
		// The argument given for the callee's parameter (receiver first
		// in s.Param; a method's receiver is not among call.Args).
		i := s.Param
		if cc := s.Call.Common(); cc.IsInvoke() || cc.Signature().Recv() != nil {
			i--
		}
		if i >= 0 && i < len(call.Args) && !call.Ellipsis.IsValid() {
			return call.Args[i].Pos()
		}
		return s.Pos
	}
	pk, rk, ok := sdk.KeyArgs(sdk.CallOp(r.pass.TypesInfo, call))
	if !ok || rk >= len(call.Args) {
		return s.Pos
	}
	if s.Key == "RowKey" {
		return call.Args[rk].Pos()
	}
	return call.Args[pk].Pos()
}

// Of returns the Result for pass.
func Of(pass *analysis.Pass) *Result { return pass.ResultOf[Analyzer].(*Result) }

// Value is the value of the key at s, parameters kept as holes.
func (r *Result) Value(s Sink) flow.Value {
	var v flow.Value
	if s.Field != "" {
		var ok bool
		if s.Call != nil {
			// What the caller puts in the field (flow.ArgField).
			v, ok = r.fl.ArgField(s.Call, s.Param, s.Field)
		}
		if !ok {
			v = r.fl.FieldOfLocal(s.Val, s.Field)
		}
	} else {
		v = r.fl.OfLocal(s.Val)
	}
	if s.Bound != 0 {
		v = flow.WithBound(v, s.Bound)
	}
	return v
}

// WrittenOrReturned reports whether the entity the key at s is given to
// is itself written: s.Written, or — for a key field or map entry, or the
// keys of a legacy GetEntityReference (the entity it returns) — written
// whole by the package's callers of the function that sets the key and
// returns the entity (flow.Writes.Returned: entity(t, m) returning the
// entity its caller inserts).
func (r *Result) WrittenOrReturned(s Sink) bool {
	if s.Written {
		return true
	}
	e := s.Entity
	if e == nil {
		e = s.named
	}
	if e == nil || s.Read || s.Callee != nil {
		return false
	}
	return r.fl.ReachesAs(e, flow.Writes{Entity: true, Whole: true, Returned: true}) == flow.ReachWrite
}

// A Fallback is a value a key takes on a way through the code that
// settled values alone choose (flow.Path.Chosen): what every write gets in
// a deployment whose settings take that way — the default of a setting
// left empty.
type Fallback struct {
	Value flow.Value
	// Pos is where that value is made (0 when unknown).
	Pos token.Pos
}

// Fallbacks returns the values the key at s takes on the ways settled
// values alone choose (flow.Paths, flow.Settled): pk := w.cfg.Partition;
// if pk == "" { pk = time.Now().Format("2006010215") } — the second
// assignment, when w holds a Table client (a writer, whose fields are its
// settings). A way that also depends on the write's data (if ev.Site ==
// "" …) is none; nor is any way of a key that is a field of an argument
// (s.Field).
func (r *Result) Fallbacks(s Sink) []Fallback {
	if s.Field != "" {
		return nil
	}
	var out []Fallback
	for _, p := range r.fl.Paths(s.Val) {
		if !p.Chosen() {
			continue
		}
		v := r.fl.OfLocal(p.Value)
		if s.Bound != 0 {
			v = flow.WithBound(v, s.Bound)
		}
		out = append(out, Fallback{Value: v, Pos: p.Value.Pos()})
	}
	return out
}

func run(pass *analysis.Pass) (any, error) {
	fl := flow.Of(pass)
	res := &Result{fl: fl, pass: pass}
	params := map[*ssa.Function]map[string]Use{}
	// note records the parameters a sink's value comes from.
	note := func(s Sink) bool {
		grew := false
		if s.Fn.Object() == nil {
			return false
		}
		for _, h := range res.Value(s).Holes() {
			if h.Source != flow.Param {
				continue
			}
			k := strconv.Itoa(h.Param)
			if h.Field != "" {
				k += "." + h.Field
			}
			// A second key the parameter becomes ("i@Key"): a helper that
			// cuts one argument into both keys makes it the PartitionKey
			// and the RowKey, and each is reported at its own place. It is
			// marked Second: the rules that group keys (transactions) keep
			// to the first, not knowing which of several entities a helper
			// makes (pair(a)[0] or [1]) the caller uses.
			second := false
			if old, ok := params[s.Fn][k]; ok && old.Key != s.Key {
				k += "@" + s.Key
				second = true
			}
			if params[s.Fn] == nil {
				params[s.Fn] = map[string]Use{}
			}
			// A parameter only read by key (GetEntity, DeleteEntity) is
			// noted Read; a write makes it a written key.
			at := res.KeyPos(s)
			if s.At != 0 {
				at = s.At
			}
			use := Use{Key: s.Key, Read: s.Read, Bound: h.Bound, Written: s.Written, Unwritten: s.Unwritten, At: at, Second: second || s.Second}
			old, ok := params[s.Fn][k]
			if !ok || (old.Read && !s.Read) || (!old.Written && s.Written) || (old.Unwritten && !s.Unwritten) {
				if ok && old.Key == use.Key {
					use.Also = addPos(use.Also, use.At, old.Also...)
					use.Also = addPos(use.Also, use.At, old.At)
				}
				use.Also = addPos(use.Also, use.At, s.Also...)
				params[s.Fn][k] = use
				grew = true
			} else if old.Key == use.Key {
				n := len(old.Also)
				old.Also = addPos(old.Also, old.At, at)
				old.Also = addPos(old.Also, old.At, s.Also...)
				if len(old.Also) > n {
					params[s.Fn][k] = old
					grew = true
				}
			}
		}
		return grew
	}
	type reach struct{ any, own flow.Reach }
	reaches := map[ssa.Value]reach{}
	for _, fn := range fl.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				for _, s := range sinksOf(fn, in) {
					if s.Entity != nil {
						r, ok := reaches[s.Entity]
						if !ok {
							r.any = fl.Reaches(s.Entity)
							if r.any == flow.ReachWrite {
								r.own = fl.ReachesAs(s.Entity, flow.Writes{Entity: true, Whole: true})
							}
							reaches[s.Entity] = r
						}
						s.Unwritten = r.any == flow.ReachNone
						s.Written = r.own == flow.ReachWrite
					}
					res.Sinks = append(res.Sinks, s)
					note(s)
				}
			}
		}
	}
	lookup := func(f *ssa.Function) map[string]Use {
		if o := f.Origin(); o != nil {
			f = o
		}
		if k, ok := params[f]; ok {
			return k
		}
		obj, ok := f.Object().(*types.Func)
		if !ok || f.Pkg == fl.SSA.Pkg {
			return nil
		}
		var kp KeyParams
		if pass.ImportObjectFact(obj, &kp) {
			return kp.Keys
		}
		return nil
	}
	callee := func(impl *ssa.Function) map[string]Use {
		if obj, ok := impl.Object().(*types.Func); ok {
			if _, _, ok := sdk.KeyArgs(sdk.FuncOp(obj)); ok {
				return nil // a sink of its own (sinksOf)
			}
		}
		return lookup(impl)
	}
	param := func(k string) int { i, _ := splitParam(k); return i }
	// A call site is visited again when its callee's Use grew (another
	// place the callee makes the parameter a key): its sink is replaced.
	type siteKey struct {
		call   ssa.CallInstruction
		callee *ssa.Function
		k      string
	}
	visited := map[siteKey]int{}
	flow.PropagateParams(fl, callee, param, func(site flow.CallSite, k string, u Use) bool {
		i, field := splitParam(k)
		s := Sink{Key: u.Key, Val: site.Args[i], Field: field, Pos: site.Call.Pos(), Fn: site.Fn, Callee: site.Callee, Read: u.Read, Bound: u.Bound, Written: u.Written, Unwritten: u.Unwritten, At: u.At, Also: u.Also, Call: site.Call, Param: i, Second: u.Second}
		id := siteKey{site.Call, site.Callee, k}
		if j, ok := visited[id]; ok {
			res.Sinks[j] = s
		} else {
			visited[id] = len(res.Sinks)
			res.Sinks = append(res.Sinks, s)
		}
		return note(s)
	})
	for fn, keys := range params {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == fl.SSA.Pkg {
			out := make(map[string]Use, len(keys))
			for k, u := range keys {
				u.At = 0
				u.Also = nil
				out[k] = u
			}
			pass.ExportObjectFact(obj, &KeyParams{Keys: out})
		}
	}
	return res, nil
}

// sinksOf returns the keys the instruction sets: a PartitionKey or RowKey
// field of a struct that has both, a "PartitionKey"/"RowKey" map entry,
// the key arguments of GetEntity, DeleteEntity and legacy
// GetEntityReference.
func sinksOf(fn *ssa.Function, in ssa.Instruction) []Sink {
	switch in := in.(type) {
	case *ssa.Store:
		fa, ok := in.Addr.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		elem := fa.X.Type().Underlying().(*types.Pointer).Elem()
		st, ok := elem.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		name := st.Field(fa.Field).Name()
		// The named type, not st: the legacy storage.Entity is an
		// entity (writes.NotEntityData), its Table field aside.
		if (name == "PartitionKey" || name == "RowKey") && hasKeys(st) && isString(st.Field(fa.Field).Type()) && !writes.NotEntityData(elem) {
			base := fa.X
			for {
				inner, ok := base.(*ssa.FieldAddr)
				if !ok {
					break
				}
				base = inner.X
			}
			return []Sink{{Key: name, Val: in.Val, Pos: in.Pos(), Fn: fn, Entity: base}}
		}
	case *ssa.MapUpdate:
		k, ok := in.Key.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.String {
			return nil
		}
		if name := constant.StringVal(k.Value); name == "PartitionKey" || name == "RowKey" {
			return []Sink{{Key: name, Val: in.Value, Pos: in.Pos(), Fn: fn, Entity: mapVar(in.Map)}}
		}
	case ssa.CallInstruction:
		f := in.Common().StaticCallee()
		if f == nil {
			// Through an interface of the user's that the aztables
			// client satisfies (reader.GetEntity(ctx, pk, rk, nil)).
			cc := in.Common()
			if !cc.IsInvoke() {
				return nil
			}
			pk, rk, ok := sdk.KeyArgs(sdk.InvokedOp(cc.Method))
			if !ok || rk >= len(cc.Args) {
				return nil
			}
			return []Sink{{Key: "PartitionKey", Val: cc.Args[pk], Pos: in.Pos(), Fn: fn, Read: true}, {Key: "RowKey", Val: cc.Args[rk], Pos: in.Pos(), Fn: fn, Read: true}}
		}
		if o := f.Origin(); o != nil {
			f = o
		}
		obj, ok := f.Object().(*types.Func)
		if !ok || obj.Pkg() == nil {
			return nil
		}
		// The operations given keys as arguments (sdk.KeyArgs): GetEntity
		// and DeleteEntity read or delete by them; the legacy
		// GetEntityReference names an entity that may also be written.
		op := sdk.FuncOp(obj)
		pk, rk, ok := sdk.KeyArgs(op)
		if !ok || rk+1 >= len(in.Common().Args) {
			return nil
		}
		args := in.Common().Args[1:] // after the receiver: a static method call
		read := !op.Legacy
		var named ssa.Value
		if op.Legacy {
			named = in.Value()
		}
		return []Sink{{Key: "PartitionKey", Val: args[pk], Pos: in.Pos(), Fn: fn, Read: read, named: named}, {Key: "RowKey", Val: args[rk], Pos: in.Pos(), Fn: fn, Read: read, named: named}}
	}
	return nil
}

// mapVar is the variable a map is loaded from (the map it names for
// every load), or m itself.
func mapVar(m ssa.Value) ssa.Value {
	if ld, ok := m.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok {
			return a
		}
	}
	return m
}

// addPos adds the positions to list, but for zero, primary and those
// already listed.
func addPos(list []token.Pos, primary token.Pos, ps ...token.Pos) []token.Pos {
	for _, p := range ps {
		if p != 0 && p != primary && !slices.Contains(list, p) {
			list = append(list, p)
		}
	}
	return list
}

// splitParam splits "i@Key" or "i.Field@Key".
func splitParam(k string) (int, string) {
	k, _, _ = strings.Cut(k, "@")
	idx, field, _ := strings.Cut(k, ".")
	i, err := strconv.Atoi(idx)
	if err != nil {
		return -1, ""
	}
	return i, field
}

func hasKeys(st *types.Struct) bool {
	n := 0
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); (f.Name() == "PartitionKey" || f.Name() == "RowKey") && isString(f.Type()) {
			n++
		}
	}
	return n == 2
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
