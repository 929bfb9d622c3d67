package move

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

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

// Analyzer reports TL408.
var Analyzer = &analysis.Analyzer{
	Name:     "move",
	Doc:      docs.MustExtract(doc, "move"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/move",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	fl   *flow.Result
	// names caches, per client field, the table name arguments of the
	// constructors the package gives it (see fieldNames).
	names map[*types.Var]fieldNames
}

// fieldNames are the table-name arguments (as written) of the client
// constructors a field is given; ok is false when it is given anything
// else, or its struct is built with a positional literal.
type fieldNames struct {
	names map[string]bool
	ok    bool
}

// clientField is a table told apart by the struct field holding its
// client.
type clientField struct {
	owner types.Type // the struct's named type
	field *types.Var
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass), names: map[*types.Var]fieldNames{}}
	for _, w := range x.Calls {
		if w.Via != nil || w.Closure != nil || w.Legacy || w.Entity == nil || w.Body == nil {
			continue
		}
		c.check(w)
	}
	return nil, nil
}

func (c *checker) check(w index.Call) {
	// The entity written is a GetEntity read, or was decoded from one.
	vars := map[*types.Var]bool{}
	for _, v := range c.x.Writes.RootsOf(w.Entity).Vars {
		vars[v] = true
	}
	var read writes.Read
	found := false
	if r, ok := c.x.Writes.ReadOf(w.Entity); ok && r.Call != nil && len(r.Call.Args) >= 3 {
		read, found = r, true // the read's bytes written as they are
	}
	for _, d := range c.x.Writes.DecodesIn(w.Body) {
		if found {
			break
		}
		if r, ok := c.x.Writes.ReadOf(d.Src); ok && vars[d.Dst] && r.Call != nil && len(r.Call.Args) >= 3 {
			read, found = r, true
			break
		}
	}
	if !found {
		return
	}
	from, to := c.tableOf(read.Call), c.tableOf(w.Call)
	if !c.different(from, to) {
		return
	}
	// … and deleted from the table it was read from, with the same keys.
	var del *ast.CallExpr
	ast.Inspect(w.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || del != nil || sdk.CallOp(c.pass.TypesInfo, call) != (sdk.Op{Kind: sdk.Delete}) || len(call.Args) < 3 {
			return del == nil
		}
		if t := c.tableOf(call); t != nil && !c.different(t, from) &&
			c.x.Writes.SameText(c.fl, call.Args[1], read.Call.Args[1]) && c.x.Writes.SameText(c.fl, call.Args[2], read.Call.Args[2]) {
			del = call
		}
		return del == nil
	})
	if del == nil {
		return
	}
	if w.Op() == (sdk.Op{Kind: sdk.Upsert}) && c.x.Writes.Mentions(w.Body, writes.NotFound) {
		return // the idempotent steps of the pattern's worker
	}
	line := c.pass.Fset.Position(del.Pos()).Line
	diag.Report(c.pass, "TL408", w.Call,
		"the entity is moved to another table here and deleted (line %d) in two independent requests",
		line)
}

// tableOf returns the table a client call addresses (writes.TableAt), or
// else the struct field holding the client when the package gives that
// field only client constructors, or nothing (see different).
func (c *checker) tableOf(call *ast.CallExpr) any {
	if t := c.x.Writes.TableAt(c.fl, call); t != nil {
		return t
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	recv, ok := c.x.Vars.Resolve(sel.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := c.pass.TypesInfo.Selections[recv]
	if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil
	}
	f, ok := s.Obj().(*types.Var)
	if !ok || !sdk.IsAztablesType(f.Type(), "Client") {
		return nil
	}
	owner := s.Recv()
	if p, ok := owner.Underlying().(*types.Pointer); ok {
		owner = p.Elem()
	}
	if _, ok := types.Unalias(owner).(*types.Named); !ok || !c.fieldNames(f, owner).ok {
		return nil
	}
	return clientField{owner: owner, field: f}
}

// different reports whether two tables are provably different: by
// writes.DifferentTables, or two different client fields of one struct
// that the package gives no value at all (the clients are set up
// elsewhere: two fields are declared to hold two tables) or only client
// constructors with table-name arguments written differently
// (sc.NewClient(cfg.Orders) and sc.NewClient(cfg.Archive)).
func (c *checker) different(a, b any) bool {
	fa, okA := a.(clientField)
	fb, okB := b.(clientField)
	if !okA || !okB {
		return writes.DifferentTables(a, b)
	}
	if fa.field == fb.field || !types.Identical(fa.owner, fb.owner) {
		return false
	}
	na, nb := c.fieldNames(fa.field, fa.owner), c.fieldNames(fb.field, fb.owner)
	for n := range na.names {
		if nb.names[n] {
			return false
		}
	}
	return true
}

// fieldNames finds what the package gives client field f of struct type
// owner: keyed literal entries and assignments (also &s.f, which may set
// it), each of which must be a client constructor; a positional literal
// of owner gives it an unknown value.
func (c *checker) fieldNames(f *types.Var, owner types.Type) fieldNames {
	if fn, ok := c.names[f]; ok {
		return fn
	}
	fn := fieldNames{names: map[string]bool{}, ok: true}
	give := func(e ast.Expr) {
		name, ok := c.constructorName(e)
		if !ok {
			fn.ok = false
			return
		}
		fn.names[name] = true
	}
	isF := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && c.pass.TypesInfo.Selections[sel] != nil && c.pass.TypesInfo.Selections[sel].Obj() == f
	}
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				t := c.pass.TypesInfo.TypeOf(n)
				if t == nil || !types.Identical(t, owner) {
					return true
				}
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						fn.ok = false // positional
						continue
					}
					if id, ok := kv.Key.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == f {
						give(kv.Value)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if !isF(l) {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) {
						fn.ok = false
						continue
					}
					give(n.Rhs[i])
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && isF(n.X) {
					fn.ok = false
				}
			}
			return true
		})
	}
	c.names[f] = fn
	return fn
}

// constructorName returns the table-name (or URL) argument, as written,
// of a call that makes a new Table client: ServiceClient.NewClient or
// aztables.NewClient*.
func (c *checker) constructorName(e ast.Expr) (string, bool) {
	e = c.x.Vars.Resolve(e)
	if v := c.x.Vars.VarOf(e); v != nil {
		// client, err := aztables.NewClient(…)
		if d, ok := c.x.Vars.Only(v); ok && !d.Zero() && d.Index == 0 {
			e = d.Rhs
		}
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	info := c.pass.TypesInfo
	if sdk.IsMethod(info, call, "ServiceClient", "NewClient") ||
		sdk.IsFunc(info, call, sdk.AztablesPath, "NewClient") ||
		sdk.IsFunc(info, call, sdk.AztablesPath, "NewClientWithSharedKey") ||
		sdk.IsFunc(info, call, sdk.AztablesPath, "NewClientWithNoCredential") {
		return types.ExprString(call.Args[0]), true
	}
	return "", false
}
