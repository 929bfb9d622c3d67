package move

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

//go:embed doc.go
var doc string

// Analyzer reports TL408.
var Analyzer = &analysis.Analyzer{
	Name:     "move",
	Doc:      docs.MustExtract(doc, "move"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/move",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	res  *values.Resolver
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, res: x.Resolver()}
	for _, w := range x.Calls {
		if w.Via != nil || w.Closure != nil || w.Legacy || w.Entity == nil || w.Body == nil {
			continue
		}
		c.check(w)
	}
	return nil, nil
}

func (c *checker) check(w index.Call) {
	// The entity written was decoded from a GetEntity read.
	vars := map[*types.Var]bool{}
	for _, v := range c.x.Writes.RootsOf(w.Entity).Vars {
		vars[v] = true
	}
	var read writes.Read
	found := false
	for _, d := range c.x.Writes.DecodesIn(w.Body) {
		if r, ok := c.x.Writes.ReadOf(d.Src); ok && vars[d.Dst] && r.Call != nil && len(r.Call.Args) >= 3 {
			read, found = r, true
			break
		}
	}
	if !found {
		return
	}
	from, to := c.x.Writes.TableOf(c.res, read.Call), c.x.Writes.TableOf(c.res, w.Call)
	if !writes.DifferentTables(from, to) {
		return
	}
	// … and deleted from the table it was read from, with the same keys.
	var del *ast.CallExpr
	ast.Inspect(w.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || del != nil || !sdk.IsMethod(c.pass.TypesInfo, call, "Client", "DeleteEntity") || len(call.Args) < 3 {
			return del == nil
		}
		if t := c.x.Writes.TableOf(c.res, call); t != nil && !writes.DifferentTables(t, from) &&
			c.x.Writes.SameString(c.res, call.Args[1], read.Call.Args[1]) && c.x.Writes.SameString(c.res, call.Args[2], read.Call.Args[2]) {
			del = call
		}
		return del == nil
	})
	if del == nil {
		return
	}
	if w.Method == "UpsertEntity" && c.toleratesNotFound(w.Body) {
		return // the idempotent steps of the pattern's worker
	}
	line := c.pass.Fset.Position(del.Pos()).Line
	diag.Report(c.pass, "TL408", w.Call,
		"the entity is moved to another table here and deleted (line %d) in two independent requests",
		line)
}

// toleratesNotFound reports whether body mentions a not-found error:
// the ResourceNotFound code, http.StatusNotFound or the number 404.
func (c *checker) toleratesNotFound(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.BasicLit:
			if tv, ok := c.pass.TypesInfo.Types[n]; ok && tv.Value != nil {
				switch tv.Value.Kind() {
				case constant.Int:
					found = tv.Value.ExactString() == "404"
				case constant.String:
					found = strings.Contains(constant.StringVal(tv.Value), "ResourceNotFound")
				}
			}
		case *ast.Ident:
			if obj := c.pass.TypesInfo.Uses[n]; obj != nil {
				found = obj.Name() == "StatusNotFound" || obj.Name() == "ResourceNotFound"
			}
		}
		return !found
	})
	return found
}
