package batchdup

import (
	_ "embed"
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports TL404.
var Analyzer = &analysis.Analyzer{
	Name:     "batchdup",
	Doc:      docs.MustExtract(doc, "batchdup"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/batchdup",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	res  *values.Resolver
	body *ast.BlockStmt
	seen map[*ast.CompositeLit]bool
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, res: x.Resolver(), seen: map[*ast.CompositeLit]bool{}}
	for _, call := range x.Calls {
		if call.Actions == nil || call.Body == nil {
			continue
		}
		c.check(call)
	}
	return nil, nil
}

// action is one TransactionAction with its entity and keys.
type action struct {
	lit    *ast.CompositeLit
	entity any      // what the entity is: a variable assigned once, or an expression
	pk, rk ast.Expr // nil if unknown
}

func (c *checker) check(call index.Call) {
	c.body = call.Body
	var acts []action
	for _, a := range c.x.Writes.ActionsOf(call.Actions) {
		if a.Entity == nil || !writes.Contains(call.Body, a.Lit) {
			continue // no entity, or built outside this function
		}
		entity := a.Entity
		if h, ok := c.x.Vars.Resolve(entity).(*ast.CallExpr); ok {
			if arg := c.x.Writes.MarshalWrapperArg(h); arg != nil {
				entity = arg // mustJSON(res): the entity is res
			}
		}
		var pks, rks []ast.Expr
		for _, k := range c.x.Writes.KeysOf(c.x.Writes.RootsOf(entity), call.Body) {
			if k.Key == writes.PartitionKey {
				pks = append(pks, k.Value)
			} else {
				rks = append(rks, k.Value)
			}
		}
		if len(pks) > 1 || len(rks) > 1 {
			continue // set in several places
		}
		act := action{lit: a.Lit, entity: c.identity(entity)}
		if len(pks) == 1 && len(rks) == 1 {
			act.pk, act.rk = pks[0], rks[0]
		}
		acts = append(acts, act)
	}
	for i := 1; i < len(acts); i++ {
		for j := 0; j < i; j++ {
			a, b := acts[j], acts[i]
			if c.seen[b.lit] || !c.together(a.lit, b.lit) {
				continue
			}
			line := c.pass.Fset.Position(a.lit.Pos()).Line
			switch {
			case a.entity == b.entity:
				diag.Report(c.pass, "TL404", b.lit,
					"this action changes the entity of the action at line %d again, in the same transaction", line)
			case a.pk != nil && b.pk != nil && c.same(a.pk, b.pk) && c.same(a.rk, b.rk):
				diag.Report(c.pass, "TL404", b.lit,
					"this action changes entity %s again, after the action at line %d",
					finding.Clip(fmt.Sprintf("PartitionKey %q, RowKey %q", c.res.Of(b.pk).String(), c.res.Of(b.rk).String())), line)
			default:
				continue
			}
			c.seen[b.lit] = true
			break
		}
	}
}

// identity returns what entity expression e is: the expression it
// resolves to through variables assigned once, or the variable assigned
// once from a call with several results (b, err := json.Marshal(o)), or
// a parameter never reassigned.
func (c *checker) identity(e ast.Expr) any {
	e = c.x.Vars.Resolve(e)
	if v := c.x.Vars.VarOf(e); c.x.Writes.Once(v) {
		return v
	}
	return e
}

// same reports whether two key values are provably equal: the same
// expression, equal constants, or the same parts built from the same
// run-time values of this function (not calls, which may differ).
func (c *checker) same(a, b ast.Expr) bool {
	if a == b {
		return true
	}
	va, vb := c.res.Of(a), c.res.Of(b)
	if len(va.Parts) != len(vb.Parts) || len(va.Parts) == 0 {
		return false
	}
	for i := range va.Parts {
		pa, pb := va.Parts[i], vb.Parts[i]
		if (pa.Hole == nil) != (pb.Hole == nil) {
			return false
		}
		if pa.Hole == nil {
			if pa.Text != pb.Text {
				return false
			}
			continue
		}
		if !c.sameHole(pa.Hole, pb.Hole) {
			return false
		}
	}
	return true
}

func (c *checker) sameHole(a, b *values.Hole) bool {
	if a.Foreign || b.Foreign || a.Verb != b.Verb || a.Func != b.Func || a.Layout != b.Layout {
		return false
	}
	if a.Param != nil || b.Param != nil {
		return a.Param == b.Param
	}
	// One expression, evaluated once in this function (a variable's
	// single assignment), not a call inlined from a helper.
	return a.Expr == b.Expr && writes.Contains(c.body, a.Expr)
}

// together reports whether both literals are added on every run of the
// same block: the nearest enclosing block (or case clause) is the same.
func (c *checker) together(a, b *ast.CompositeLit) bool {
	ba, bb := c.block(a), c.block(b)
	return ba != nil && ba == bb
}

func (c *checker) block(n ast.Node) ast.Node {
	cur, ok := c.x.Inspector.Root().FindNode(n)
	if !ok {
		return nil
	}
	for p := range cur.Parent().Enclosing((*ast.BlockStmt)(nil), (*ast.CaseClause)(nil), (*ast.CommClause)(nil), (*ast.FuncLit)(nil)) {
		if _, lit := p.Node().(*ast.FuncLit); lit {
			return nil
		}
		return p.Node()
	}
	return nil
}
