package retries

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

//go:embed doc.go
var doc string

// Analyzer reports TL416.
var Analyzer = &analysis.Analyzer{
	Name:     "retries",
	Doc:      docs.MustExtract(doc, "retries"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/retries",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, x: index.Of(pass)}
	for cur := range c.x.Inspector.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		if diag.InTestFile(pass, cur.Node().Pos()) {
			continue
		}
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if sdk.IsAztablesType(pass.TypesInfo.TypeOf(n), "ClientOptions") {
				c.clientOptions(n)
			}
		case *ast.AssignStmt:
			c.assign(n)
		}
	}
	return nil, nil
}

// clientOptions follows aztables.ClientOptions{ClientOptions:
// azcore.ClientOptions{Retry: policy.RetryOptions{…}}} to the retry
// options.
func (c *checker) clientOptions(lit *ast.CompositeLit) {
	inner := c.literal(sdk.Field(c.pass.TypesInfo, lit, "ClientOptions"))
	if inner == nil {
		return
	}
	if retry := c.literal(sdk.Field(c.pass.TypesInfo, inner, "Retry")); retry != nil {
		c.retryOptions(retry)
	}
}

// literal returns the composite literal e is, through & and variables
// assigned once.
func (c *checker) literal(e ast.Expr) *ast.CompositeLit {
	if e == nil {
		return nil
	}
	e = c.x.Vars.Resolve(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = c.x.Vars.Resolve(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

func (c *checker) retryOptions(lit *ast.CompositeLit) {
	if mr := sdk.Field(c.pass.TypesInfo, lit, "MaxRetries"); mr != nil {
		c.maxRetries(mr)
	}
	if sc := sdk.Field(c.pass.TypesInfo, lit, "StatusCodes"); sc != nil {
		c.statusCodes(sc)
	}
}

func (c *checker) maxRetries(e ast.Expr) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int || constant.Sign(tv.Value) >= 0 {
		return
	}
	diag.Report(c.pass, "TL416", e, "MaxRetries %s turns off retries for this Table client, throttling included", tv.Value)
}

func (c *checker) statusCodes(e ast.Expr) {
	lit := c.literal(e)
	if lit == nil || len(lit.Elts) != 0 {
		return
	}
	if _, ok := sdk.Under(c.pass.TypesInfo.TypeOf(lit)).(*types.Slice); !ok {
		return
	}
	diag.Report(c.pass, "TL416", e, "an empty StatusCodes turns off retries on HTTP status codes for this Table client")
}

// assign checks assignments into a Table client's options: a whole
// options value (opts.ClientOptions = azcore.ClientOptions{…}), its retry
// options (opts.Retry = policy.RetryOptions{…}) or one retry setting
// (opts.Retry.MaxRetries = -1, opts.ClientOptions.Retry.StatusCodes = …).
func (c *checker) assign(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		path, ok := c.optionsPath(l)
		if !ok {
			continue
		}
		switch {
		case len(path) == 1 && path[0] == "ClientOptions":
			if lit := c.literal(as.Rhs[i]); lit != nil {
				if retry := c.literal(sdk.Field(c.pass.TypesInfo, lit, "Retry")); retry != nil {
					c.retryOptions(retry)
				}
			}
		case len(path) == 1 && path[0] == "Retry":
			if retry := c.literal(as.Rhs[i]); retry != nil {
				c.retryOptions(retry)
			}
		case len(path) == 2 && path[0] == "Retry" && path[1] == "MaxRetries":
			c.maxRetries(as.Rhs[i])
		case len(path) == 2 && path[0] == "Retry" && path[1] == "StatusCodes":
			c.statusCodes(as.Rhs[i])
		}
	}
}

// optionsPath returns the fields l selects, in order, below a value of
// type aztables.ClientOptions (or a pointer to it), leaving out the
// embedded azcore.ClientOptions when it is named: opts.Retry.MaxRetries
// and opts.ClientOptions.Retry.MaxRetries both give [Retry MaxRetries],
// opts.ClientOptions gives [ClientOptions]. ok is false when l is not
// such a selection.
func (c *checker) optionsPath(l ast.Expr) (path []string, ok bool) {
	e := ast.Unparen(l)
	for {
		sel, isSel := e.(*ast.SelectorExpr)
		if !isSel {
			return nil, false
		}
		s := c.pass.TypesInfo.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return nil, false
		}
		path = append([]string{sel.Sel.Name}, path...)
		if sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(sel.X), "ClientOptions") {
			if len(path) > 1 && path[0] == "ClientOptions" {
				path = path[1:]
			}
			return path, true
		}
		e = ast.Unparen(sel.X)
	}
}
