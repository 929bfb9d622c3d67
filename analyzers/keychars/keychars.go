package keychars

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/target"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL201 and TL202.
var Analyzer = &analysis.Analyzer{
	Name:     "keychars",
	Doc:      docs.MustExtract(doc, "keychars"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/keychars",
	Requires: []*analysis.Analyzer{index.Analyzer, target.Analyzer},
	Run:      run,
}

// onTarget is the -target flag: on Cosmos DB for Table a RowKey is at
// most 255 bytes.
var onTarget target.Value

func init() { target.Register(&Analyzer.Flags, &onTarget) }

type checker struct {
	pass *analysis.Pass
	res  *values.Resolver
	seen map[token.Pos]bool
	svc  *limits.Service
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, res: x.Resolver(), seen: map[token.Pos]bool{}, svc: target.For(pass, &onTarget)}
	for _, f := range pass.Files {
		x.Writes.KeysIn(f, func(k writes.KeySink) { c.key(k.Key, k.Value) })
	}
	for _, k := range x.Keys {
		c.key(k.Key, k.Value)
	}
	return nil, nil
}

// key checks the constant text of one key value.
func (c *checker) key(key string, e ast.Expr) {
	if e == nil || c.seen[e.Pos()] {
		return
	}
	c.seen[e.Pos()] = true
	v := c.res.Of(e)
	for _, p := range v.Parts {
		if p.Hole != nil {
			continue
		}
		if r, bad := filtercheck.InvalidKeyChar(p.Text); bad {
			what := filtercheck.DescribeKeyRune(r)
			diag.Report(c.pass, "TL201", e, "%s", diag.Fit(
				fmt.Sprintf("%s %q contains %s, which keys cannot contain", key, finding.Clip(v.String()), what),
				fmt.Sprintf("%s contains %s, which keys cannot contain", key, what)))
			return
		}
	}
	c.length(key, e, v)
	// A hole filled by a helper of this package that the resolver does
	// not inline (several results, k, err := keyFor(x), or several
	// statements): the key is what the helper returns, checked (and
	// reported) at each return that succeeds.
	for _, h := range v.Holes() {
		if h.Escaped || h.Func != "" {
			continue
		}
		for _, r := range c.helperResults(h.Expr) {
			c.key(key, r)
		}
	}
}

// length reports TL202 for a key whose constant text alone is over the
// key limit: a RowKey over 255 UTF-8 bytes on Cosmos DB for Table, any
// key over 512 UTF-16 code units on Table storage. Holes count as empty,
// so the text is a lower bound of the key.
func (c *checker) length(key string, e ast.Expr, v values.Value) {
	var text strings.Builder
	for _, p := range v.Parts {
		if p.Hole == nil {
			text.WriteString(p.Text)
		}
	}
	least := "at least "
	if len(v.Holes()) == 0 {
		least = ""
	}
	if key == writes.RowKey && c.svc.MaxRowKeyBytes > 0 {
		if n, over := c.svc.RowKeyOver(text.String()); over {
			diag.Report(c.pass, "TL202", e, "RowKey is %s%d bytes, over the limit of %d bytes on Azure Cosmos DB for Table", least, n, c.svc.MaxRowKeyBytes)
		}
		return
	}
	if n := edm.UTF16Len(text.String()); n > limits.MaxKeyChars {
		diag.Report(c.pass, "TL202", e, "%s is %s%d characters, over the limit of %d (%s)", key, least, n, limits.MaxKeyChars, limits.SizeText(limits.MaxKeyBytes))
	}
}

// helperResults returns the expressions a helper of this package returns
// as the value of e — a call of it, or a variable assigned once from one
// of its results — leaving out returns whose last result is an error
// other than nil (the caller does not use the key then).
func (c *checker) helperResults(e ast.Expr) []ast.Expr {
	vars := c.res.Vars()
	e = ast.Unparen(e)
	index := 0
	if v := vars.VarOf(e); v != nil {
		d, ok := vars.Only(v)
		if !ok || d.Zero() || d.Index < 0 {
			return nil
		}
		e, index = ast.Unparen(d.Rhs), d.Index
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := sdk.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	n := sig.Results().Len()
	if n == 0 || !isString(sig.Results().At(index).Type()) {
		return nil
	}
	errLast := n > 1 && types.Identical(sig.Results().At(n-1).Type(), types.Universe.Lookup("error").Type())
	exprs, stmts := vars.Returns(fn, index)
	var out []ast.Expr
	for i, r := range exprs {
		if r == nil {
			continue
		}
		if errLast && !isNil(c.pass.TypesInfo, stmts[i].Results[n-1]) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}
