package updatemode

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

// legacyPartial reports TL411 for the legacy storage API: Entity.Update
// or InsertOrReplace (both replace the stored entity) of an entity whose
// Properties are set to a map literal after the same entity was read
// with Entity.Get, when the function knows properties of the read (the
// Get's Select, constant keys it reads from the read entity's
// Properties) that the map leaves out.
func (c *checker) legacyPartial(w index.Call) {
	if k := w.Op().Kind; k != sdk.Update && k != sdk.Upsert {
		return
	}
	written := c.x.Writes.LegacyReceiver(w.Call)
	if written == nil {
		return
	}
	for _, g := range c.x.Writes.LegacyGetsIn(w.Body) {
		if g.Call.Pos() >= w.Call.Pos() || !c.x.Writes.SameLegacyEntity(c.fl, w.Body, g.Entity, written) {
			continue
		}
		read := c.legacyRead(g, w)
		sent, ok := c.legacySent(w, written, g.Call.End(), g.Entity != written)
		if !ok {
			continue
		}
		var missing []string
		for _, p := range read {
			if !slices.Contains(sent, p) {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 {
			continue
		}
		line := c.pass.Fset.Position(g.Call.Pos()).Line
		diag.Report(c.pass, "TL411", w.Call, "%s replaces the entity read at line %d without %s",
			w.Method, line, finding.Clip(strings.Join(missing, ", ")))
		return
	}
}

// legacyRead returns the properties the function knows the entity read by
// g has: the constant names of its GetEntityOptions.Select, and constant
// keys read from g.Entity.Properties before the write.
func (c *checker) legacyRead(g writes.LegacyGet, w index.Call) []string {
	info := c.pass.TypesInfo
	var names []string
	if len(g.Call.Args) == 3 {
		// The options and their Select may each be held in a variable
		// assigned once.
		if sel := sdk.Field(info, c.x.Vars.Resolve(ast.Unparen(g.Call.Args[2])), "Select"); sel != nil {
			if lit, ok := ast.Unparen(c.x.Vars.Resolve(ast.Unparen(sel))).(*ast.CompositeLit); ok {
				for _, e := range lit.Elts {
					if s, ok := c.x.Writes.ConstString(e); ok {
						names = append(names, s)
					}
				}
			}
		}
	}
	ast.Inspect(w.Body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok || n.Pos() < g.Call.End() || n.Pos() >= w.Call.Pos() {
			return true
		}
		if c.propertiesOf(ix.X) == g.Entity {
			if k, ok := c.x.Writes.ConstString(ix.Index); ok {
				names = append(names, k)
			}
		}
		return true
	})
	return properties(names)
}

// propertiesOf returns v when e is v.Properties of a legacy entity
// variable v, else nil.
func (c *checker) propertiesOf(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Properties" {
		return nil
	}
	x := ast.Unparen(sel.X)
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	v := c.x.Vars.VarOf(x)
	if v == nil || !sdk.IsLegacyType(v.Type(), "Entity") {
		return nil
	}
	return v
}

// legacySent returns the properties the write sends, and whether the
// analyzer can tell: the entity read itself must have its Properties set
// to one map literal after the read (at pos after); a fresh reference
// (fresh) may instead be given none. Constant keys added to the map count
// as sent; any other change of the map (a helper, maps.Copy, a computed
// key) makes it unknown.
func (c *checker) legacySent(w index.Call, v *types.Var, after token.Pos, fresh bool) ([]string, bool) {
	var sent []string
	whole := 0
	ok := true
	start := after
	if fresh {
		start = w.Body.Pos()
	}
	ast.Inspect(w.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if c.propertiesOf(l) == v {
					if n.Pos() < start {
						continue
					}
					whole++
					lit, isLit := ast.Unparen(n.Rhs[min(i, len(n.Rhs)-1)]).(*ast.CompositeLit)
					if !isLit || len(n.Lhs) != len(n.Rhs) {
						ok = false
						return false
					}
					for _, e := range lit.Elts {
						kv, isKV := e.(*ast.KeyValueExpr)
						if !isKV {
							ok = false
							return false
						}
						k, isConst := c.x.Writes.ConstString(kv.Key)
						if !isConst {
							ok = false
							return false
						}
						sent = append(sent, k)
					}
					continue
				}
				if ix, isIx := ast.Unparen(l).(*ast.IndexExpr); isIx && c.propertiesOf(ix.X) == v {
					k, isConst := c.x.Writes.ConstString(ix.Index)
					if !isConst {
						ok = false
						return false
					}
					sent = append(sent, k)
				}
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if c.propertiesOf(a) == v {
					ok = false // maps.Copy(e.Properties, …), a helper: unknown
				}
			}
		}
		return true
	})
	if !ok || whole > 1 || whole == 0 && !fresh {
		return nil, false
	}
	return properties(sent), true
}
