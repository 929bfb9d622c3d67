package keychars

import (
	_ "embed"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/keyflow"
	"github.com/tablelint/tablelint/analyzers/internal/target"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL201 and TL202.
var Analyzer = &analysis.Analyzer{
	Name:             "keychars",
	Doc:              docs.MustExtract(doc, "keychars"),
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/keychars",
	Requires:         []*analysis.Analyzer{keyflow.Analyzer, target.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
}

// onTarget is the -target flag: on Cosmos DB for Table a RowKey is at
// most 255 bytes.
var onTarget target.Value

func init() { target.Register(&Analyzer.Flags, &onTarget) }

type checker struct {
	pass *analysis.Pass
	seen map[token.Pos]bool
	svc  *limits.Service
	kf   *keyflow.Result
}

func run(pass *analysis.Pass) (any, error) {
	kf := keyflow.Of(pass)
	c := &checker{pass: pass, seen: map[token.Pos]bool{}, svc: target.For(pass, &onTarget), kf: kf}
	long := map[token.Pos]bool{}
	for _, s := range kf.Sinks {
		v := kf.Value(s)
		c.check(s, v)
		if s.Callee == nil && !long[s.Pos] {
			long[s.Pos] = true
			c.length(s.Key, s.Pos, v)
		}
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
				pos := c.argPos(s)
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
	if s.Unwritten {
		// A struct or map with key fields that flow shows never reaches
		// a write: it describes a read, which the query rules check.
		return
	}
	for _, h := range v.Holes() {
		if h.Source != flow.Request || keySafe(h.Bound) {
			continue
		}
		// Through a function of this package: reported where it sets
		// the key (the code to fix), naming the call's line.
		// Every place it does so, when several helpers make the
		// argument the same key (one to write, one to read).
		if s.At != 0 {
			line := c.pass.Fset.Position(s.Pos).Line
			for _, at := range append([]token.Pos{s.At}, s.Also...) {
				c.reportAt(at, "%s", diag.Fit(
					fmt.Sprintf("%s comes from the request (%s, passed at line %d) unchecked: / \\ # ? fail", s.Key, h.What, line),
					fmt.Sprintf("%s comes from the request (passed at line %d) unchecked: / \\ # ? fail", s.Key, line)))
			}
			return
		}
		c.reportAt(c.argPos(s), "%s", diag.Fit(
			fmt.Sprintf("%s comes from the request (%s) unchecked: a / \\ # or ? in it fails", s.Key, h.What),
			fmt.Sprintf("%s comes from the request unchecked: a / \\ # or ? in it fails", s.Key)))
		return
	}
}

// length reports TL202 for a key whose constant text alone is over the
// key limit: a RowKey over 255 UTF-8 bytes on Cosmos DB for Table, any
// key over 512 UTF-16 code units on Table storage. Holes count as empty,
// so the text is a lower bound of the key; each variant is checked.
func (c *checker) length(key string, pos token.Pos, v flow.Value) {
	for _, vr := range v.Variants {
		var text strings.Builder
		holes := false
		for _, p := range vr.Parts {
			if p.Hole == nil {
				text.WriteString(p.Text)
			} else {
				holes = true
			}
		}
		least := ""
		if holes || v.Approx {
			least = "at least "
		}
		if key == "RowKey" && c.svc.MaxRowKeyBytes > 0 {
			if n, over := c.svc.RowKeyOver(text.String()); over {
				diag.Report(c.pass, "TL202", posNode(pos), "RowKey is %s%d bytes, over the limit of %d bytes on Azure Cosmos DB for Table", least, n, c.svc.MaxRowKeyBytes)
				return
			}
			continue
		}
		if n := edm.UTF16Len(text.String()); n > limits.MaxKeyChars {
			diag.Report(c.pass, "TL202", posNode(pos), "%s is %s%d characters, over the limit of %d (%s)", key, least, n, limits.MaxKeyChars, limits.SizeText(limits.MaxKeyBytes))
			return
		}
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

// argPos is where the key of a sink is written (keyflow's KeyPos: the
// key argument of GetEntity, DeleteEntity or GetEntityReference, so
// that each key argument is reported on its own).
func (c *checker) argPos(s keyflow.Sink) token.Pos {
	return c.kf.KeyPos(s)
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
