package partitionbatch

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// legacyWrite is writeOf for a legacy storage.Entity method that writes
// or deletes its receiver (Insert, InsertOrReplace, InsertOrMerge,
// Update, Merge, Delete): an entity variable assigned once from
// Table.GetEntityReference, whose table is the reference's and whose
// keys are the reference's arguments — or, when the function assigns
// the variable's PartitionKey or RowKey, the last such assignment before
// the write, all of them statements of the block that holds the
// reference and the write (straight-line code: each write has the keys
// the statements before it gave).
func (c *checker) legacyWrite(call *ast.CallExpr, body *ast.BlockStmt) (write, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return write{}, false
	}
	v := c.x.Writes.LegacyEntityVar(sel.X)
	ref := c.x.Writes.LegacyRef(v)
	if ref == nil {
		return write{}, false // an entity from elsewhere: its table is unknown
	}
	w := write{call: call, body: body, table: c.table(ref)}
	if w.table == nil {
		return write{}, false
	}
	pk, rk := ref.Args[0], ref.Args[1]
	if c.x.Writes.LegacyRekeyed(body, v) {
		block, at := c.stmtIn(call)
		refBlock, refAt := c.stmtIn(ref)
		if block == nil || block != refBlock || refAt >= at {
			return write{}, false
		}
		n := 0
		for i, s := range block.List {
			as, ok := s.(*ast.AssignStmt)
			if ok && as.Tok == token.ASSIGN && len(as.Lhs) == len(as.Rhs) {
				for j, l := range as.Lhs {
					if f := c.legacyKeyField(l, v); f != "" && i < at {
						n++
						if f == writes.PartitionKey {
							pk = as.Rhs[j]
						} else {
							rk = as.Rhs[j]
						}
					}
				}
			}
		}
		// Every assignment of the keys must be one of those statements.
		after := 0
		for _, s := range block.List[at:] {
			after += c.keyAssigns(s, v)
		}
		if n+after != c.keyAssigns(body, v) {
			return write{}, false
		}
	}
	w.pk, w.rks = c.keyOf(pk), []key{c.keyOf(rk)}
	return w, true
}

// legacyKeyField returns "PartitionKey" or "RowKey" when l is that field
// of the legacy entity variable v (v.RowKey), else "".
func (c *checker) legacyKeyField(l ast.Expr, v *types.Var) string {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != writes.PartitionKey && sel.Sel.Name != writes.RowKey) {
		return ""
	}
	if c.x.Writes.LegacyEntityVar(sel.X) != v {
		return ""
	}
	return sel.Sel.Name
}

// stmtIn returns the block whose statement holds n, and that
// statement's index; nil when n is in no block of a function.
func (c *checker) stmtIn(n ast.Node) (*ast.BlockStmt, int) {
	cur, ok := c.x.Inspector.Root().FindNode(n)
	if !ok {
		return nil, 0
	}
	for p := cur; ; p = p.Parent() {
		par := p.Parent()
		if par.Node() == nil {
			return nil, 0 // the file's root
		}
		if b, ok := par.Node().(*ast.BlockStmt); ok {
			for i, s := range b.List {
				if s == p.Node() {
					return b, i
				}
			}
			return nil, 0
		}
		if _, lit := p.Node().(*ast.FuncLit); lit {
			return nil, 0
		}
	}
}

// errOf returns the error variable a write's assignment sets: its last
// left-hand side, when that is an error (_, err := c.AddEntity(…), or
// err := e.Insert(…) of the legacy API, whose one result is the error).
func (c *checker) errOf(as *ast.AssignStmt) *types.Var {
	if len(as.Lhs) == 0 || len(as.Lhs) > 2 {
		return nil
	}
	v := c.x.Vars.VarOf(as.Lhs[len(as.Lhs)-1])
	if v == nil || !writes.IsError(v.Type()) {
		return nil
	}
	return v
}

// keyAssigns counts the assignments under n to a key field of the legacy
// entity variable v.
func (c *checker) keyAssigns(n ast.Node, v *types.Var) int {
	count := 0
	ast.Inspect(n, func(m ast.Node) bool {
		if as, ok := m.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if c.legacyKeyField(l, v) != "" {
					count++
				}
			}
		}
		return true
	})
	return count
}
