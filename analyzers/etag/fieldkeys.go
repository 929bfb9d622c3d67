package etag

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
)

// A save helper often writes a new entity whose keys are computed from
// the fields of a struct of the program it is given (PartitionKey:
// roomKey(r.Room), RowKey: r.ID), and a caller passes it a struct it
// filled from a row it read, changed. This file finds such calls: the
// helper's keys as functions of its struct parameter's fields (the
// fact RewritesFields), and at each call the struct's fields resolved
// to what the read row holds.
//
// A write under "the read row's own keys" is decided by names: each
// field a key is computed from must come, at the call, from the read
// row's value of a name under which the helper itself writes that
// field: the key itself (RowKey: s.ID, filled from the row's RowKey),
// or a property the helper stores the field in ("Room": s.Room and
// PartitionKey: key(s.Room), filled from the row's "Room"). A row the
// helper wrote then holds keys computed from those very properties, so
// writing the struct back hits the row it was read from. A field
// filled from another name, changed, or not from a read leaves the
// call silent, as does a helper whose keys read anything but its
// struct's fields, its receiver and constants.

// RewritesFields is a fact about a function that writes, without a
// condition, a new entity whose keys are computed from fields of its
// struct parameter Param (receiver first) and constants (its receiver
// aside): Names gives, for each such field, the names under which the
// entity stores it as it is (PartitionKey or RowKey when a key is the
// field itself, a property's name).
type RewritesFields struct {
	Param int
	Names map[string][]string
	// Whole names the properties the entity stores the struct in
	// whole, marshalled (Document: string(json.Marshal(r))): a row the
	// function wrote holds its key fields there too.
	Whole  []string
	Method string
}

// AFact marks RewritesFields as a fact.
func (*RewritesFields) AFact() {}

func (r *RewritesFields) String() string {
	return fmt.Sprintf("rewritesFields(%d %v %v %s)", r.Param, r.Names, r.Whole, r.Method)
}

// noteFieldWrite records RewritesFields for fn's write of ent.
// pos is the write (the SDK call, or the call that hands the entity
// to the function that writes it).
func (rs *readers) noteFieldWrite(fn *ssa.Function, ent ssa.Value, method string, pos token.Pos, sdkWrite bool) {
	if fn.Object() == nil || rs.fieldWriters[fn] != nil {
		return
	}
	param := -1
	recv := fn.Signature.Recv() != nil
	used := map[string]bool{}
	names := map[string][]string{}
	for _, key := range []string{"PartitionKey", "RowKey"} {
		kv, ok := flow.EntityKey(ent, key)
		if !ok {
			return
		}
		v := rs.fl.OfLocal(kv)
		if v.Approx || len(v.Variants) == 0 {
			return
		}
		for _, h := range v.Holes() {
			if h.Source != flow.Param || h.Joined || h.Elem {
				return
			}
			if recv && h.Param == 0 && param != 0 {
				continue // the receiver's state: the same at the read
			}
			if h.Field == "" || strings.Contains(h.Field, ".") || param >= 0 && h.Param != param {
				return
			}
			param = h.Param
			used[h.Field] = true
		}
		if f, ok := bareField(v, param); ok {
			names[f] = append(names[f], key)
		}
	}
	for f := range used {
		if _, ok := names[f]; !ok {
			names[f] = nil // a key field, under no name of its own
		}
	}
	if param < 0 || param >= len(fn.Params) || recv && param == 0 || structType(fn.Params[param].Type()) == nil {
		return
	}
	var whole []string
	for name, val := range properties(ent) {
		if name == "PartitionKey" || name == "RowKey" {
			continue // the keys themselves: above
		}
		if f, ok := bareField(rs.fl.OfLocal(val), param); ok && used[f] {
			names[f] = append(names[f], name)
		}
		if marshalledParam(val) == fn.Params[param] {
			whole = append(whole, name)
		}
	}
	slices.Sort(whole)
	for f := range used {
		if len(names[f]) == 0 && len(whole) == 0 {
			return // a key computed from a field the row does not keep
		}
		slices.Sort(names[f])
	}
	rs.fieldWriters[fn] = &RewritesFields{Param: param, Names: names, Whole: whole, Method: method}
	rs.fieldWritePos[fn] = pos
	if sdkWrite {
		rs.fieldWriteSDK[fn] = pos
	}
}

