package etag

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// LegacyReads is a fact about a function: the results (by index) that
// are legacy storage entities read from the table — an element of a
// QueryEntities or NextResults page, or an entity Entity.Get filled —
// directly or through the helpers it calls; each names the read.
type LegacyReads struct {
	Results map[int]string
}

// AFact marks LegacyReads as a fact.
func (*LegacyReads) AFact() {}

func (l *LegacyReads) String() string { return fmt.Sprintf("legacyReads%v", l.Results) }

// legacyReadsAnalyzer exports LegacyReads facts, in its own pass so that
// the rule's tests state diagnostics only.
var legacyReadsAnalyzer = &analysis.Analyzer{
	Name:             "etaglegacyreads",
	Doc:              "etaglegacyreads: the functions that return a legacy storage entity read from a table (facts for etag)",
	Requires:         []*analysis.Analyzer{flow.Analyzer},
	Run:              runLegacyReads,
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(LegacyReads)},
	ResultType:       reflect.TypeOf((*legacyReads)(nil)),
}

// legacyReads follows legacy *storage.Entity values on SSA to the read
// that produced them.
type legacyReads struct {
	pass *analysis.Pass
	fns  []*ssa.Function
	sums map[*ssa.Function]map[int]string
	busy map[*ssa.Function]bool
	// stores lists, per struct field, the values the package stores
	// into it.
	stores map[*types.Var][]ssa.Value
}

func runLegacyReads(pass *analysis.Pass) (any, error) {
	fl := flow.Of(pass)
	l := &legacyReads{pass: pass, fns: fl.SSA.SrcFuncs,
		sums: map[*ssa.Function]map[int]string{}, busy: map[*ssa.Function]bool{},
		stores: map[*types.Var][]ssa.Value{}}
	for _, fn := range l.fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok {
					continue
				}
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && isLegacyEntityPtr(st.Val.Type()) {
					f := fieldVar(fa)
					l.stores[f] = append(l.stores[f], st.Val)
				}
			}
		}
	}
	for _, fn := range l.fns {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == fl.SSA.Pkg {
			if rs := l.summary(fn); len(rs) > 0 {
				pass.ExportObjectFact(obj, &LegacyReads{Results: rs})
			}
		}
	}
	return l, nil
}

// fieldVar is the field the address fa points to.
func fieldVar(fa *ssa.FieldAddr) *types.Var {
	return fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(fa.Field)
}

// isLegacyEntityPtr: t is *storage.Entity.
func isLegacyEntityPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && sdk.IsLegacyType(p.Elem(), "Entity")
}

// summary returns the results of fn that are entities read from a table.
func (l *legacyReads) summary(fn *ssa.Function) map[int]string {
	if s, ok := l.sums[fn]; ok || l.busy[fn] {
		return s
	}
	l.busy[fn] = true
	defer delete(l.busy, fn)
	var out map[int]string
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, r := range ret.Results {
			if _, done := out[i]; done || !isLegacyEntityPtr(r.Type()) {
				continue
			}
			if what, _ := l.read(r, nil, map[ssa.Value]bool{}, 0); what != "" {
				if out == nil {
					out = map[int]string{}
				}
				out[i] = what
			}
		}
	}
	l.sums[fn] = out
	return out
}

// read names the read the legacy entity v comes from ("" if none is
// known), and the helper whose result brought it (via, "" if none): an element of an EntityQueryResult's Entities (QueryEntities,
// NextResults), an entity Entity.Get filled (before at, when at is in
// the same function), the result of a helper that returns one (its
// summary or LegacyReads fact), a field the package stores such an
// entity in, or one edge of a φ-node (the entity may be the one read).
func (l *legacyReads) read(v ssa.Value, at ssa.Instruction, seen map[ssa.Value]bool, depth int) (what, via string) {
	if v == nil || depth > flow.MaxDepth || seen[v] {
		return "", ""
	}
	seen[v] = true
	d := depth + 1
	if l.filledByGet(v, at) {
		return "Get", ""
	}
	switch v := v.(type) {
	case *ssa.Phi:
		for _, e := range v.Edges {
			if what, via := l.read(e, at, seen, d); what != "" {
				return what, via
			}
		}
	case *ssa.ChangeType:
		return l.read(v.X, at, seen, d)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return "", ""
		}
		switch x := v.X.(type) {
		case *ssa.IndexAddr:
			if l.queried(x.X, seen, d) {
				return "QueryEntities", ""
			}
		case *ssa.FieldAddr:
			// A field: what the package stores in it (not at, which
			// may be in another function).
			for _, sv := range l.stores[fieldVar(x)] {
				if what, via := l.read(sv, nil, seen, d); what != "" {
					return what, via
				}
			}
		}
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return l.callRead(c.Common(), v.Index)
		}
	case *ssa.Call:
		return l.callRead(v.Common(), 0)
	}
	return "", ""
}

