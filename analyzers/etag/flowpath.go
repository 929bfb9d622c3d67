package etag

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// WritesBack is a fact about a function: the parameters whose value it
// writes without a condition (UpdateEntity without IfMatch, UpsertEntity),
// directly or through the helpers it calls, index (receiver first) to
// the SDK method.
type WritesBack struct {
	Params map[int]string
}

// AFact marks WritesBack as a fact.
func (*WritesBack) AFact() {}

func (w *WritesBack) String() string { return fmt.Sprintf("writesBack%v", w.Params) }

// paramsAnalyzer exports WritesBack facts, in its own pass so that the
// rule's tests state diagnostics only.
var paramsAnalyzer = &analysis.Analyzer{
	Name:             "etagparams",
	Doc:              "etagparams: the parameters functions write back without If-Match (facts for etag)",
	Requires:         []*analysis.Analyzer{flow.Analyzer},
	Run:              func(pass *analysis.Pass) (any, error) { return flowWalk(pass, nil, nil, nil) },
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(WritesBack), new(ReadsEntity), new(Rewrites), new(RewritesFields)},
	ResultType:       reflect.TypeOf((*importedWrites)(nil)),
}

type importedWrites struct {
	lookup func(*types.Func) map[int]string
	reads  func(*types.Func) *ReadsEntity
	writes func(*types.Func) *Rewrites
	fields func(*types.Func) *RewritesFields
	// readers holds the package's ReadsEntity summaries, computed
	// once by the facts pass.
	readers *readers
}

