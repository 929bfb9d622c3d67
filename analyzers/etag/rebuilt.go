package etag

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// A read-modify-write need not write back the very entity it decoded:
// code that reads a row, decodes a document from it, changes the
// document and writes a new entity under the read's PartitionKey and
// RowKey (an EDMEntity holding the document as one property, a map
// literal) replaces the row just the same, and a concurrent update is
// lost the same way. This file finds such writes: the written entity's
// keys are the read's keys (flow.SameValue: one value by its source,
// or equal constants) and one of its values derives from what the read
// returned (a backward walk over the SSA operands of the written
// entity, through variables, fields, maps, json.Marshal and
// json.Unmarshal, to the GetEntity response or to a helper whose
// ReadsEntity fact says its result or the variable it fills derives from
// a GetEntity whose keys are its parameters).

// ReadsEntity is a fact about a function that reads an entity with
// GetEntity and hands back something derived from what it read: a
// result, or what it decodes or stores through a parameter.
type ReadsEntity struct {
	Reads []ReadFact
}

// ReadFact is one read of ReadsEntity: Result is the index of the
// result derived from it (-1 for none), Out the parameter filled from
// it (-1 for none; receiver first), Keys the read's PartitionKey and
// RowKey.
type ReadFact struct {
	Result, Out int
	Keys        [2]KeyRef
}

// KeyRef is a key of a read: parameter Param (receiver first), or its
// field Field when set (a repository's partition kept in its receiver),
// or the constant Text when Const.
type KeyRef struct {
	Param int
	Field string
	Text  string
	Const bool
}

// AFact marks ReadsEntity as a fact.
func (*ReadsEntity) AFact() {}

func (r *ReadsEntity) String() string { return fmt.Sprintf("readsEntity%v", r.Reads) }

// Rewrites is a fact about a function that writes, without a
// condition, a new entity whose keys are its parameters or constants
// and some of whose values derive from other parameters (From): a
// caller that passes a read's keys and something derived from the read
// rewrites the entity read (through a save helper).
type Rewrites struct {
	Keys   [2]KeyRef
	From   []int
	Method string
}

// AFact marks Rewrites as a fact.
func (*Rewrites) AFact() {}

func (r *Rewrites) String() string { return fmt.Sprintf("rewrites%v", *r) }

// maxWalk bounds the values one backward walk visits.
const maxWalk = 256

// readSite is a read something derives from, seen from the asking
// function: its keys there (a value, or a constant's text), and the
// helper it came through ("" for a GetEntity of the function).
type readSite struct {
	keys [2]siteKey
	via  string
	call ssa.CallInstruction // the GetEntity, when direct
}

type siteKey struct {
	v     ssa.Value
	field string // the key is this field of v
	text  string
	konst bool
}

// readers computes the ReadsEntity facts of the package's functions
// (imported facts for other packages' through lookup).
type readers struct {
	fl     *flow.Result
	local  map[*ssa.Function]*ReadsEntity
	lookup func(*types.Func) *ReadsEntity
	// writers holds the package's Rewrites; writersOf imports others'.
	writers   map[*ssa.Function]*Rewrites
	writersOf func(*types.Func) *Rewrites
	// fieldWriters holds the package's RewritesFields (fieldkeys.go);
	// fieldWritersOf imports others'.
	fieldWriters   map[*ssa.Function]*RewritesFields
	fieldWritersOf func(*types.Func) *RewritesFields
	fieldWritePos  map[*ssa.Function]token.Pos
	// fieldWriteSDK is the SDK write of each of the package's
	// RewritesFields, however deep (decoded.go compares its table).
	fieldWriteSDK map[*ssa.Function]token.Pos
	// paramReads caches rowRead's answers for parameters.
	paramReads map[paramKey]string
}

// rewritesOf returns f's Rewrites: the package's own, or imported.
func (rs *readers) rewritesOf(f *ssa.Function) *Rewrites {
	return summaryOf(rs, f, rs.writers, rs.writersOf)
}

