package keychars

import (
	_ "embed"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/keyflow"
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
	Requires: []*analysis.Analyzer{keyflow.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	seen map[token.Pos]bool
}

func run(pass *analysis.Pass) (any, error) {
	kf := keyflow.Of(pass)
	c := &checker{pass: pass, seen: map[token.Pos]bool{}}
	for _, s := range kf.Sinks {
		c.check(s, kf.Value(s))
	}
	return nil, nil
}

// check checks one key value.
func (c *checker) check(s keyflow.Sink, v flow.Value) {
	// Constant text: whatever the run-time parts hold, the key is invalid.
	for _, vr := range v.Variants {
		for _, p := range vr.Parts {
			if p.Hole != nil {
				continue
			}
			if r, bad := filtercheck.InvalidKeyChar(p.Text); bad {
				pos := s.Pos
				if vr.Ret != 0 && c.inPackage(token.Pos(vr.Ret)) {
					pos = token.Pos(vr.Ret)
				}
				what := filtercheck.DescribeKeyRune(r)
				c.reportAt(pos, "%s", diag.Fit(
					fmt.Sprintf("%s %q contains %s, which keys cannot contain", s.Key, finding.Clip(vr.Text()), what),
					fmt.Sprintf("%s contains %s, which keys cannot contain", s.Key, what)))
				return
			}
		}
	}
	for _, h := range v.Holes() {
		if h.Source != flow.Request || keySafe(h.Bound) {
			continue
		}
		// Through a function of this package: reported where it sets
		// the key (the code to fix), naming the call's line.
		if s.At != 0 {
			line := c.pass.Fset.Position(s.Pos).Line
			c.reportAt(s.At, "%s", diag.Fit(
				fmt.Sprintf("%s comes from the request (%s, passed at line %d) unchecked: / \\ # ? fail", s.Key, h.What, line),
				fmt.Sprintf("%s comes from the request (passed at line %d) unchecked: / \\ # ? fail", s.Key, line)))
			return
		}
		c.reportAt(s.Pos, "%s", diag.Fit(
			fmt.Sprintf("%s comes from the request (%s) unchecked: a / \\ # or ? in it fails", s.Key, h.What),
			fmt.Sprintf("%s comes from the request unchecked: a / \\ # or ? in it fails", s.Key)))
		return
	}
}

// keySafe: bounds under which a value cannot hold / \ # ? or controls.
func keySafe(b flow.Bound) bool {
	return b.Safe() || b&(flow.URLEscaped|flow.Replaced|flow.Time) != 0
}

func (c *checker) reportAt(pos token.Pos, format string, args ...any) {
	if c.seen[pos] {
		return
	}
	c.seen[pos] = true
	diag.Report(c.pass, "TL201", posNode(pos), format, args...)
}

type posNode token.Pos

func (p posNode) Pos() token.Pos { return token.Pos(p) }
func (p posNode) End() token.Pos { return token.Pos(p) }

func (c *checker) inPackage(pos token.Pos) bool {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}