// A fieldRewrite is a call of impl that rewrites the row read.
type fieldRewrite struct {
	call ssa.CallInstruction
	impl *ssa.Function
	r    *RewritesFields
	read string
}

// reportFieldRewrites reports each call that rewrites a row read, or,
// for a function of the package every call of which is visible and
// does, each changing the row it read before the call, its write once:
// the write is the mistake then, whoever calls it. A call that hands
// the row on as it was read (the function changes what it writes) is
// reported at the call, in the function that read the row.
func (rs *readers) reportFieldRewrites(found []fieldRewrite, emit func(pos token.Pos, msg, short string)) {
	byImpl := map[*ssa.Function][]fieldRewrite{}
	for _, f := range found {
		if changedAt(f.call, f.r.Param) {
			byImpl[f.impl] = append(byImpl[f.impl], f)
		}
	}
	for _, f := range found {
		name := calleeName(f.call.Common(), f.impl)
		pos := f.call.Pos()
		wpos, local := rs.fieldWritePos[f.impl]
		if calls := rs.fl.AllCalls(f.impl); local && len(calls) > 0 && len(calls) == len(byImpl[f.impl]) {
			pos = wpos
			read := ""
			for _, g := range byImpl[f.impl] {
				read = joinRead(read, g.read)
			}
			emit(pos, fmt.Sprintf("%s rewrites the entity each caller of %s read (%s) without IfMatch", f.r.Method, name, read),
				f.r.Method+" rewrites an entity its callers read without IfMatch")
			continue
		}
		emit(pos, fmt.Sprintf("%s rewrites the entity read by %s from its fields (%s, no IfMatch)", name, f.read, f.r.Method),
			diag.Fit(fmt.Sprintf("%s rewrites the entity read by %s from its fields without IfMatch", name, f.read),
				name+" rewrites an entity read from its fields without IfMatch"))
	}
}

// bareField: v is field f of parameter param as it is (one variant, one
// hole, no formatting).
func bareField(v flow.Value, param int) (string, bool) {
	if v.Approx || len(v.Variants) != 1 || len(v.Variants[0].Parts) != 1 {
		return "", false
	}
	h := v.Variants[0].Parts[0].Hole
	if h == nil || h.Source != flow.Param || h.Param != param || h.Field == "" || h.Verb != "" || h.Bound != 0 || h.Joined || h.Elem {
		return "", false
	}
	return h.Field, true
}

func structType(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// properties returns the named values the entity ent (as written: the
// bytes of json.Marshal of a map or struct, or the value itself) is
// built with: the constant keys of the maps in it (an EDMEntity's
// Properties too) and the fields of the structs (by their JSON name).
func properties(ent ssa.Value) map[string]ssa.Value {
	out := map[string]ssa.Value{}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > 6 {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
				if f := c.Call.StaticCallee(); f != nil && isJSONMarshal(f) && len(c.Call.Args) == 1 {
					walk(c.Call.Args[0], depth+1)
				}
			}
		case *ssa.MakeInterface:
			walk(x.X, depth+1)
		case *ssa.ChangeType:
			walk(x.X, depth+1)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				walk(x.X, depth+1)
			}
		case *ssa.MakeMap:
			for _, ref := range *x.Referrers() {
				if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == x {
					if c, ok := u.Key.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
						out[constant.StringVal(c.Value)] = u.Value
					} else if mi, ok := u.Key.(*ssa.MakeInterface); ok {
						if c, ok := mi.X.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
							out[constant.StringVal(c.Value)] = u.Value
						}
					}
				}
			}
		case *ssa.Alloc:
			st := structType(x.Type())
			if st == nil {
				return
			}
			for _, ref := range *x.Referrers() {
				fa, ok := ref.(*ssa.FieldAddr)
				if !ok || fa.X != x {
					continue
				}
				f := st.Field(fa.Field)
				for _, r := range *fa.Referrers() {
					st, ok := r.(*ssa.Store)
					if !ok || st.Addr != fa {
						continue
					}
					if f.Embedded() || isMapType(f.Type()) {
						walk(st.Val, depth+1) // aztables.Entity, Properties
						continue
					}
					name := f.Name()
					if tag, ok := reflect.StructTag(structTag(x.Type(), fa.Field)).Lookup("json"); ok {
						if n, _, _ := strings.Cut(tag, ","); n != "" && n != "-" {
							name = n
						}
					}
					out[name] = st.Val
				}
			}
		}
	}
	walk(ent, 0)
	return out
}