// summaryOf returns a function's summary of one kind: the package's own
// (local, keyed by the generic origin of an instance) or, for a function
// of another package, the imported fact (imported may be nil).
func summaryOf[T any](rs *readers, f *ssa.Function, local map[*ssa.Function]*T, imported func(*types.Func) *T) *T {
	if f == nil {
		return nil
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	if r, ok := local[f]; ok {
		return r
	}
	if obj, ok := f.Object().(*types.Func); ok && f.Pkg != rs.fl.SSA.Pkg && imported != nil {
		return imported(obj)
	}
	return nil
}

// noteWrite records that fn writes ent, a new entity, without a
// condition (Rewrites), when its keys are fn's parameters or constants
// (not both constants) and some value of it derives from another
// parameter.
func (rs *readers) noteWrite(fn *ssa.Function, ent ssa.Value, method string) {
	if fn.Object() == nil || rs.writers[fn] != nil {
		return
	}
	var r Rewrites
	keyParams := map[int]bool{}
	for k, name := range []string{"PartitionKey", "RowKey"} {
		v, ok := flow.EntityKey(ent, name)
		if !ok {
			return
		}
		if r.Keys[k], ok = keyRef(fn, siteKey{v: v}); !ok {
			return
		}
		if !r.Keys[k].Const {
			keyParams[r.Keys[k].Param] = true
		}
	}
	if len(keyParams) == 0 {
		return
	}
	w := &walker{rs: rs, seen: map[ssa.Value]bool{}, params: map[int]bool{}}
	w.value(ent)
	for p := range w.params {
		if !keyParams[p] {
			r.From = append(r.From, p)
		}
	}
	if len(r.From) == 0 {
		return
	}
	slices.Sort(r.From)
	r.Method = method
	rs.writers[fn] = &r
}

// rewrittenBy returns, for a call of a function with Rewrites, the read
// a value it is given derives from whose keys are the keys it is given.
func (rs *readers) rewrittenBy(cc *ssa.CallCommon) (*ssa.Function, *Rewrites, readSite, bool) {
	args := callArgs(cc)
	for _, impl := range rs.fl.Implementations(cc) {
		r := rs.rewritesOf(impl)
		if r == nil {
			continue
		}
		keys := bind(ReadFact{Keys: r.Keys}, args, "").keys
		for _, p := range r.From {
			if p >= len(args) {
				continue
			}
			for _, s := range rs.walk(args[p]) {
				if keysMatch(s.keys[0], keys[0]) && keysMatch(s.keys[1], keys[1]) {
					return impl, r, s, true
				}
			}
		}
	}
	return nil, nil, readSite{}, false
}

// keysMatch: two keys known equal (constants by their text, values by
// their source).
func keysMatch(a, b siteKey) bool {
	if a.field != "" || b.field != "" {
		return a.field == b.field && a.v != nil && b.v != nil && flow.SameValue(a.v, b.v)
	}
	switch {
	case a.konst && b.konst:
		return a.text == b.text
	case a.konst:
		return b.v != nil && sameKey(a, b.v)
	case b.konst:
		return a.v != nil && sameKey(b, a.v)
	}
	return a.v != nil && b.v != nil && flow.SameValue(a.v, b.v)
}

func (rs *readers) of(f *ssa.Function) *ReadsEntity {
	if f == nil {
		return nil
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	if r, ok := rs.local[f]; ok {
		return r
	}
	if obj, ok := f.Object().(*types.Func); ok && f.Pkg != rs.fl.SSA.Pkg && rs.lookup != nil {
		return rs.lookup(obj)
	}
	return nil
}

// summarize computes the facts of the package's functions, helpers of
// helpers in up to flow.MaxSummaryRounds rounds.
func (rs *readers) summarize() {
	for round := 0; round < flow.MaxSummaryRounds; round++ {
		grew := false
		for _, fn := range rs.fl.SSA.SrcFuncs {
			if fn.Object() == nil || fn.Blocks == nil {
				continue
			}
			r := rs.summary(fn)
			if r == nil {
				continue
			}
			if old := rs.local[fn]; old == nil || len(old.Reads) < len(r.Reads) {
				rs.local[fn] = r
				grew = true
			}
		}
		if !grew {
			return
		}
	}
}

// summary: the reads of fn whose keys are its parameters or constants
// and from which a result, or what it decodes or stores through a
// parameter, derives.
func (rs *readers) summary(fn *ssa.Function) *ReadsEntity {
	var out ReadsEntity
	add := func(result, param int, sites []readSite) {
		for _, s := range sites {
			f := ReadFact{Result: result, Out: param}
			ok := true
			for k, sk := range s.keys {
				f.Keys[k], ok = keyRef(fn, sk)
				if !ok {
					break
				}
			}
			if ok && !slices.Contains(out.Reads, f) && len(out.Reads) < flow.MaxVariants {
				out.Reads = append(out.Reads, f)
			}
		}
	}
	paramIndex := func(v ssa.Value) int {
		for i, p := range fn.Params {
			if flow.Unwrap(v) == p {
				return i
			}
		}
		return -1
	}
	res := fn.Signature.Results()
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Return:
				for i, v := range in.Results {
					if i < res.Len() && !isErrorType(res.At(i).Type()) {
						add(i, -1, rs.walk(v))
					}
				}
			case *ssa.Store:
				if p := paramIndex(in.Addr); p >= 0 {
					add(-1, p, rs.walk(in.Val))
				}
			case ssa.CallInstruction:
				cc := in.Common()
				args := callArgs(cc)
				if f := cc.StaticCallee(); f != nil && isJSONUnmarshal(f) && len(cc.Args) == 2 {
					if p := paramIndex(cc.Args[1]); p >= 0 {
						add(-1, p, rs.walk(cc.Args[0]))
					}
					continue
				}
				// A parameter handed on to a helper that fills it.
				for _, impl := range rs.fl.Implementations(cc) {
					r := rs.of(impl)
					if r == nil {
						continue
					}
					for _, rf := range r.Reads {
						if rf.Out >= 0 && rf.Out < len(args) {
							if p := paramIndex(args[rf.Out]); p >= 0 {
								add(-1, p, []readSite{bind(rf, args, baseName(impl))})
							}
						}
					}
				}
			}
		}
	}
	if len(out.Reads) == 0 {
		return nil
	}
	return &out
}

