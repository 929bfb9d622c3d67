package etag

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// legacy reports TL414 for the legacy storage API: an entity read with
// Entity.Get and written back with Update(true, …) or Merge(true, …)
// (If-Match: *), InsertOrReplace or InsertOrMerge (no If-Match), or put
// in a TableBatch with InsertOrReplaceEntity or InsertOrMergeEntity (no
// If-Match, whatever the force) or their ByForce forms.
func (c *checker) legacy(w index.Call) {
	var cond string // how the write ignores the ETag
	op := w.Op()
	act, batched := sdk.LegacyBatchAction(w.Method)
	batchUpsert := batched && (act.Kind == sdk.Upsert || act.Kind == sdk.UpsertMerge)
	switch {
	case op.Kind == sdk.Update || op.Kind == sdk.Merge:
		if len(w.Call.Args) < 1 || !c.isTrue(w.Call.Args[0]) {
			return // force false sends the OdataEtag the Get filled; unknown force: silent
		}
		cond = w.Method + "(true, …), which sends If-Match *,"
	case op.Kind == sdk.Upsert || op.Kind == sdk.UpsertMerge:
		cond = w.Method + ", which sends no If-Match,"
	case batchUpsert:
		// A batch's insert-or-replace or insert-or-merge carries no
		// If-Match, whatever its force (like the single call).
		cond = w.Method + ", which sends no If-Match,"
	default:
		return
	}
	var written *types.Var
	if batched {
		// A TableBatch method: the entity is the argument.
		if len(w.Call.Args) > 0 {
			written = c.x.Writes.LegacyEntityVar(w.Call.Args[0])
		}
	} else {
		written = c.x.Writes.LegacyReceiver(w.Call)
	}
	if written == nil {
		return
	}
	var get *writes.LegacyGet
	for _, g := range c.x.Writes.LegacyGetsIn(w.Body) {
		if g.Call.Pos() >= w.Call.Pos() {
			break
		}
		if c.x.Writes.SameLegacyEntity(c.fl, w.Body, g.Entity, written) {
			get = &g
		}
	}
	if get == nil {
		return
	}
	line := c.pass.Fset.Position(get.Call.Pos()).Line
	d := diag.Diagnostic("TL414", w.Call.Pos(), w.Call.End(), "%s writes back the entity read by Get (line %d)", cond, line)
	if get.Entity == written {
		if fix, ok := c.legacyFix(w); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.lines = append(c.lines, diag.LineOf(c.pass.Fset, w.Call.Pos()))
	diag.ReportDiagnostic(c.pass, d)
}

// isTrue reports whether e is the constant true.
func (c *checker) isTrue(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// legacyFix makes the write conditional on the ETag the Get stored in the
// entity: Update(true, o) → Update(false, o), InsertOrReplace(o) →
// Update(false, o), InsertOrMerge(o) → Merge(false, o). The entity was
// just read, so an update (which fails if it is missing) is what is
// meant.
func (c *checker) legacyFix(w index.Call) (analysis.SuggestedFix, bool) {
	sel, ok := ast.Unparen(w.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	switch k := w.Op().Kind; k {
	case sdk.Update, sdk.Merge:
		arg := w.Call.Args[0]
		return analysis.SuggestedFix{
			Message:   fmt.Sprintf("call %s(false, …): If-Match with the ETag of the read", w.Method),
			TextEdits: []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte("false")}},
		}, true
	case sdk.Upsert, sdk.UpsertMerge:
		if len(w.Call.Args) != 1 {
			return analysis.SuggestedFix{}, false
		}
		to := "Update"
		if k == sdk.UpsertMerge {
			to = "Merge"
		}
		return analysis.SuggestedFix{
			Message: fmt.Sprintf("call %s(false, …): If-Match with the ETag of the read", to),
			TextEdits: []analysis.TextEdit{
				{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(to)},
				{Pos: w.Call.Args[0].Pos(), End: w.Call.Args[0].Pos(), NewText: []byte("false, ")},
			},
		}, true
	}
	return analysis.SuggestedFix{}, false
}