// filledByGet: v is an entity whose Get method is called, before at
// when at is in the same function.
func (l *legacyReads) filledByGet(v ssa.Value, at ssa.Instruction) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		c, ok := ref.(*ssa.Call)
		if !ok || c.Call.IsInvoke() || len(c.Call.Args) == 0 || c.Call.Args[0] != v {
			continue
		}
		f := c.Call.StaticCallee()
		if f == nil || f.Name() != "Get" || f.Signature.Recv() == nil || !isLegacyEntityPtr(f.Signature.Recv().Type()) {
			continue
		}
		if at == nil || at.Parent() != c.Parent() || flow.Dominates(c, at) {
			return true
		}
	}
	return false
}

// queried: the slice s holds the entities of a query's page (the
// Entities of an EntityQueryResult, which only QueryEntities and
// NextResults return), or appends of such slices.
func (l *legacyReads) queried(s ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if s == nil || depth > flow.MaxDepth || seen[s] {
		return false
	}
	seen[s] = true
	d := depth + 1
	switch s := s.(type) {
	case *ssa.UnOp:
		if fa, ok := s.X.(*ssa.FieldAddr); ok && s.Op == token.MUL {
			st := fa.X.Type().Underlying().(*types.Pointer).Elem()
			return sdk.IsLegacyType(st, "EntityQueryResult") && fieldVar(fa).Name() == "Entities"
		}
	case *ssa.Field:
		return sdk.IsLegacyType(s.X.Type(), "EntityQueryResult") && s.X.Type().Underlying().(*types.Struct).Field(s.Field).Name() == "Entities"
	case *ssa.Phi:
		for _, e := range s.Edges {
			if l.queried(e, seen, d) {
				return true
			}
		}
	case *ssa.Slice:
		return l.queried(s.X, seen, d)
	case *ssa.Call:
		if b, ok := s.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range s.Call.Args {
				if l.queried(a, seen, d) {
					return true
				}
			}
		}
	}
	return false
}

// callRead: result index of the call is an entity read by the callee (a
// function of this package, through its summary; another package's,
// through its LegacyReads fact; a method of an interface this package's
// types implement).
func (l *legacyReads) callRead(cc *ssa.CallCommon, index int) (what, via string) {
	var fns []*ssa.Function
	if f := cc.StaticCallee(); f != nil {
		fns = append(fns, f)
	} else if cc.IsInvoke() {
		fns = flow.Of(l.pass).Implementations(cc)
	}
	for _, f := range fns {
		if o := f.Origin(); o != nil {
			f = o
		}
		var rs map[int]string
		if f.Pkg == flow.Of(l.pass).SSA.Pkg {
			rs = l.summary(f)
		} else if obj, ok := f.Object().(*types.Func); ok {
			var fact LegacyReads
			if l.pass.ImportObjectFact(obj, &fact) {
				rs = fact.Results
			}
		}
		if what, ok := rs[index]; ok {
			return what, f.Name()
		}
	}
	return "", ""
}

