package batchdup

import (
	"go/ast"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// A legacyBatch is one storage.TableBatch variable of one function: the
// actions its methods queue and the ExecuteBatch calls that send them.
type legacyBatch struct {
	body  *ast.BlockStmt
	calls []*ast.CallExpr // InsertEntity, DeleteEntity…, in source order
	execs []*ast.CallExpr // ExecuteBatch
}

// legacyBatches checks the legacy TableBatch batches of the package: the
// entities given to two of a batch's actions between two ExecuteBatch
// calls are compared as the entities of two TransactionActions are.
func (c *checker) legacyBatches() {
	type batchKey struct {
		body *ast.BlockStmt
		v    *types.Var
	}
	batches := map[batchKey]*legacyBatch{}
	var order []batchKey
	info := c.pass.TypesInfo
	for cur := range c.x.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		_, isAct := sdk.CallBatchAction(info, call)
		exec := !isAct && sdk.CallOp(info, call) == sdk.Op{Kind: sdk.Submit, Legacy: true}
		if !isAct && !exec {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		v := c.x.Vars.VarOf(sel.X)
		_, body, ok := index.Innermost(cur)
		if v == nil || !ok || !c.x.Writes.Once(v) {
			continue // a batch the analyzer cannot tell from another
		}
		k := batchKey{body, v}
		b := batches[k]
		if b == nil {
			b = &legacyBatch{body: body}
			batches[k] = b
			order = append(order, k)
		}
		if exec {
			b.execs = append(b.execs, call)
		} else if len(call.Args) > 0 {
			b.calls = append(b.calls, call)
		}
	}
	for _, k := range order {
		c.legacyBatch(batches[k])
	}
}

// legacyBatch compares the entities of one batch's actions: the same
// entity variable (whose keys the function never assigns), or provably
// equal PartitionKey and RowKey (GetEntityReference arguments, key fields
// set once).
func (c *checker) legacyBatch(b *legacyBatch) {
	if len(b.calls) < 2 {
		return
	}
	c.body = b.body
	var acts []action
	for _, call := range b.calls {
		entity := call.Args[0]
		act, ok := c.actionOf(call, entity)
		if !ok {
			continue
		}
		if v := c.x.Writes.LegacyEntityVar(entity); v != nil && c.x.Writes.LegacyRekeyed(c.body, v) {
			act.entity = call // its keys change: the variable is not one entity
		}
		acts = append(acts, act)
	}
	c.compare(acts, func(x, y ast.Node) bool {
		for _, e := range b.execs {
			if e.Pos() > x.Pos() && e.Pos() < y.Pos() {
				return true // sent between the two
			}
		}
		return false
	})
}