func isMapType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Map)
	return ok
}

func structTag(t types.Type, i int) string {
	if st := structType(t); st != nil && i < st.NumFields() {
		return st.Tag(i)
	}
	return ""
}

// fieldsRewrittenBy returns, for a call of a function with
// RewritesFields, the read the struct it is given was filled from when
// every field the function's keys are computed from holds, at the call,
// the read row's value of one of the names the function writes it
// under (one row for all of them): the function rewrites the row read.
func (rs *readers) fieldsRewrittenBy(c ssa.CallInstruction, ck *checker) (*ssa.Function, *RewritesFields, string, bool) {
	cc := c.Common()
	for _, impl := range rs.fl.Implementations(cc) {
		r := rs.fieldWritesOf(impl)
		if r == nil {
			continue
		}
		var base ssa.Value
		ok := true
		for _, f := range sortedKeys(r.Names) {
			gs := rs.fl.FieldGiven(c, r.Param, f)
			if len(gs) != 1 || gs[0].Expr == nil {
				ok = false
				break
			}
			v, known := rs.fl.ExprValue(gs[0].Expr)
			if !known {
				ok = false
				break
			}
			// The row of the helpers' calls the value came through:
			// the read that reaches this call, not any caller's.
			b, name, found := rowName(v, boundThrough(gs[0].Through), 0)
			if !found || !slices.Contains(r.Names[f], name) || base != nil && b != base {
				ok = false
				break
			}
			base = b
		}
		if !ok || base == nil {
			if read, ok := rs.decodedRowGiven(c, impl, r, ck); ok {
				return impl, r, read, true
			}
			continue
		}
		if read := rs.rowRead(base); read != "" {
			return impl, r, read, true
		}
	}
	return nil, nil, "", false
}

// boundThrough binds the parameters of the function the last of calls
// (helpers' calls, each made in the function the one before it calls:
// flow.Given.Through) calls to what it passes, a parameter passed on
// to what the call before passes for it: get() calling build(row)
// binds build's row to get's row. nil for no calls, or one that is not
// a static call of a function with a body.
func boundThrough(calls []*ssa.Call) map[*ssa.Parameter]ssa.Value {
	var env map[*ssa.Parameter]ssa.Value
	for _, c := range calls {
		f := c.Call.StaticCallee()
		if f == nil || f.Blocks == nil || len(f.Params) != len(c.Call.Args) {
			return nil
		}
		next := make(map[*ssa.Parameter]ssa.Value, len(f.Params))
		for i, p := range f.Params {
			a := c.Call.Args[i]
			if q, ok := a.(*ssa.Parameter); ok && env[q] != nil {
				a = env[q]
			}
			next[p] = a
		}
		env = next
	}
	return env
}

