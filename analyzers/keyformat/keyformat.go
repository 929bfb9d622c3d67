package keyformat

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/printer"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// Analyzer reports TL204 and TL205.
var Analyzer = &analysis.Analyzer{
	Name: "keyformat",
	Doc:  "find numbers formatted into Azure Table PartitionKey/RowKey values without zero padding (TL204, TL205)",
	URL:  "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/keyformat",
	Run:  run,
}

// ReverseMin is the smallest constant taken to be the maximum of a
// reverse-time key (max - now): any constant with 18 or more digits.
const ReverseMin = 100_000_000_000_000_000

type checker struct {
	pass *analysis.Pass
	idx  *writes.Index
	res  *values.Resolver
	// calls maps each call argument to its call, built on first use.
	calls map[ast.Expr]*ast.CallExpr
	seen  map[token.Pos]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass: pass,
		idx:  writes.NewIndex(pass.TypesInfo, pass.Files),
		res:  values.NewResolver(pass.TypesInfo, pass.Files),
		seen: map[token.Pos]bool{},
	}
	for _, f := range pass.Files {
		c.idx.KeysIn(f, c.sink)
	}
	return nil, nil
}

func (c *checker) sink(k writes.KeySink) {
	v := c.res.Of(k.Value)
	for _, h := range v.Holes() {
		c.hole(k, h)
	}
}

func (c *checker) hole(k writes.KeySink, h *values.Hole) {
	if !h.IsInteger() || h.Verb == "" || h.Foreign {
		return
	}
	switch h.Verb[len(h.Verb)-1] {
	case 'd', 'v', 'x', 'X', 'o', 'b':
	default:
		return
	}
	if tv, ok := c.pass.TypesInfo.Types[h.Expr]; ok && tv.Value != nil {
		return // a constant has one width
	}
	if fixedWidthTime(c.pass.TypesInfo, c.idx.Resolve(h.Expr)) {
		return
	}
	width, zero := values.Width(h.Verb)
	reverse := c.isReverse(h.Expr)
	if c.seen[h.Expr.Pos()] {
		return
	}
	call := c.callOf(h.Expr)
	at := ast.Node(h.Expr)
	if call != nil && h.Func != "fmt.Sprintf" {
		at = call
	}
	switch {
	case reverse && (!zero || width < 19):
		c.seen[h.Expr.Pos()] = true
		d := diag.Diagnostic("TL205", at.Pos(), at.End(),
			"reverse-time %s component %s is not zero-padded to 19 digits, so newer and older keys do not sort in reverse time order; format it with %%019d",
			k.Key, describe(h))
		d.SuggestedFixes = c.fix(h, call, 19)
		c.pass.Report(d)
	case !reverse && (!zero || width < 2):
		c.seen[h.Expr.Pos()] = true
		w := digits(c.pass.TypesSizes, h.Type)
		d := diag.Diagnostic("TL204", at.Pos(), at.End(),
			"numeric %s component %s is not zero-padded: keys sort as strings (\"10\" < \"9\"); format it with a fixed width such as %%0%dd",
			k.Key, describe(h), w)
		if w > 0 {
			d.SuggestedFixes = c.fix(h, call, w)
		}
		c.pass.Report(d)
	}
}

// describe names how the integer was formatted, for messages.
func describe(h *values.Hole) string {
	switch h.Func {
	case "fmt.Sprintf":
		return "formatted with " + h.Verb
	case "":
		return "formatted with " + h.Verb
	}
	return "formatted with " + h.Func
}

// digits returns the number of decimal digits of the largest value of
// integer type t, or 0.
func digits(sizes types.Sizes, t types.Type) int {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return 0
	}
	size := int64(8)
	if sizes != nil {
		size = sizes.Sizeof(b)
	}
	unsigned := b.Info()&types.IsUnsigned != 0
	switch size {
	case 1:
		return 3
	case 2:
		return 5
	case 4:
		return 10
	default:
		if unsigned {
			return 20
		}
		return 19
	}
}

