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

const policyPath = "github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"

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
	if _, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Slice); !ok {
		return
	}
	diag.Report(c.pass, "TL416", e, "an empty StatusCodes turns off retries on HTTP status codes for this Table client")
}

// assign checks opts.Retry.MaxRetries = … and opts.Retry.StatusCodes = …
// on aztables.ClientOptions.
func (c *checker) assign(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "MaxRetries" && sel.Sel.Name != "StatusCodes") {
			continue
		}
		s := c.pass.TypesInfo.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal || !sdk.IsType(s.Recv(), policyPath, "RetryOptions") {
			continue
		}
		// The retry options must belong to a Table client's options.
		retry, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok || !sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(retry.X), "ClientOptions") {
			continue
		}
		if sel.Sel.Name == "MaxRetries" {
			c.maxRetries(as.Rhs[i])
		} else {
			c.statusCodes(as.Rhs[i])
		}
	}
}
