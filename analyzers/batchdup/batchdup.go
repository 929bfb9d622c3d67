package batchdup

import (
	_ "embed"
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
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
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	fl   *flow.Result
	body *ast.BlockStmt
	seen map[ast.Node]bool
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass), seen: map[ast.Node]bool{}}
	for _, call := range x.Calls {
		if call.Actions == nil || call.Body == nil {
			continue
		}
		c.check(call)
	}
	c.legacyBatches()
	return nil, nil
}

// action is one TransactionAction with its entity and keys, or one
// legacy TableBatch method call.
type action struct {
	lit    ast.Node // the TransactionAction literal, or the TableBatch call
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
		if act, ok := c.actionOf(a.Lit, entity); ok {
			acts = append(acts, act)
		}
	}
	c.compare(acts, nil)
}

// actionOf returns the action at n on entity, with its keys when each is
// set once; ok is false when a key is set in several places.
func (c *checker) actionOf(n ast.Node, entity ast.Expr) (action, bool) {
	var pks, rks []ast.Expr
	for _, k := range c.x.Writes.KeysOf(c.x.Writes.RootsOf(entity), c.body) {
		if k.Key == writes.PartitionKey {
			pks = append(pks, k.Value)
		} else {
			rks = append(rks, k.Value)
		}
	}
	if len(pks) > 1 || len(rks) > 1 {
		return action{}, false // set in several places
	}
	act := action{lit: n, entity: c.identity(entity)}
	if len(pks) == 1 && len(rks) == 1 {
		act.pk, act.rk = pks[0], rks[0]
	}
	return act, true
}

// compare reports each action that changes the entity of an earlier
// one of acts (in source order) added on every run of the same block;
// apart, when not nil, tells two actions that go to different requests.
func (c *checker) compare(acts []action, apart func(a, b ast.Node) bool) {
	for i := 1; i < len(acts); i++ {
		for j := 0; j < i; j++ {
			a, b := acts[j], acts[i]
			if c.seen[b.lit] || !c.together(a.lit, b.lit) || (apart != nil && apart(a.lit, b.lit)) {
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
					finding.Clip(fmt.Sprintf("PartitionKey %q, RowKey %q", c.text(b.pk), c.text(b.rk))), line)
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
// expression, equal constant text, or, on the flow layer, values of one
// function equal by their source or computed the same way from equal
// values (flow.Result.SameComputed: not calls that may differ, such as
// uuid.New).
func (c *checker) same(a, b ast.Expr) bool {
	if a == b {
		return true
	}
	if ta, ok := c.fl.ExprText(a); ok {
		tb, ok := c.fl.ExprText(b)
		return ok && ta == tb
	}
	va, okA := c.fl.ExprValue(a)
	vb, okB := c.fl.ExprValue(b)
	if !okA || !okB || va.Parent() == nil || va.Parent() != vb.Parent() {
		return false
	}
	return c.fl.SameComputed(va, vb)
}

// text writes a key's value for messages, holes as {?}.
func (c *checker) text(e ast.Expr) string {
	if v, ok := c.fl.ExprOf(e); ok && len(v.Variants) == 1 {
		return v.Variants[0].Text()
	}
	return "{?}"
}

// together reports whether both literals are added on every run of the
// same block: the nearest enclosing block (or case clause) is the same.
func (c *checker) together(a, b ast.Node) bool {
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
