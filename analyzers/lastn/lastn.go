package lastn

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

//go:embed doc.go
var doc string

// Analyzer reports TL312.
var Analyzer = &analysis.Analyzer{
	Name:     "lastn",
	Doc:      docs.MustExtract(doc, "lastn"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/lastn",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL312 last n kept on the client)")
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
}

func run(pass *analysis.Pass) (any, error) {
	if !diag.Enabled("TL312", info) {
		return nil, nil
	}
	c := &checker{pass: pass, x: index.Of(pass)}
	for cur := range c.x.Inspector.Root().Preorder((*ast.ForStmt)(nil)) {
		loop := cur.Node().(*ast.ForStmt)
		if !c.pagerLoop(loop) || c.stopsEarly(loop.Body) {
			continue
		}
		body := enclosingBody(cur)
		if body == nil {
			continue
		}
		for v := range c.appended(loop.Body) {
			c.tail(body, loop, v)
		}
	}
	return nil, nil
}

// pagerLoop reports whether loop is for pager.More() { … } over a
// ListEntities pager.
func (c *checker) pagerLoop(loop *ast.ForStmt) bool {
	call, ok := ast.Unparen(loop.Cond).(*ast.CallExpr)
	return ok && sdk.IsPagerMethod(c.pass.TypesInfo, call, "More")
}

// stopsEarly reports whether the paging loop ends before the last page
// other than on an error: a break of its own, or a return that is not
// under a condition on an error value.
func (c *checker) stopsEarly(body *ast.BlockStmt) bool {
	found := false
	var walk func(n ast.Node, nested, onErr bool)
	walk = func(n ast.Node, nested, onErr bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = !onErr
			case *ast.BranchStmt:
				found = m.Label != nil || (m.Tok == token.BREAK && !nested)
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					walk(m, true, onErr)
					return false
				}
			case *ast.IfStmt:
				if m != n {
					if m.Init != nil {
						walk(m.Init, nested, onErr)
					}
					walk(m.Body, nested, onErr || c.mentionsError(m.Cond))
					if m.Else != nil {
						walk(m.Else, nested, onErr)
					}
					return false
				}
			}
			return !found
		})
	}
	walk(body, false, false)
	return found
}

// mentionsError reports whether e reads a value of type error.
func (c *checker) mentionsError(e ast.Expr) bool {
	errType := types.Universe.Lookup("error").Type()
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && types.Identical(v.Type(), errType) {
				found = true
			}
		}
		return !found
	})
	return found
}

// appended returns the slice variables assigned an append in body.
func (c *checker) appended(body *ast.BlockStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if sdk.IsBuiltin(c.pass.TypesInfo, call, "append") {
			if v := c.x.Vars.VarOf(as.Lhs[0]); v != nil {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// tail reports a cut of v after the loop: v[len(v)-n:], or v[:n] after a
// sort of v.
func (c *checker) tail(body *ast.BlockStmt, loop *ast.ForStmt, v *types.Var) {
	sorted := token.NoPos
	var sortCall *ast.CallExpr
	reported := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() < loop.End() || reported {
			return !reported
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if c.sorts(n, v) {
				sorted, sortCall = n.Pos(), n
			}
		case *ast.SliceExpr:
			if c.x.Vars.VarOf(n.X) != v {
				return true
			}
			if n.Low != nil && c.lenMinus(n.Low, v) {
				c.report(n)
				reported = true
				return false
			}
			// v[:0] keeps nothing: the start of an in-place filter
			// (kept := v[:0]; for … { kept = append(kept, e) }).
			if sorted.IsValid() && n.Pos() > sorted && n.High != nil && !isZero(c.pass.TypesInfo, n.High) && (n.Low == nil || isZero(c.pass.TypesInfo, n.Low)) {
				c.report(n)
				reported = true
				return false
			}
		}
		return true
	})
	if !reported && sortCall != nil && c.onlyIndexed(body, sortCall, v) {
		c.report(sortCall) // sorted to read v[0] (or another fixed element)
	}
}

// onlyIndexed reports whether, after the sort call, v is used only as
// v[k] with k a constant or len(v)-constant, and in len(v): the sort
// serves to pick a fixed element. Uses inside the sort call (its less
// function) do not count; any other use (ranged, passed, returned,
// sliced) does.
func (c *checker) onlyIndexed(body *ast.BlockStmt, sortCall *ast.CallExpr, v *types.Var) bool {
	info := c.pass.TypesInfo
	allowed := map[*ast.Ident]bool{}
	indexed := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() < sortCall.End() {
			return true
		}
		switch n := n.(type) {
		case *ast.IndexExpr:
			id, ok := ast.Unparen(n.X).(*ast.Ident)
			if !ok || c.x.Vars.VarOf(id) != v {
				return true
			}
			if tv, ok := info.Types[n.Index]; ok && tv.Value != nil || c.lenMinus(n.Index, v) {
				allowed[id] = true
				indexed = true
			}
		case *ast.CallExpr:
			if sdk.IsBuiltin(info, n, "len") && len(n.Args) == 1 {
				if id, ok := ast.Unparen(n.Args[0]).(*ast.Ident); ok {
					allowed[id] = true
				}
			}
		}
		return true
	})
	if !indexed {
		return false
	}
	only := true
	ast.Inspect(body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || !only || id.Pos() < sortCall.End() || c.x.Vars.VarOf(id) != v {
			return only
		}
		if !allowed[id] {
			only = false
		}
		return only
	})
	return only
}

func (c *checker) report(n ast.Node) {
	diag.Report(c.pass, "TL312", n,
		"every page of the query is read to keep only a few entities")
}

// sorts reports whether call sorts or reverses v.
func (c *checker) sorts(call *ast.CallExpr, v *types.Var) bool {
	if len(call.Args) == 0 || c.x.Vars.VarOf(call.Args[0]) != v {
		return false
	}
	ti := c.pass.TypesInfo
	return sdk.IsFunc(ti, call, "sort", "Slice") || sdk.IsFunc(ti, call, "sort", "SliceStable") ||
		sdk.IsFunc(ti, call, "slices", "SortFunc") || sdk.IsFunc(ti, call, "slices", "SortStableFunc") ||
		sdk.IsFunc(ti, call, "slices", "Reverse")
}

// lenMinus reports whether e is len(v) - something.
func (c *checker) lenMinus(e ast.Expr, v *types.Var) bool {
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || be.Op != token.SUB {
		return false
	}
	call, ok := ast.Unparen(be.X).(*ast.CallExpr)
	return ok && len(call.Args) == 1 && sdk.IsBuiltin(c.pass.TypesInfo, call, "len") && c.x.Vars.VarOf(call.Args[0]) == v
}

func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.ExactString() == "0"
}

// enclosingBody returns the body of the function containing cur.
func enclosingBody(cur inspector.Cursor) *ast.BlockStmt {
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := fc.Node().(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}
