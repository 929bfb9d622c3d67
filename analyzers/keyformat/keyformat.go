package keyformat

import (
	"bytes"
	_ "embed"
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
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/keyflow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

//go:embed doc.go
var doc string

// Analyzer reports TL204 and TL205.
var Analyzer = &analysis.Analyzer{
	Name:     "keyformat",
	Doc:      docs.MustExtract(doc, "keyformat"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/keyformat",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer, keyflow.Analyzer},
	Run:      run,
}

type checker struct {
	pass *analysis.Pass
	idx  *writes.Index
	fl   *flow.Result
	// loops maps loop variables to their loops, built on first use.
	loops map[*types.Var]ast.Stmt
	seen  map[token.Pos]bool
	// found holds the findings to report, in order, once every fix of
	// the package is known (see finish).
	found []finding
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{
		pass: pass,
		idx:  x.Writes,
		fl:   flow.Of(pass),
		seen: map[token.Pos]bool{},
	}
	for _, f := range pass.Files {
		c.idx.KeysIn(f, c.sink)
	}
	// Keys passed to a helper that builds and writes the entity.
	for _, k := range x.Keys {
		c.sink(writes.KeySink{Key: k.Key, Value: k.Value})
	}
	// Keys a point read or delete is given through an interface of the
	// user's that the client satisfies, or passed to a helper that reads
	// or deletes by them (GetEntity, DeleteEntity given its parameter, in
	// this package or another: keyflow's KeyParams), as for a write's.
	// A key already checked above is reported once (seen).
	kf := keyflow.Of(pass)
	for _, s := range kf.Sinks {
		if !s.Read {
			continue
		}
		for _, h := range kf.Value(s).Holes() {
			c.hole(writes.KeySink{Key: s.Key}, h)
		}
	}
	c.finish()
	return nil, nil
}

// sink checks the integers formatted into the key k (flow's holes that
// a call of this package formatted: fmt.Sprintf, strconv.Itoa…, in the
// key's function or in a helper it calls). A parameter of the key's
// function is not formatted there: each caller's argument is a key of
// its own.
func (c *checker) sink(k writes.KeySink) {
	sv, ok := c.fl.ExprValue(k.Value)
	if !ok {
		return
	}
	for _, h := range c.fl.OfLocal(sv).Holes() {
		c.hole(k, h)
	}
}

func (c *checker) hole(k writes.KeySink, h *flow.Hole) {
	arg, call := c.fl.FormatExpr(h)
	if arg == nil || h.Verb == "" || !isInteger(c.pass.TypesInfo.TypeOf(arg)) {
		return
	}
	switch h.Verb[len(h.Verb)-1] {
	case 'd', 'v', 'x', 'X', 'o', 'b':
	default:
		return
	}
	if tv, ok := c.pass.TypesInfo.Types[arg]; ok && tv.Value != nil {
		return // a constant has one width
	}
	if c.fixedWidthTime(arg) || c.uniformLoopVar(arg) {
		return
	}
	width, zero := verbWidth(h.Verb)
	if zero && width < 0 {
		return // padded to a width the code computes: not known
	}
	reverse := c.isReverse(arg)
	if c.seen[arg.Pos()] {
		return
	}
	at := ast.Node(arg)
	if h.Func != "fmt.Sprintf" {
		at = call
	}
	switch {
	case reverse && (!zero || width < 19):
		c.seen[arg.Pos()] = true
		d := diag.Diagnostic("TL205", at.Pos(), at.End(),
			"reverse-time %s component %s is not zero-padded to 19 digits",
			k.Key, describe(h))
		c.report(d, c.fix(h, arg, call, 19))
	case !reverse && (!zero || width < 2):
		c.seen[arg.Pos()] = true
		w := digits(c.pass.TypesSizes, c.pass.TypesInfo.TypeOf(arg))
		d := diag.Diagnostic("TL204", at.Pos(), at.End(),
			"numeric %s component %s is not zero-padded; use %%0%dd",
			k.Key, describe(h), w)
		var fix *fixPlan
		if w > 0 {
			fix = c.fix(h, arg, call, w)
		}
		c.report(d, fix)
	}
}

// isInteger reports whether t is an integer type.
func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// verbWidth returns the minimum width and zero-padding flag of a fmt
// verb ("%06d" → 6, true; "%d" → 0, false); -1 for a width given at
// run time ("%0*d" whose width argument is not a constant; a constant
// one is written in the verb).
func verbWidth(verb string) (width int, zero bool) {
	s := strings.TrimPrefix(verb, "%")
	for len(s) > 0 && strings.IndexByte("+-# 0", s[0]) >= 0 {
		if s[0] == '0' {
			zero = true
		}
		s = s[1:]
	}
	if strings.HasPrefix(s, "*") {
		return -1, zero
	}
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	width, _ = strconv.Atoi(s[:end])
	return width, zero
}

// describe names how the integer was formatted, for messages.
func describe(h *flow.Hole) string {
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
// the same number of digits for every date this century, followed
// through variables assigned once and conversions to an integer type at
// least as wide (int64(t.UnixNano()), uint64(t.Unix())), which keep the
// value.
func (c *checker) fixedWidthTime(e ast.Expr) bool {
	info := c.pass.TypesInfo
	for range maxConversions {
		call, ok := ast.Unparen(c.idx.Resolve(e)).(*ast.CallExpr)
		if !ok {
			return false
		}
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			if len(call.Args) != 1 || !widening(c.pass.TypesSizes, info.TypeOf(call.Args[0]), tv.Type) {
				return false
			}
			e = call.Args[0]
			continue
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
	return false
}

// maxConversions bounds the conversions fixedWidthTime looks through.
const maxConversions = 4

// widening reports whether converting an integer of type from to the
// integer type to keeps every value this century's times give: to is at
// least as wide (an unsigned type of the same width keeps the positive
// values).
func widening(sizes types.Sizes, from, to types.Type) bool {
	fb, ok1 := from.Underlying().(*types.Basic)
	tb, ok2 := to.Underlying().(*types.Basic)
	if !ok1 || !ok2 || fb.Info()&types.IsInteger == 0 || tb.Info()&types.IsInteger == 0 {
		return false
	}
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	return sizes.Sizeof(tb) >= sizes.Sizeof(fb)
}

// isReverse reports whether e is max - x with max a constant of 18 or
// more digits, as flow's Reverse says (written there, or made by a
// helper of this package or another that returns it); the syntax only
// where there is no SSA value.
func (c *checker) isReverse(e ast.Expr) bool {
	if v, ok := c.fl.ExprValue(e); ok {
		return c.fl.Reverse(v)
	}
	// No SSA value (a function with type errors): the syntax.
	be, ok := c.idx.Resolve(e).(*ast.BinaryExpr)
	if !ok || be.Op != token.SUB {
		return false
	}
	if _, isConst := c.constInt(be.Y); isConst {
		return false
	}
	x, ok := c.constInt(c.idx.Resolve(be.X))
	return ok && x >= flow.ReverseMin
}

func (c *checker) constInt(e ast.Expr) (uint64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Uint64Val(tv.Value)
}

// fix returns the plan of the suggested fix that formats h with
// %0<width>d, or nil.
func (c *checker) fix(h *flow.Hole, arg ast.Expr, call *ast.CallExpr, width int) *fixPlan {
	if call == nil {
		return nil
	}
	verb := "%0" + strconv.Itoa(width) + "d"
	if fn := sdk.Callee(c.pass.TypesInfo, call); fn == nil || fn.Pkg() == nil || fn.Pkg().Path()+"."+fn.Name() != h.Func {
		return nil // a function value that holds it (f := strconv.Itoa): no rewrite
	}
	switch h.Func {
	case "fmt.Sprintf":
		return c.fixVerb(h, arg, call, verb)
	case "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint", "fmt.Sprint":
		if h.Func != "fmt.Sprint" && h.Verb != "%d" {
			return nil // another base
		}
		if len(call.Args) != 1 && h.Func == "fmt.Sprint" {
			return nil // the other operands are text of their own
		}
		file := c.idx.FileOf(call.Pos())
		if file == nil {
			return nil
		}
		name, imports, ok := writes.ImportName(file, "fmt", "fmt")
		if !ok {
			return nil
		}
		var text bytes.Buffer
		if err := printer.Fprint(&text, c.pass.Fset, arg); err != nil {
			return nil
		}
		repl := fmt.Sprintf("%s.Sprintf(%q, %s)", name, verb, text.String())
		return &fixPlan{
			message: "format with " + verb,
			edits:   []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(repl)}},
			imports: imports,
			file:    file,
			call:    call,
			kept:    arg,
		}
	}
	return nil
}

// fixVerb rewrites the verb of h in a Sprintf call's literal format.
func (c *checker) fixVerb(h *flow.Hole, arg ast.Expr, call *ast.CallExpr, verb string) *fixPlan {
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
		if a == arg {
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
			return &fixPlan{
				message: "format with " + verb,
				edits:   []analysis.TextEdit{{Pos: pos, End: end, NewText: []byte(verb)}},
			}
		}
		n++
		i = j + 1
	}
	return nil
}

// uniformLoopVar reports whether e is the variable of a loop with constant
// bounds whose values all have the same number of digits (for i := 0;
// i < 10; i++ gives 0…9), so that formatting it needs no padding.
func (c *checker) uniformLoopVar(e ast.Expr) bool {
	v := c.idx.VarOf(e)
	if v == nil {
		return false
	}
	if c.loops == nil {
		c.loops = map[*types.Var]ast.Stmt{}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ForStmt:
					if as, ok := n.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 {
						if lv := c.idx.VarOf(as.Lhs[0]); lv != nil {
							c.loops[lv] = n
						}
					}
				case *ast.RangeStmt:
					if n.Tok == token.DEFINE && n.Value == nil {
						if lv := c.idx.VarOf(n.Key); lv != nil {
							c.loops[lv] = n
						}
					}
				}
				return true
			})
		}
	}
	var from, last int64
	switch l := c.loops[v].(type) {
	case *ast.RangeStmt: // for i := range N
		n, ok := c.constInt(l.X)
		if !ok || n == 0 || assigns(c.idx, l.Body, v) {
			return false
		}
		from, last = 0, int64(n)-1
	case *ast.ForStmt:
		init := l.Init.(*ast.AssignStmt)
		a, ok := c.constInt(init.Rhs[0])
		if !ok || len(init.Rhs) != 1 || assigns(c.idx, l.Body, v) {
			return false
		}
		inc, ok := l.Post.(*ast.IncDecStmt)
		if !ok || inc.Tok != token.INC || c.idx.VarOf(inc.X) != v {
			return false
		}
		cond, ok := l.Cond.(*ast.BinaryExpr)
		if !ok || c.idx.VarOf(cond.X) != v {
			return false
		}
		b, ok := c.constInt(cond.Y)
		if !ok {
			return false
		}
		switch cond.Op {
		case token.LSS:
			last = int64(b) - 1
		case token.LEQ:
			last = int64(b)
		default:
			return false
		}
		from = int64(a)
	default:
		return false
	}
	return from >= 0 && last >= from && len(strconv.FormatInt(from, 10)) == len(strconv.FormatInt(last, 10))
}

// assigns reports whether body assigns v or takes its address.
func assigns(idx *writes.Index, body ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if idx.VarOf(l) == v {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if idx.VarOf(n.X) == v {
				found = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && idx.VarOf(n.X) == v {
				found = true
			}
		}
		return !found
	})
	return found
}