func sortedKeys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// rowName follows v back to a name of a row: m[name] of a map (or of
// an entity's Properties), e.RowKey or e.PartitionKey of an entity,
// through conversions, type assertions and helpers of the package that
// return it (asText(row, "Room"), their parameters bound to the
// arguments in env); the row (a map or an entity, in the function the
// walk started from or a parameter of one on the way) and the name.
func rowName(v ssa.Value, env map[*ssa.Parameter]ssa.Value, depth int) (ssa.Value, string, bool) {
	if v == nil || depth > 6 {
		return nil, "", false
	}
	if p, ok := v.(*ssa.Parameter); ok && env != nil {
		if a, ok := env[p]; ok {
			return rowName(a, nil, depth+1)
		}
	}
	switch x := v.(type) {
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.TypeAssert:
			if x.Index == 0 {
				return rowName(t.X, env, depth+1)
			}
		case *ssa.Lookup:
			if x.Index == 0 {
				return lookupName(t, env, depth)
			}
		case *ssa.Call:
			return returnedName(t, x.Index, env, depth)
		}
	case *ssa.TypeAssert:
		return rowName(x.X, env, depth+1)
	case *ssa.MakeInterface:
		return rowName(x.X, env, depth+1)
	case *ssa.ChangeType:
		return rowName(x.X, env, depth+1)
	case *ssa.Lookup:
		return lookupName(x, env, depth)
	case *ssa.Call:
		return returnedName(x, 0, env, depth)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if n := fieldName(fa.X.Type(), fa.Field); n == "PartitionKey" || n == "RowKey" {
				return entityBase(fa.X, env), n, true
			}
		}
	case *ssa.Field:
		if n := fieldName(x.X.Type(), x.Field); n == "PartitionKey" || n == "RowKey" {
			return entityBase(x.X, env), n, true
		}
	}
	return nil, "", false
}

// lookupName: m[name] with a constant name (or a parameter bound to
// one); m a map, or the Properties of an entity.
func lookupName(l *ssa.Lookup, env map[*ssa.Parameter]ssa.Value, depth int) (ssa.Value, string, bool) {
	k := l.Index
	if mi, ok := k.(*ssa.MakeInterface); ok {
		k = mi.X
	}
	if p, ok := k.(*ssa.Parameter); ok && env != nil {
		k = env[p]
	}
	c, ok := k.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return nil, "", false
	}
	m := l.X
	if ld, ok := m.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if fa, ok := ld.X.(*ssa.FieldAddr); ok && fieldName(fa.X.Type(), fa.Field) == "Properties" {
			m = fa.X
		}
	} else if f, ok := m.(*ssa.Field); ok && fieldName(f.X.Type(), f.Field) == "Properties" {
		m = f.X
	}
	return entityBase(m, env), constant.StringVal(c.Value), true
}

// entityBase: the row x stands for: its argument when it is a
// parameter bound in env, an embedded Entity's struct.
func entityBase(x ssa.Value, env map[*ssa.Parameter]ssa.Value) ssa.Value {
	for {
		fa, ok := x.(*ssa.FieldAddr)
		if !ok || fieldName(fa.X.Type(), fa.Field) != "Entity" {
			break
		}
		x = fa.X
	}
	if p, ok := x.(*ssa.Parameter); ok && env != nil {
		if a, ok := env[p]; ok {
			return a
		}
	}
	return x
}

// returnedName: result index of a call of a helper of the package,
// every return of which gives one row's name.
func returnedName(c *ssa.Call, index int, env map[*ssa.Parameter]ssa.Value, depth int) (ssa.Value, string, bool) {
	f := c.Call.StaticCallee()
	if f == nil || f.Blocks == nil || f.Pkg != c.Parent().Pkg || len(f.Params) != len(c.Call.Args) {
		return nil, "", false
	}
	inner := map[*ssa.Parameter]ssa.Value{}
	for i, p := range f.Params {
		a := c.Call.Args[i]
		if q, ok := a.(*ssa.Parameter); ok && env != nil && env[q] != nil {
			a = env[q]
		}
		inner[p] = a
	}
	var base ssa.Value
	name := ""
	for _, b := range f.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if index >= len(ret.Results) {
			return nil, "", false
		}
		rb, rn, ok := rowName(ret.Results[index], inner, depth+1)
		if !ok || base != nil && (rb != base || rn != name) {
			return nil, "", false
		}
		base, name = rb, rn
	}
	return base, name, base != nil
}

