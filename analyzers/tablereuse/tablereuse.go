package tablereuse

import (
	_ "embed"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

//go:embed doc.go
var doc string

// Analyzer reports TL104.
var Analyzer = &analysis.Analyzer{
	Name:     "tablereuse",
	Doc:      docs.MustExtract(doc, "tablereuse"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/tablereuse",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	fl   *flow.Result
}

// op is a table delete or create and the table it names.
type op struct {
	call *ast.CallExpr
	// name is the table name, argument arg of the call at, or nil.
	name ast.Expr
	at   *ast.CallExpr
	arg  int
	id   any // the client variable, when name is nil
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass)}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.function(fd.Body)
			}
		}
	}
	return nil, nil
}

func (c *checker) function(body *ast.BlockStmt) {
	var deletes, creates []op
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if o, del, ok := c.op(call); ok {
			if del {
				deletes = append(deletes, o)
			} else {
				creates = append(creates, o)
			}
		}
		return true
	})
	if len(deletes) == 0 || len(creates) == 0 {
		return
	}
	for _, cr := range creates {
		for _, d := range deletes {
			if d.call.Pos() >= cr.call.Pos() || !c.sameTable(d, cr) || !c.follows(d.call, cr.call) {
				continue
			}
			line := c.pass.Fset.Position(d.call.Pos()).Line
			diag.Report(c.pass, "TL104", cr.call,
				"the table deleted at line %d is created again under its name (409 until the delete ends)",
				line)
			break
		}
	}
}

// op recognises a delete (del) or create of a table.
func (c *checker) op(call *ast.CallExpr) (op, bool, bool) {
	info := c.pass.TypesInfo
	switch {
	case sdk.IsMethod(info, call, "ServiceClient", "DeleteTable") && len(call.Args) >= 2:
		return op{call: call, name: call.Args[1], at: call, arg: 1}, true, true
	case sdk.IsMethod(info, call, "ServiceClient", "CreateTable") && len(call.Args) >= 2:
		return op{call: call, name: call.Args[1], at: call, arg: 1}, false, true
	case sdk.IsMethod(info, call, "Client", "Delete"), sdk.IsMethod(info, call, "Client", "CreateTable"):
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return op{}, false, false
		}
		o := op{call: call}
		recv := c.x.Vars.Resolve(sel.X)
		if nc, ok := recv.(*ast.CallExpr); ok && sdk.IsMethod(info, nc, "ServiceClient", "NewClient") && len(nc.Args) == 1 {
			o.name, o.at, o.arg = nc.Args[0], nc, 0
		} else if v := c.x.Vars.VarOf(recv); v != nil && c.x.Writes.Once(v) {
			o.id = v
		} else {
			return op{}, false, false
		}
		return o, sdk.IsMethod(info, call, "Client", "Delete"), true
	}
	return op{}, false, false
}

// sameTable reports whether two operations provably name the same table.
func (c *checker) sameTable(a, b op) bool {
	if a.id != nil || b.id != nil {
		return a.id != nil && a.id == b.id
	}
	if va := c.x.Vars.VarOf(a.name); va != nil && va == c.x.Vars.VarOf(b.name) && c.x.Writes.Once(va) {
		return true
	}
	p, ok := c.constName(a)
	q, ok2 := c.constName(b)
	return ok && ok2 && p == q
}

// constName returns the table name o gives when flow knows it as one
// constant, non-empty text.
func (c *checker) constName(o op) (string, bool) {
	v, ok := c.fl.Arg(o.at, o.arg)
	if !ok {
		return "", false
	}
	s, ok := flow.ConstText(v)
	return s, ok && s != ""
}

// follows reports whether b can run after a: they are not in exclusive
// branches, and a's blocks up to the common one do not end (return,
// branch, panic) after a.
func (c *checker) follows(a, b ast.Node) bool {
	root := c.x.Inspector.Root()
	ca, okA := root.FindNode(a)
	cb, okB := root.FindNode(b)
	if !okA || !okB {
		return false
	}
	child := ca
	for p := range ca.Parent().Enclosing() {
		if p.Contains(cb) {
			// The common ancestor: exclusive only as the two arms of an if.
			if s, ok := p.Node().(*ast.IfStmt); ok && s.Else != nil {
				return !(writes.Contains(s.Body, a) && writes.Contains(s.Else, b))
			}
			return true
		}
		switch n := p.Node().(type) {
		case *ast.BlockStmt:
			if ends(n.List, child.Node()) {
				return false
			}
		case *ast.CaseClause, *ast.CommClause:
			var body []ast.Stmt
			if cc, ok := n.(*ast.CaseClause); ok {
				body = cc.Body
			} else {
				body = n.(*ast.CommClause).Body
			}
			// Another clause of the same switch or select is exclusive.
			if ends(body, child.Node()) || p.Parent().Parent().Contains(cb) {
				return false
			}
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
		child = p
	}
	return false
}

// ends reports whether a statement after child in list leaves the block:
// return, break, continue, goto, or a call of panic.
func ends(list []ast.Stmt, child ast.Node) bool {
	after := false
	for _, s := range list {
		if s == child {
			after = true
			continue
		}
		if !after {
			continue
		}
		switch s := s.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
			return true
		case *ast.ExprStmt:
			if call, ok := s.X.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
					return true
				}
			}
		}
	}
	return false
}