// keyRef expresses a read's key in fn's terms: a parameter or a
// constant.
func keyRef(fn *ssa.Function, k siteKey) (KeyRef, bool) {
	if k.konst {
		return KeyRef{Text: k.text, Const: true}, true
	}
	if c, ok := flow.Unwrap(k.v).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return KeyRef{Text: constant.StringVal(c.Value), Const: true}, true
	}
	base, field := k.v, k.field
	if field == "" {
		base, field = fieldOf(k.v)
	}
	for i, p := range fn.Params {
		if flow.Unwrap(base) == p {
			return KeyRef{Param: i, Field: field}, true
		}
	}
	return KeyRef{}, false
}

// fieldOf splits a load of a field of a struct value or pointer (r.part)
// into the struct and the field's name; v itself and "" for any other
// value. The function must never assign the field (flow.SameValue's
// rule for fields).
func fieldOf(v ssa.Value) (ssa.Value, string) {
	switch x := flow.Unwrap(v).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && !flow.FieldAssigned(fa) {
			return fa.X, fieldName(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return x.X, fieldName(x.X.Type(), x.Field)
	}
	return v, ""
}

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return ""
}

// bind expresses a helper's read in the caller's terms.
func bind(rf ReadFact, args []ssa.Value, via string) readSite {
	s := readSite{via: via}
	for k, kr := range rf.Keys {
		switch {
		case kr.Const:
			s.keys[k] = siteKey{text: kr.Text, konst: true}
		case kr.Param < len(args):
			s.keys[k] = siteKey{v: args[kr.Param], field: kr.Field}
		}
	}
	return s
}

// walk returns the reads v derives from.
func (rs *readers) walk(v ssa.Value) []readSite {
	w := &walker{rs: rs, seen: map[ssa.Value]bool{}}
	w.value(v)
	return w.sites
}

type walker struct {
	rs    *readers
	seen  map[ssa.Value]bool
	sites []readSite
	// params, when not nil, collects the parameters reached (index,
	// receiver first).
	params map[int]bool
}

func (w *walker) value(v ssa.Value) {
	if v == nil || w.seen[v] || len(w.seen) >= maxWalk {
		return
	}
	w.seen[v] = true
	switch v := v.(type) {
	case *ssa.Parameter:
		if w.params != nil {
			for i, p := range v.Parent().Params {
				if p == v {
					w.params[i] = true
				}
			}
		}
		return
	case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.FreeVar, *ssa.Builtin:
		return
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			w.call(c, v.Index)
			return
		}
	case *ssa.Call:
		w.call(v, 0)
		return
	case *ssa.Alloc:
		w.address(v, 0)
		return
	case *ssa.MakeMap:
		for _, ref := range *v.Referrers() {
			if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == v {
				w.value(u.Value)
			}
		}
		return
	case *ssa.MakeSlice:
		w.address(v, 0)
		return
	}
	if in, ok := v.(ssa.Instruction); ok {
		for _, op := range in.Operands(nil) {
			if op != nil {
				w.value(*op)
			}
		}
	}
}