// flowWalk follows written entities on the flow layer across functions:
// an unconditional write of an entity read by GetEntity in a helper, a
// repository method or an interface's implementation (the read and the
// write in different functions; the same function is the AST check's),
// and the calls of functions that write their parameter back given an
// entity so read. report is nil for the facts pass; skip holds the
// lines the AST check reported. An entity decoded from a list page in
// the function of the write is reported too (the AST check follows
// GetEntity only), unless the write's table is not the one listed. c, the AST check, tells tables apart (nil in the facts
// pass).
func flowWalk(pass *analysis.Pass, imp *importedWrites, skip map[diag.Line]bool, c *checker) (any, error) {
	fl := flow.Of(pass)
	report := imp != nil
	if imp == nil {
		imp = &importedWrites{lookup: func(obj *types.Func) map[int]string {
			var w WritesBack
			if pass.ImportObjectFact(obj, &w) {
				return w.Params
			}
			return nil
		}, reads: func(obj *types.Func) *ReadsEntity {
			r := new(ReadsEntity)
			if pass.ImportObjectFact(obj, r) {
				return r
			}
			return nil
		}, writes: func(obj *types.Func) *Rewrites {
			r := new(Rewrites)
			if pass.ImportObjectFact(obj, r) {
				return r
			}
			return nil
		}, fields: func(obj *types.Func) *RewritesFields {
			r := new(RewritesFields)
			if pass.ImportObjectFact(obj, r) {
				return r
			}
			return nil
		}}
	}
	rs := imp.readers
	if rs == nil {
		rs = &readers{fl: fl, local: map[*ssa.Function]*ReadsEntity{}, lookup: imp.reads,
			writers: map[*ssa.Function]*Rewrites{}, writersOf: imp.writes,
			fieldWriters: map[*ssa.Function]*RewritesFields{}, fieldWritersOf: imp.fields,
			paramReads: map[paramKey]string{}, fieldWritePos: map[*ssa.Function]token.Pos{},
			fieldWriteSDK: map[*ssa.Function]token.Pos{}}
		rs.summarize()
		imp.readers = rs
	}
	params := map[*ssa.Function]map[int]string{}
	reported := map[diag.Line]bool{}
	line := func(pos token.Pos) diag.Line { return diag.LineOf(pass.Fset, pos) }
	emit := func(pos token.Pos, msg, short string) {
		if !report || skip[line(pos)] || reported[line(pos)] {
			return
		}
		reported[line(pos)] = true
		diag.Report(pass, "TL414", posNode(pos), "%s", diag.Fit(msg, short))
	}
	// note records the origins of a written value: the reads among
	// them are reported at pos, all named, and a parameter makes fn a
	// writer of it. local: a GetEntity read in fn itself is the AST
	// check's; pages: a list page read in fn itself counts.
	note := func(fn *ssa.Function, os []flow.Origin, method string, pos token.Pos, local, pages bool, describe func(read, base string) (string, string)) bool {
		grew := false
		read, base := "", ""
		for _, o := range os {
			switch {
			case o.Source == flow.Entity && readWhat(o.What) != "" && (o.Via != "" || !local || pages && isPage(o.What)):
				r := readWhat(o.What)
				base = joinRead(base, r)
				if o.Via != "" {
					r += " (through " + o.Via + ")"
				}
				read = joinRead(read, r)
			case o.Source == flow.Param && fn.Object() != nil:
				if params[fn] == nil {
					params[fn] = map[int]string{}
				}
				if _, ok := params[fn][o.Param]; !ok {
					params[fn][o.Param] = method
					grew = true
				}
			}
		}
		if read != "" {
			msg, short := describe(read, base)
			emit(pos, msg, short)
		}
		return grew
	}
	for fn, call := range fl.Calls() {
		method, ent, ok := unconditionalWrite(call.Common())
		if !ok {
			continue
		}
		// A write through an interface is not the AST check's: a read
		// in the same function counts.
		local := !call.Common().IsInvoke()
		// Keys assigned after it was built: another entity.
		if !rekeyed(ent) {
			pages := c != nil && !c.listedElsewhere(fn, call)
			note(fn, fl.Origins(ent), method, call.Pos(), local, pages, func(read, base string) (string, string) {
				return method + " writes back an entity read by " + read + " without IfMatch",
					method + " writes back an entity read by " + base + " without IfMatch"
			})
		}
		rs.noteWrite(fn, ent, method)
		rs.noteFieldWrite(fn, ent, method, call.Pos(), true)
		// A new entity under the read's keys, rebuilt from what was
		// read (rebuilt.go).
		if c != nil {
			if s, ok := rs.rebuiltFrom(ent, func(get ssa.CallInstruction) bool { return c.readElsewhere(get, call) }); ok {
				msg, short := rebuiltMessage(method, s)
				emit(call.Pos(), msg, short)
			}
		}
	}
	lookup := func(f *ssa.Function) map[int]string {
		if o := f.Origin(); o != nil {
			f = o
		}
		if p, ok := params[f]; ok {
			return p
		}
		if obj, ok := f.Object().(*types.Func); ok && f.Pkg != fl.SSA.Pkg {
			return imp.lookup(obj)
		}
		return nil
	}
	flow.PropagateParams(fl, lookup, func(i int) int { return i }, func(site flow.CallSite, i int, method string) bool {
		// A new entity built here and handed to a writer: keys from
		// the fields of a struct parameter (fieldkeys.go).
		rs.noteFieldWrite(site.Fn, site.Args[i], method, site.Call.Pos(), false)
		if flow.MapRekeyed(site.Args[i]) {
			return false // a row given new keys before the call: another entity
		}
		name := calleeName(site.Call.Common(), site.Callee)
		return note(site.Fn, fl.Origins(site.Args[i]), method, site.Call.Pos(), false, false, func(_, base string) (string, string) {
			return fmt.Sprintf("%s writes back an entity read by %s with %s and no IfMatch", name, base, method),
				fmt.Sprintf("%s writes back an entity read by %s without IfMatch", name, base)
		})
	})
	rs.propagateFieldWrites()
	if report {
		// Calls of functions that write a new entity from their
		// parameters, given a read's keys and its data.
		var rewrites []fieldRewrite
		for _, call := range fl.Calls() {
			if impl, r, s, ok := rs.rewrittenBy(call.Common()); ok {
				msg, short := rewriteMessage(calleeName(call.Common(), impl), r, s)
				emit(call.Pos(), msg, short)
			}
			if impl, r, read, ok := rs.fieldsRewrittenBy(call, c); ok {
				rewrites = append(rewrites, fieldRewrite{call, impl, r, read})
			}
		}
		rs.reportFieldRewrites(rewrites, emit)
		return nil, nil
	}
	for fn, r := range rs.writers {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == fl.SSA.Pkg {
			pass.ExportObjectFact(obj, r)
		}
	}
	for fn, r := range rs.fieldWriters {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == fl.SSA.Pkg {
			pass.ExportObjectFact(obj, r)
		}
	}
	for fn, r := range rs.local {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == fl.SSA.Pkg {
			pass.ExportObjectFact(obj, r)
		}
	}
	for fn, ps := range params {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == fl.SSA.Pkg {
			pass.ExportObjectFact(obj, &WritesBack{Params: ps})
		}
	}
	return imp, nil
}

