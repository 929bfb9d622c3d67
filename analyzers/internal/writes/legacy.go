package writes

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// The legacy github.com/Azure/azure-sdk-for-go/storage API keeps an
// entity in a *storage.Entity: Get fills its Properties and OdataEtag,
// Update and Merge send If-Match OdataEtag (or "*" when force is true),
// InsertOrReplace and InsertOrMerge send no If-Match.

// LegacyGet is a legacy Entity.Get call: e.Get(timeout, ml, options).
type LegacyGet struct {
	Call   *ast.CallExpr
	Entity *types.Var // e
}

// LegacyReceiver returns the variable a legacy Entity method is called on
// (e in e.Update(…), (*e).Get(…), (&e).Merge(…)), or nil.
func (x *Index) LegacyReceiver(call *ast.CallExpr) *types.Var {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return x.LegacyEntityVar(sel.X)
}

// LegacyEntityVar returns the legacy *storage.Entity variable e names
// (e, *e, &e), or nil: the receiver of an Entity method, the argument of
// a TableBatch one.
func (x *Index) LegacyEntityVar(e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	switch u := e.(type) {
	case *ast.StarExpr:
		e = u.X
	case *ast.UnaryExpr:
		if u.Op == token.AND {
			e = u.X
		}
	}
	v := x.VarOf(e)
	if v == nil || !sdk.IsLegacyType(v.Type(), "Entity") {
		return nil
	}
	return v
}

// LegacyGetsIn returns the legacy Entity.Get calls under n on an entity
// variable, in source order.
func (x *Index) LegacyGetsIn(n ast.Node) []LegacyGet {
	var out []LegacyGet
	if n == nil {
		return nil
	}
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !sdk.IsLegacyMethod(x.Info, call, "Entity", "Get") {
			return true
		}
		if v := x.LegacyReceiver(call); v != nil {
			out = append(out, LegacyGet{Call: call, Entity: v})
		}
		return true
	})
	return out
}

// LegacyRef returns the GetEntityReference call legacy entity variable v
// is assigned, when it is assigned exactly that once, else nil.
func (x *Index) LegacyRef(v *types.Var) *ast.CallExpr {
	d, ok := x.Only(v)
	if !ok || d.Zero() || d.Index >= 0 {
		return nil
	}
	call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !sdk.IsLegacyMethod(x.Info, call, "Table", "GetEntityReference") {
		return nil
	}
	return call
}

// LegacyRekeyed reports whether body assigns v's PartitionKey or RowKey
// (e.RowKey = …): v then names another entity after the assignment.
func (x *Index) LegacyRekeyed(body ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for _, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if ok && (sel.Sel.Name == PartitionKey || sel.Sel.Name == RowKey) && x.VarOf(baseOf(sel.X)) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// SameLegacyEntity reports whether legacy entity variables a and b
// provably address the same entity in body: the same variable whose keys
// body never changes, or two variables each assigned once from
// GetEntityReference with the same keys (SameText) on the same table
// variable.
func (x *Index) SameLegacyEntity(fl *flow.Result, body ast.Node, a, b *types.Var) bool {
	if x.LegacyRekeyed(body, a) || x.LegacyRekeyed(body, b) {
		return false
	}
	if a == b {
		return true
	}
	ra, rb := x.LegacyRef(a), x.LegacyRef(b)
	if ra == nil || rb == nil {
		return false
	}
	ta, tb := legacyTable(x, ra), legacyTable(x, rb)
	if ta == nil || ta != tb {
		return false
	}
	return x.SameText(fl, ra.Args[0], rb.Args[0]) && x.SameText(fl, ra.Args[1], rb.Args[1])
}

// legacyTable returns the variable holding the *storage.Table a
// GetEntityReference call is made on, or nil.
func legacyTable(x *Index, ref *ast.CallExpr) *types.Var {
	sel, ok := ast.Unparen(ref.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	return x.VarOf(sel.X)
}
