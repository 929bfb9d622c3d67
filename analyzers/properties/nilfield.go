package properties

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// nilled reports whether the field f of the entity w writes holds nil
// when the function marshals it: a statement f = nil on a variable of
// the written entity (c.written) in a block that holds the write, before
// it, and after that no other value given to the field, no assignment to
// the variable and no &variable in the function. encoding/json writes a
// nil pointer, slice, map or interface as null (or leaves it out with
// omitempty): never a JSON array or object.
func (c *checker) nilled(f *types.Var, w index.Call) bool {
	if w.Body == nil || len(c.written) == 0 {
		return false
	}
	// The last f = nil before the write that is a statement of a block
	// enclosing it.
	var last token.Pos
	c.eachBlock(w.Body, func(list []ast.Stmt, from, to token.Pos) {
		if w.Call.Pos() < from || w.Call.Pos() >= to {
			return
		}
		for _, s := range list {
			as, ok := s.(*ast.AssignStmt)
			if !ok || as.End() > w.Call.Pos() || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for i, l := range as.Lhs {
				if c.fieldOfWritten(l, f) && c.isNil(as.Rhs[i]) && as.Pos() > last {
					last = as.Pos()
				}
			}
		}
	})
	if last == token.NoPos {
		return false
	}
	spoilt := false
	ast.Inspect(w.Body, func(n ast.Node) bool {
		if spoilt || n == nil || n.Pos() <= last {
			return !spoilt
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				for _, l := range n.Lhs {
					if c.fieldOfWritten(l, f) || c.structVar(l) {
						spoilt = true
					}
				}
				break
			}
			for i, l := range n.Lhs {
				if c.fieldOfWritten(l, f) && !c.isNil(n.Rhs[i]) || c.structVar(l) && n.Pos() < w.Call.Pos() {
					spoilt = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && c.structVar(n.X) {
				spoilt = true
			}
		}
		return !spoilt
	})
	return !spoilt
}

// structVar: e is a variable of the written entity that holds a struct
// (not the marshalled bytes).
func (c *checker) structVar(e ast.Expr) bool {
	v := c.x.Vars.VarOf(e)
	return c.written[v] && writes.StructOf(v.Type()) != nil
}

// fieldOfWritten: e selects the field f of a variable of the written
// entity (directly or promoted through embedded structs).
func (c *checker) fieldOfWritten(e ast.Expr, f *types.Var) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := c.pass.TypesInfo.Selections[sel]
	return s != nil && s.Kind() == types.FieldVal && s.Obj() == f && c.written[c.x.Vars.VarOf(writes.BaseOf(sel.X))]
}

func (c *checker) isNil(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// eachBlock calls fn with the statement list of every block of body
// (blocks, case and select clauses) and the span it covers.
func (c *checker) eachBlock(body *ast.BlockStmt, fn func(list []ast.Stmt, from, to token.Pos)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			fn(n.List, n.Pos(), n.End())
		case *ast.CaseClause:
			fn(n.Body, n.Pos(), n.End())
		case *ast.CommClause:
			fn(n.Body, n.Pos(), n.End())
		}
		return true
	})
}
