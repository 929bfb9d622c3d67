package extract

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/model"
)

// pointReads records each GetEntity call, and each Get of a legacy
// storage.Entity made by Table.GetEntityReference, as a point query:
// "PartitionKey eq '{pk}' and RowKey eq '{rk}'", its placeholders named
// as key templates name the values given (the Go variable, or the
// property it is stored as).
func (e *extractor) pointReads() {
	e.x.Inspector.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		switch {
		case len(call.Args) >= 3 && sdk.IsMethod(e.info, call, "Client", "GetEntity"):
			e.pointRead(call, call.Args[1], call.Args[2], e.clientTable(call))
		case sdk.IsLegacyMethod(e.info, call, "Entity", "Get"):
			// entity.Get(timeout, metadata, options), entity from
			// table.GetEntityReference(pk, rk), directly or through a
			// variable assigned once.
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return
			}
			if ref := e.entityReference(sel.X); ref != nil {
				e.pointRead(call, ref.Args[0], ref.Args[1], e.clientTable(ref))
			}
		}
	})
}

// entityReference returns the Table.GetEntityReference call x is, or
// that the variable x is assigned once from; nil for anything else.
func (e *extractor) entityReference(x ast.Expr) *ast.CallExpr {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		v, _ := e.info.Uses[id].(*types.Var)
		if v == nil {
			return nil
		}
		d, ok := e.x.Vars.Only(v)
		if !ok || d.Rhs == nil || d.Index > 0 {
			return nil
		}
		x = ast.Unparen(d.Rhs)
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !sdk.IsLegacyMethod(e.info, call, "Table", "GetEntityReference") {
		return nil
	}
	return call
}

// pointRead records the read call of the entity with keys pkArg and
// rkArg in table as a point query.
func (e *extractor) pointRead(call *ast.CallExpr, pkArg, rkArg ast.Expr, table TableRef) {
	s := &entityState{ent: &Entity{}, byObj: map[types.Object]string{}}
	pk, rk := e.key(s, pkArg), e.key(s, rkArg)
	// A key read from another entity's key (e.PartitionKey) is
	// named like a key whose value is not known.
	for _, k := range []struct {
		key        *Key
		sys, named string
	}{{pk, "{PartitionKey}", "Partition"}, {rk, "{RowKey}", "Row"}} {
		if k.key.Template == k.sys {
			k.key.Template = "{" + k.named + "}"
			s.add(Prop{Name: k.named, Type: edm.String, KeyOnly: true})
		}
	}
	if !e.declares(s, pk.Template) || !e.declares(s, rk.Template) {
		return // a placeholder naming no property: no query rather than a wrong one
	}
	quoted := func(k *Key) string { return "'" + strings.ReplaceAll(k.Template, "'", "''") + "'" }
	at := e.pass.Fset.Position(call.Pos())
	q := &Query{
		Table:  table,
		Name:   funcName(e.enclosing(call.Pos())),
		Filter: "PartitionKey eq " + quoted(pk) + " and RowKey eq " + quoted(rk),
		Pos:    call.Pos(),
		RunsAt: fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line),
		Point:  true,
	}
	for _, p := range s.ent.Props {
		p.KeyOnly = false
		q.Params = append(q.Params, p)
	}
	e.out.Queries = append(e.out.Queries, q)
}

// declares reports whether every placeholder of template names a
// built-in or a property s holds.
func (e *extractor) declares(s *entityState, template string) bool {
	parts, err := model.ParseTemplate(template)
	if err != nil {
		return false
	}
	for _, p := range parts {
		if p.Builtin == model.NotBuiltin && p.Name != "" && s.prop(p.Name) == nil {
			return false
		}
	}
	return true
}