// call: the result index of a call. A GetEntity response is a read; a
// helper's result is its fact's reads, bound to the arguments, and what
// the arguments give it.
func (w *walker) call(c *ssa.Call, index int) {
	cc := c.Common()
	if isGetEntity(cc) {
		if index == 0 {
			args := flow.CallArgs(cc)
			if cc.IsInvoke() {
				args = cc.Args
			}
			if len(args) >= 3 {
				w.sites = append(w.sites, readSite{keys: [2]siteKey{{v: args[1]}, {v: args[2]}}, call: c})
			}
		}
		return
	}
	if f := cc.StaticCallee(); f != nil && isJSONMarshal(f) && len(cc.Args) == 1 {
		w.value(cc.Args[0])
		return
	}
	args := callArgs(cc)
	for _, impl := range w.rs.fl.Implementations(cc) {
		if r := w.rs.of(impl); r != nil {
			for _, rf := range r.Reads {
				if rf.Result == index {
					w.sites = append(w.sites, bind(rf, args, baseName(impl)))
				}
			}
		}
	}
	for _, a := range args {
		w.value(a)
	}
}

// address: what is stored at the address a (a variable, a struct's
// field, an array's element) and what fills it: json.Unmarshal's data,
// a helper that fills the parameter it is given.
func (w *walker) address(a ssa.Value, depth int) {
	refs := a.Referrers()
	if refs == nil || depth > 4 {
		return
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == a {
				w.value(r.Val)
			}
		case *ssa.FieldAddr:
			w.address(r, depth+1)
		case *ssa.IndexAddr:
			w.address(r, depth+1)
		case *ssa.MakeInterface:
			w.address(r, depth+1)
		case *ssa.ChangeType:
			w.address(r, depth+1)
		case *ssa.Slice:
			w.address(r, depth+1)
		case ssa.CallInstruction:
			cc := r.Common()
			if f := cc.StaticCallee(); f != nil && isJSONUnmarshal(f) && len(cc.Args) == 2 && cc.Args[1] == a {
				w.value(cc.Args[0])
				continue
			}
			args := callArgs(cc)
			for _, impl := range w.rs.fl.Implementations(cc) {
				r := w.rs.of(impl)
				if r == nil {
					continue
				}
				for _, rf := range r.Reads {
					if rf.Out >= 0 && rf.Out < len(args) && args[rf.Out] == a {
						w.sites = append(w.sites, bind(rf, args, baseName(impl)))
					}
				}
			}
		}
	}
}

// callArgs: the receiver (of a static method or an interface call)
// first, then the arguments.
func callArgs(cc *ssa.CallCommon) []ssa.Value {
	if cc.IsInvoke() {
		return append([]ssa.Value{cc.Value}, cc.Args...)
	}
	return cc.Args
}

func isGetEntity(cc *ssa.CallCommon) bool {
	if cc.IsInvoke() {
		res := cc.Signature().Results()
		return cc.Method.Name() == "GetEntity" && res.Len() > 0 && isAztables(res.At(0).Type(), "GetEntityResponse")
	}
	f := cc.StaticCallee()
	if f == nil {
		return false
	}
	obj, ok := f.Object().(*types.Func)
	return ok && obj.Name() == "GetEntity" && obj.Pkg() != nil && sdk.IsPath(obj.Pkg().Path(), sdk.AztablesPath)
}

func isJSONMarshal(f *ssa.Function) bool {
	return f.Pkg != nil && f.Pkg.Pkg.Path() == "encoding/json" && (f.Name() == "Marshal" || f.Name() == "MarshalIndent")
}

