package keychars

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports TL201.
var Analyzer = &analysis.Analyzer{
	Name:     "keychars",
	Doc:      docs.MustExtract(doc, "keychars"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/keychars",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	res  *values.Resolver
	seen map[token.Pos]bool
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, res: x.Resolver(), seen: map[token.Pos]bool{}}
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
}