// rowRead names the read the row base comes from ("GetEntity", "a list
// page"): every origin of it is a read; a parameter of an unexported
// function whose every call is visible takes its callers' arguments (up
// to maxRowHops functions away).
func (rs *readers) rowRead(base ssa.Value) string {
	if p, ok := base.(*ssa.Parameter); ok {
		return rs.paramRead(p.Parent(), slices.Index(p.Parent().Params, p), 0)
	}
	return rs.originRead(base, 0)
}

func (rs *readers) paramRead(fn *ssa.Function, i, depth int) string {
	k := paramKey{fn, i}
	if r, ok := rs.paramReads[k]; ok {
		return r // known, or being computed (a cycle: not a read)
	}
	calls := rs.fl.AllCalls(fn)
	if i < 0 || len(calls) == 0 || depth >= maxRowHops {
		return ""
	}
	rs.paramReads[k] = ""
	read := ""
	for _, c := range calls {
		args := c.Common().Args
		if i >= len(args) {
			read = ""
			break
		}
		r := rs.originRead(args[i], depth+1)
		if r == "" {
			read = ""
			break
		}
		read = joinRead(read, r)
	}
	rs.paramReads[k] = read
	return read
}

// maxRowHops bounds the functions rowRead crosses (callers, helpers'
// returns).
const maxRowHops = 6

type paramKey struct {
	fn *ssa.Function
	i  int
}

func (rs *readers) originRead(v ssa.Value, depth int) string {
	read := ""
	os := rs.fl.Origins(v)
	if len(os) == 0 {
		return rs.elementRead(v, depth)
	}
	for _, o := range os {
		r := readWhat(o.What)
		switch {
		case o.Source == flow.Entity && r != "":
		case o.Source == flow.Param && v.Parent() != nil:
			r = rs.paramRead(v.Parent(), o.Param, depth)
		default:
			return ""
		}
		if r == "" {
			return ""
		}
		read = joinRead(read, r)
	}
	return read
}

// joinRead names the reads a and b, either of which may reach one
// write ("GetEntity or a list page"), each once, in a fixed order.
func joinRead(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	reads := strings.Split(a, " or ")
	for _, r := range strings.Split(b, " or ") {
		if !slices.Contains(reads, r) {
			reads = append(reads, r)
		}
	}
	slices.Sort(reads)
	return strings.Join(reads, " or ")
}

// elementRead is originRead where flow names no origin: an element of
// a slice (&rows[i]) read from where the slice comes from, a pointer a
// helper of the package returns (only(rows): &rows[0]) from what each of
// its returns gives, a parameter from its callers.
func (rs *readers) elementRead(v ssa.Value, depth int) string {
	if depth >= maxRowHops {
		return ""
	}
	switch x := v.(type) {
	case *ssa.IndexAddr:
		return rs.originRead(x.X, depth)
	case *ssa.Index:
		return rs.originRead(x.X, depth)
	case *ssa.Parameter:
		return rs.paramRead(x.Parent(), slices.Index(x.Parent().Params, x), depth)
	case *ssa.Call:
		f := x.Call.StaticCallee()
		if f == nil || f.Blocks == nil || f.Pkg != rs.fl.SSA.Pkg {
			return ""
		}
		read := ""
		for _, b := range f.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) == 0 {
				continue
			}
			if k, ok := ret.Results[0].(*ssa.Const); ok && k.IsNil() {
				continue
			}
			r := rs.originRead(ret.Results[0], depth+1)
			if r == "" {
				return ""
			}
			read = joinRead(read, r)
		}
		return read
	}
	return ""
}

// fieldWritesOf returns f's RewritesFields: the package's own, or
// imported.
func (rs *readers) fieldWritesOf(f *ssa.Function) *RewritesFields {
	return summaryOf(rs, f, rs.fieldWriters, rs.fieldWritersOf)
}