// legacyBatchReads reports TL414 for a legacy write that carries no
// If-Match, or If-Match *, of an entity read from the table that the AST
// check (legacy) does not see — one a query returned, one a helper
// returns, one kept in a field, one of the reads a φ-node joins: a
// TableBatch InsertOrReplaceEntity, InsertOrMergeEntity or their ByForce
// forms (each queues an insert-or-replace or insert-or-merge, which
// carries no If-Match whatever its force), and a single Entity
// InsertOrReplace or InsertOrMerge (no If-Match) or Update or Merge whose
// force is the constant true (If-Match *). Not when the function gives
// the entity other keys or another table (a copy). skip holds the lines
// already reported.
func legacyBatchReads(pass *analysis.Pass, l *legacyReads, skip map[diag.Line]bool) {
	type hit struct {
		pos token.Pos
		msg string
	}
	var hits []hit
	for _, in := range flow.Of(pass).Calls() {
		call, ok := in.(*ssa.Call)
		if !ok {
			continue
		}
		cond, ent, ok := legacyUnconditional(call.Common())
		if !ok {
			continue
		}
		if skip[diag.LineOf(pass.Fset, call.Pos())] || legacyRekeyed(ent) {
			continue
		}
		what, via := l.read(ent, call, map[ssa.Value]bool{}, 0)
		if what == "" {
			continue
		}
		msg := cond + " writes back an entity read by " + what
		if via != "" {
			msg = diag.Fit(msg+" (through "+via+")", msg)
		}
		hits = append(hits, hit{call.Pos(), msg})
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].pos < hits[j].pos })
	for _, h := range hits {
		skip[diag.LineOf(pass.Fset, h.pos)] = true
		diag.Report(pass, "TL414", posNode(h.pos), "%s", h.msg)
	}
}

// legacyUnconditional: cc is a legacy write that sends no If-Match or
// If-Match * (see legacyBatchReads); cond says how, ent is the entity
// written.
func legacyUnconditional(cc *ssa.CallCommon) (cond string, ent ssa.Value, ok bool) {
	if method, ok := legacyBatchUpsert(cc); ok && len(cc.Args) >= 2 {
		return method + ", which sends no If-Match,", cc.Args[1], true
	}
	f := cc.StaticCallee()
	if f == nil || len(cc.Args) == 0 {
		return "", nil, false
	}
	obj, _ := f.Object().(*types.Func)
	op := sdk.FuncOp(obj)
	if !op.Legacy {
		return "", nil, false
	}
	switch op.Kind {
	case sdk.Upsert, sdk.UpsertMerge:
		return f.Name() + ", which sends no If-Match,", cc.Args[0], true
	case sdk.Update, sdk.Merge:
		// Force true sends If-Match *; false sends the entity's ETag,
		// and a force the code computes is not known.
		if len(cc.Args) >= 2 && isTrueConst(cc.Args[1]) {
			return f.Name() + "(true, …), which sends If-Match *,", cc.Args[0], true
		}
	}
	return "", nil, false
}

// isTrueConst: v is the constant true.
func isTrueConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}

// legacyBatchUpsert: cc calls a legacy TableBatch method that queues an
// insert-or-replace or insert-or-merge.
func legacyBatchUpsert(cc *ssa.CallCommon) (string, bool) {
	f := cc.StaticCallee()
	if f == nil || f.Signature.Recv() == nil {
		return "", false
	}
	p, ok := types.Unalias(f.Signature.Recv().Type()).(*types.Pointer)
	if !ok || !sdk.IsLegacyType(p.Elem(), "TableBatch") {
		return "", false
	}
	act, ok := sdk.LegacyBatchAction(f.Name())
	if !ok || act.Kind != sdk.Upsert && act.Kind != sdk.UpsertMerge {
		return "", false
	}
	return f.Name(), true
}

// legacyRekeyed: the function stores to the PartitionKey, RowKey or
// Table field of the entity ent (or of an entity a φ-node joins into
// it): a copy, not a write back.
func legacyRekeyed(ent ssa.Value) bool {
	vals := []ssa.Value{ent}
	if p, ok := ent.(*ssa.Phi); ok {
		vals = append(vals, p.Edges...)
	}
	for _, v := range vals {
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != v {
				continue
			}
			switch fieldVar(fa).Name() {
			case "PartitionKey", "RowKey", "Table":
				if storedTo(fa) {
					return true
				}
			}
		}
	}
	return false
}
