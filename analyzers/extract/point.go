package extract

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// pointReads records each GetEntity call as a point query:
// "PartitionKey eq '{pk}' and RowKey eq '{rk}'", its placeholders named
// as key templates name the values given (the Go variable, or the
// property it is stored as).
func (e *extractor) pointReads() {
	e.x.Inspector.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if len(call.Args) < 3 || !sdk.IsMethod(e.info, call, "Client", "GetEntity") {
			return
		}
		s := &entityState{ent: &Entity{}, byObj: map[types.Object]string{}}
		pk, rk := e.key(s, call.Args[1]), e.key(s, call.Args[2])
		quoted := func(k *Key) string { return "'" + strings.ReplaceAll(k.Template, "'", "''") + "'" }
		at := e.pass.Fset.Position(call.Pos())
		q := &Query{
			Table:  e.clientTable(call),
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
	})
}