// readWhat names the read an entity origin comes from: GetEntity, or a
// list page (NextPage of a ListEntities pager, whose entities carry
// their ETags too); "" for any other origin.
func readWhat(what string) string {
	switch {
	case strings.HasPrefix(what, "GetEntity"):
		return "GetEntity"
	case isPage(what):
		return "a list page"
	}
	return ""
}

// isPage: an entity origin that is a list page's element.
func isPage(what string) bool { return what == "page" || strings.HasPrefix(what, "page.") }

// rekeyed reports whether the marshalled entity's PartitionKey or RowKey
// (its own field, or one promoted from an embedded struct such as
// aztables.Entity) is assigned in the function after it was built (a
// copy under new keys).
func rekeyed(ent ssa.Value) bool {
	c, ok := ent.(*ssa.Extract)
	if !ok {
		return false
	}
	call, ok := c.Tuple.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return false
	}
	x := call.Call.Args[0]
	if mi, ok := x.(*ssa.MakeInterface); ok {
		x = mi.X
	}
	if ld, ok := x.(*ssa.UnOp); ok {
		x = ld.X
	}
	if flow.MapKeyed(x) || flow.MapRekeyed(x) {
		return true // a map given keys of its own (a literal's, assigned; or a read row's, replaced)
	}
	return keyStored(x, 0) || rekeyedByConverter(x)
}

// rekeyedByConverter: x is what a converter of the package returns
// (toEntity(f)) that takes the entity's PartitionKey or RowKey from a
// field of its parameter, and the calling function stores that field of
// what it passes (f.Owner = dst): the row moves to new keys, a new
// entity. Approximation, as keyStored's: a store anywhere in the
// function counts.
func rekeyedByConverter(x ssa.Value) bool {
	var call *ssa.Call
	switch v := x.(type) {
	case *ssa.Call:
		call = v
	case *ssa.Extract:
		call, _ = v.Tuple.(*ssa.Call)
	}
	if call == nil {
		return false
	}
	g := call.Call.StaticCallee()
	if g == nil {
		return false
	}
	for _, b := range g.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		for _, key := range []string{"PartitionKey", "RowKey"} {
			kv, ok := flow.EntityKey(ret.Results[0], key)
			if !ok {
				continue
			}
			i, field, ok := paramField(g, kv)
			if ok && i < len(call.Call.Args) && flow.FieldStored(call.Call.Args[i], field) {
				return true
			}
		}
	}
	return false
}