// fixedWidthTime reports whether e is a time.Time method whose result has
// the same number of digits for every date this century.
func fixedWidthTime(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	path, recv, name, ok := sdk.Method(info, call)
	if !ok || path != "time" || recv != "Time" {
		return false
	}
	switch name {
	case "Unix", "UnixMilli", "UnixMicro", "UnixNano", "Year":
		return true
	}
	return false
}

// isReverse reports whether e is max - x with max a constant of 18 or
// more digits (following variables assigned once).
func (c *checker) isReverse(e ast.Expr) bool {
	be, ok := c.idx.Resolve(e).(*ast.BinaryExpr)
	if !ok || be.Op != token.SUB {
		return false
	}
	if _, isConst := c.constInt(be.Y); isConst {
		return false
	}
	x, ok := c.constInt(c.idx.Resolve(be.X))
	return ok && x >= ReverseMin
}

func (c *checker) constInt(e ast.Expr) (uint64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Uint64Val(tv.Value)
}

// callOf returns the call e is an argument of, if any.
func (c *checker) callOf(e ast.Expr) *ast.CallExpr {
	if c.calls == nil {
		c.calls = map[ast.Expr]*ast.CallExpr{}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					for _, a := range call.Args {
						c.calls[a] = call
					}
				}
				return true
			})
		}
	}
	return c.calls[e]
}

// fix returns the suggested fix that formats h with %0<width>d.
func (c *checker) fix(h *values.Hole, call *ast.CallExpr, width int) []analysis.SuggestedFix {
	if call == nil {
		return nil
	}
	verb := "%0" + strconv.Itoa(width) + "d"
	switch h.Func {
	case "fmt.Sprintf":
		return c.fixVerb(h, call, verb)
	case "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint", "fmt.Sprint":
		if h.Func != "fmt.Sprint" && h.Verb != "%d" {
			return nil // another base
		}
		file := c.idx.FileOf(call.Pos())
		if file == nil {
			return nil
		}
		name, edits, ok := writes.ImportName(file, "fmt", "fmt")
		if !ok {
			return nil
		}
		var arg bytes.Buffer
		if err := printer.Fprint(&arg, c.pass.Fset, h.Expr); err != nil {
			return nil
		}
		text := fmt.Sprintf("%s.Sprintf(%q, %s)", name, verb, arg.String())
		edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(text)})
		return []analysis.SuggestedFix{{Message: "format with " + verb, TextEdits: edits}}
	}
	return nil
}

// fixVerb rewrites the verb of h in a Sprintf call's literal format.
func (c *checker) fixVerb(h *values.Hole, call *ast.CallExpr, verb string) []analysis.SuggestedFix {
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil || lit.Value[1:len(lit.Value)-1] != s {
		return nil // escapes would shift offsets
	}
	argi := -1
	for i, a := range call.Args[1:] {
		if a == h.Expr {
			argi = i
		}
	}
	if argi < 0 {
		return nil
	}
	n := 0
	for i := 0; i < len(s); {
		if s[i] != '%' {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && strings.IndexByte("+-# 0123456789.", s[j]) >= 0 {
			j++
		}
		if j >= len(s) {
			return nil
		}
		if s[j] == '%' {
			i = j + 1
			continue
		}
		if strings.ContainsAny(s[i:j+1], "*[") {
			return nil
		}
		if n == argi {
			if s[i:j+1] != h.Verb {
				return nil
			}
			pos := lit.Pos() + token.Pos(1+i)
			end := lit.Pos() + token.Pos(1+j+1)
			return []analysis.SuggestedFix{{
				Message:   "format with " + verb,
				TextEdits: []analysis.TextEdit{{Pos: pos, End: end, NewText: []byte(verb)}},
			}}
		}
		n++
		i = j + 1
	}
	return nil
}