func isJSONUnmarshal(f *ssa.Function) bool {
	return f.Pkg != nil && f.Pkg.Pkg.Path() == "encoding/json" && f.Name() == "Unmarshal"
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// rebuiltFrom returns the read the entity ent written in fn is rebuilt
// from: a read some value of ent derives from, whose keys are ent's
// keys. differentTable says whether a GetEntity of the function reads
// another table than the write's.
func (rs *readers) rebuiltFrom(ent ssa.Value, differentTable func(get ssa.CallInstruction) bool) (readSite, bool) {
	pk, ok1 := flow.EntityKey(ent, "PartitionKey")
	rk, ok2 := flow.EntityKey(ent, "RowKey")

	if !ok1 || !ok2 {
		return readSite{}, false
	}
	keys := [2]ssa.Value{pk, rk}
	own := rs.ownKeys(pk, rk)
	for _, s := range rs.walk(ent) {
		same := true
		for k, sk := range s.keys {
			if !own && !sameKey(sk, keys[k]) {
				same = false
			}
		}
		if same && (s.call == nil || differentTable == nil || !differentTable(s.call)) {
			return s, true
		}
	}
	return readSite{}, false
}

// ownKeys: pk and rk are the PartitionKey and RowKey of one entity read
// by GetEntity (its decoded keys, kept in a struct or handed back by
// helpers on the way: flow names them GetEntity….PartitionKey and
// GetEntity….RowKey of one read path), whatever keys the read was asked
// with: an entity written under them is the row read.
func (rs *readers) ownKeys(pk, rk ssa.Value) bool {
	pr, ok1 := readKey(rs.fl.OfLocal(pk), "PartitionKey")
	rr, ok2 := readKey(rs.fl.OfLocal(rk), "RowKey")
	return ok1 && ok2 && pr == rr || rs.ownEntries(pk, rk)
}

// ownEntries: pk and rk are the PartitionKey and RowKey entries of one
// map decoded from a read (GetEntity or a list page), a map whose keys
// the function does not replace: the entity written under them is the
// row read, whatever else it holds.
func (rs *readers) ownEntries(pk, rk ssa.Value) bool {
	mp, ok1 := flow.LookedUp(pk, "PartitionKey")
	mr, ok2 := flow.LookedUp(rk, "RowKey")
	if !ok1 || !ok2 || !sameMap(mp, mr) || flow.MapRekeyed(mp) {
		return false
	}
	for _, o := range rs.fl.Origins(mp) {
		if o.Source == flow.Entity && readWhat(o.What) != "" {
			return true
		}
	}
	return false
}

// sameMap: a and b are one map value, or loads of one map variable.
func sameMap(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	la, ok1 := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL || la.X != lb.X {
		return false
	}
	_, ok := la.X.(*ssa.Alloc)
	return ok
}

// readKey: every variant of v is one Entity hole, the field key of a
// GetEntity read; the read's path (What without the key), the same for
// every variant.
func readKey(v flow.Value, key string) (string, bool) {
	path := ""
	if v.Approx || len(v.Variants) == 0 {
		return "", false
	}
	for i, vr := range v.Variants {
		if len(vr.Parts) != 1 || vr.Parts[0].Hole == nil {
			return "", false
		}
		h := vr.Parts[0].Hole
		p, ok := strings.CutSuffix(h.What, "."+key)
		if h.Source != flow.Entity || !ok || !strings.HasPrefix(p, "GetEntity") || (i > 0 && p != path) {
			return "", false
		}
		path = p
	}
	return path, true
}

func sameKey(k siteKey, v ssa.Value) bool {
	if k.konst {
		c, ok := flow.Unwrap(v).(*ssa.Const)
		return ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == k.text
	}
	if k.field != "" {
		base, field := fieldOf(v)
		return field == k.field && k.v != nil && flow.SameValue(k.v, base)
	}
	return k.v != nil && flow.SameValue(k.v, v)
}

// rewriteMessage describes a call of a function that rewrites an entity
// read by the caller from its data.
func rewriteMessage(name string, r *Rewrites, s readSite) (string, string) {
	read := "GetEntity"
	if s.via != "" {
		read += " (through " + s.via + ")"
	}
	return fmt.Sprintf("%s rewrites the entity read by %s from its data (%s, no IfMatch)", name, read, r.Method),
		name + " rewrites an entity read by GetEntity from its data without IfMatch"
}

// rebuiltMessage describes a write of an entity rebuilt from a read.
func rebuiltMessage(method string, s readSite) (string, string) {
	read := "GetEntity"
	if s.via != "" {
		read += " (through " + s.via + ")"
	}
	return method + " rewrites the entity read by " + read + " from its data without IfMatch",
		method + " rewrites an entity read by GetEntity from its data without IfMatch"
}