// paramField: v reads field F of parameter i of g (p.F of a struct or a
// pointer parameter, or of the variable a struct parameter is copied
// to).
func paramField(g *ssa.Function, v ssa.Value) (i, field int, ok bool) {
	var base ssa.Value
	switch x := v.(type) {
	case *ssa.Field:
		base, field = x.X, x.Field
	case *ssa.UnOp:
		fa, isFA := x.X.(*ssa.FieldAddr)
		if x.Op != token.MUL || !isFA {
			return 0, 0, false
		}
		base, field = fa.X, fa.Field
		if a, isAlloc := base.(*ssa.Alloc); isAlloc {
			base = allocParam(a)
		}
	default:
		return 0, 0, false
	}
	for i, p := range g.Params {
		if p == base {
			return i, field, true
		}
	}
	return 0, 0, false
}

// keyStored: a PartitionKey or RowKey field of the struct x points to,
// or of a struct embedded in it, is stored to.
func keyStored(x ssa.Value, depth int) bool {
	refs := x.Referrers()
	if refs == nil || depth > 2 {
		return false
	}
	for _, ref := range *refs {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		st := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		f := st.Field(fa.Field)
		if f.Embedded() {
			// x.Entity.RowKey = … (a literal's embedded Entity, stored
			// whole, is where it starts)
			if keyStored(fa, depth+1) {
				return true
			}
			continue
		}
		if n := f.Name(); n != "PartitionKey" && n != "RowKey" {
			continue
		}
		if storedTo(fa) {
			return true
		}
	}
	return false
}

// storedTo: a store to the address a.
func storedTo(a ssa.Value) bool {
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			return true
		}
	}
	return false
}

// unconditionalWrite reports an aztables UpsertEntity, or an
// UpdateEntity whose options are nil or a literal without IfMatch, and
// the entity it writes.
func unconditionalWrite(cc *ssa.CallCommon) (string, ssa.Value, bool) {
	if cc.IsInvoke() && len(cc.Args) >= 3 {
		// A user-defined interface with the client's write methods.
		opts := cc.Signature().Params().At(2).Type()
		switch cc.Method.Name() {
		case "UpsertEntity":
			if isAztables(opts, "UpsertEntityOptions") {
				return "UpsertEntity", cc.Args[1], true
			}
		case "UpdateEntity":
			if isAztables(opts, "UpdateEntityOptions") && noIfMatch(cc.Args[2]) {
				return "UpdateEntity", cc.Args[1], true
			}
		}
		return "", nil, false
	}
	f := cc.StaticCallee()
	if f == nil || len(cc.Args) < 4 {
		return "", nil, false
	}
	obj, ok := f.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || !sdk.IsPath(obj.Pkg().Path(), sdk.AztablesPath) {
		return "", nil, false
	}
	switch obj.Name() {
	case "UpsertEntity":
		return obj.Name(), cc.Args[2], true
	case "UpdateEntity":
		if noIfMatch(cc.Args[3]) {
			return obj.Name(), cc.Args[2], true
		}
	}
	return "", nil, false
}

// noIfMatch: nil options, or options allocated here whose IfMatch is
// never stored.
func noIfMatch(opts ssa.Value) bool {
	if c, ok := opts.(*ssa.Const); ok {
		return c.IsNil()
	}
	a, ok := opts.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr:
			st := r.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
			if st.Field(r.Field).Name() == "IfMatch" {
				return false
			}
		case *ssa.Store, *ssa.Call:
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				return false // assigned whole
			}
		default:
			_ = r
		}
	}
	return true
}

func isAztables(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && sdk.IsPath(n.Obj().Pkg().Path(), sdk.AztablesPath) && n.Obj().Name() == name
}

func calleeName(cc *ssa.CallCommon, impl *ssa.Function) string {
	if cc.IsInvoke() {
		return cc.Method.Name()
	}
	return baseName(impl)
}

type posNode token.Pos

func (p posNode) Pos() token.Pos { return token.Pos(p) }
func (p posNode) End() token.Pos { return token.Pos(p) }

// baseName is f's name as written: an instance of a generic function
// or method is named after its origin (Load, not Load[V]).
func baseName(f *ssa.Function) string {
	if o := f.Origin(); o != nil {
		return o.Name()
	}
	return f.Name()
}
