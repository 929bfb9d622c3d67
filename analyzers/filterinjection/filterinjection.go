package filterinjection

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports filter injection (TL321).
var Analyzer = &analysis.Analyzer{
	Name:             "filterinjection",
	Doc:              docs.MustExtract(doc, "filterinjection"),
	URL:              "https://github.com/tablelint/tablelint/blob/main/docs/rules",
	Run:              run,
	RunDespiteErrors: true,
	Requires:         []*analysis.Analyzer{filterflow.Analyzer, flow.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[filterflow.Analyzer].(*filterflow.Result)
	fl := flow.Of(pass)
	seen := map[token.Pos]bool{}
	// Once per value: a variable quoted twice on one line (a range's
	// bounds, "ge '%s' and lt '%s~'") is one finding.
	type use struct {
		obj  types.Object
		file string
		line int
	}
	seenUse := map[use]bool{}
	report := func(h *values.Hole, at ast.Expr) {
		if seen[at.Pos()] {
			return
		}
		seen[at.Pos()] = true
		if id, ok := ast.Unparen(at).(*ast.Ident); ok {
			if obj := pass.TypesInfo.Uses[id]; obj != nil {
				pos := pass.Fset.Position(at.Pos())
				k := use{obj, pos.Filename, pos.Line}
				if seenUse[k] {
					return
				}
				seenUse[k] = true
			}
		}
		d := diag.Diagnostic("TL321", at.Pos(), at.End(),
			"%s is put into a quoted filter literal without escaping",
			describe(pass, at))
		if fix, ok := suggestFix(pass, h, at); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		pass.Report(d)
	}
	// A parameter of a function whose every call the package makes
	// passes a value that cannot carry a quote (constants, UUIDs) is
	// safe where it is interpolated.
	callersSafe := func(h *values.Hole) bool {
		if h.Param == nil {
			return false
		}
		v, ok := fl.ParamValue(h.Param)
		return ok && flow.QuoteFree(v)
	}
	for _, q := range res.Queries {
		if !q.Known || q.Empty {
			continue
		}
		// A slice the filter's helpers map element by element: what
		// each element makes, where its values entered quotes.
		for _, p := range q.Filter.Parts {
			if p.Hole == nil {
				continue
			}
			if fh := res.FromFlow[p.Hole]; fh != nil && fh.Each != nil {
				for _, x := range fh.Element().Holes() {
					if unsafeQuoted(x) {
						if at := enteredExpr(pass, x); at != nil && !safeExpr(fl, at) {
							report(&values.Hole{Expr: at, Use: at}, at)
						}
					}
				}
			}
		}
		holes := QuotedHoles(q.Filter)
		holes = append(holes, opaqueParts(pass, res, fl, q.Filter)...)
		for _, h := range holes {
			if fh := res.FromFlow[h]; fh != nil {
				// A value the flow layer followed: reported where it
				// entered the quoted literal.
				if h.Escaped || (h.Param != nil && res.AtCaller[h.Param]) || callersSafe(h) {
					continue
				}
				at := enteredExpr(pass, fh)
				if part := q.Inlined[h]; part != nil && part.Quoted {
					if !part.AtCaller {
						continue // reported inside the sink
					}
					at = h.Use // the caller's argument: callers escape
				}
				// The expression it entered by, read where it is
				// written, may say more (a call's own bound).
				if at != nil && !safeExpr(fl, at) {
					report(h, at)
				}
				continue
			}
			if h.Foreign || untyped(pass, h) || res.SafeHole(h) || quoteFree(fl, h.Expr) {
				continue
			}
			// A parameter is reported where it is interpolated, unless
			// its function's callers escape (then each caller is checked).
			if h.Param != nil && (res.AtCaller[h.Param] || callersSafe(h)) {
				continue
			}
			// What a caller passes into a sink's quoted parameter was
			// reported inside the sink.
			if part := q.Inlined[h]; part != nil && part.Quoted && !part.AtCaller {
				continue
			}
			at := h.Use
			if at == nil {
				at = h.Expr
			}
			report(h, at)
		}
	}
	return nil, nil
}

// untyped reports whether h's value has no type because the function
// has type errors (an import that does not resolve, an undefined name):
// what it holds is not known, so it is not reported.
func untyped(pass *analysis.Pass, h *values.Hole) bool {
	t := pass.TypesInfo.TypeOf(h.Expr)
	if t == nil {
		return true
	}
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.Invalid
}

// unsafeQuoted reports whether the flow hole h entered a quoted literal
// and may carry a quote there.
func unsafeQuoted(h *flow.Hole) bool {
	return h.At.IsValid() && !h.QuoteFree()
}

// safeExpr reports whether every run-time part of e, as the flow layer
// reads it where it is written, can go into a quoted literal as it is:
// text without a quote, and values that cannot carry one (numbers,
// UUIDs, validated values) or whose quotes are doubled or removed.
func safeExpr(fl *flow.Result, e ast.Expr) bool {
	if quoteFree(fl, e) {
		return true
	}
	v, ok := fl.ExprOf(e)
	return ok && flow.QuoteFree(v)
}

// enteredExpr returns the expression of this package where the flow
// hole h entered a quoted literal, or nil.
func enteredExpr(pass *analysis.Pass, h *flow.Hole) ast.Expr {
	if f := fileOf(pass, h.At); f != nil {
		return flow.EnteredExpr(f, h)
	}
	return nil
}

// quoteFree asks the flow layer whether the call e (a helper, in this
// package or another, through its summary) or the map element e (what
// the package stores under its key) can only be text without
// a single quote: constant text without one, and run-time parts that are
// formatted numbers (fmt.Sprintf("%019d", n)), UUIDs, validated or
// escaped values.
func quoteFree(fl *flow.Result, e ast.Expr) bool {
	var val ssa.Value
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if in := fl.Call(x); in != nil && in.Value() != nil {
			val = in.Value()
		}
	case *ast.IndexExpr:
		// A map element: what the package stored under its key.
		if lk := fl.LookupAt(x.Lbrack); lk != nil {
			val = lk
		}
	}
	if val == nil {
		return false
	}
	return flow.QuoteFree(fl.OfLocal(val))
}

// opaqueParts returns the holes of the parts of a filter the resolver
// left opaque — a string variable of this package assigned in several
// places (built up with if/else and +=), a call of a helper of this
// package (a query builder) — that the flow layer finds put into a
// quoted literal of this package while the text was built: each is
// checked where it entered the literal.
func opaqueParts(pass *analysis.Pass, res *filterflow.Result, fl *flow.Result, v values.Value) []*values.Hole {
	var out []*values.Hole
	for _, h := range v.Holes() {
		if res.FromFlow[h] != nil || !builtHere(pass, h) {
			continue // followed by the flow layer already, or not built here
		}
		fv, ok := fl.ExprOf(h.Expr)
		if !ok {
			continue
		}
		for _, fh := range fv.Holes() {
			if !fh.At.IsValid() || fh.QuoteFree() {
				continue
			}
			if at := enteredExpr(pass, fh); at != nil {
				out = append(out, &values.Hole{Expr: at, Use: at, Type: pass.TypesInfo.TypeOf(at), Param: paramOf(fh)})
			}
		}
	}
	return out
}

// paramOf returns the parameter a flow hole stands for, or nil.
func paramOf(h *flow.Hole) *types.Var {
	fn := h.Owner()
	if h.Source != flow.Param || h.Field != "" || fn == nil || h.Param < 0 || h.Param >= len(fn.Params) {
		return nil
	}
	v, _ := fn.Params[h.Param].Object().(*types.Var)
	return v
}

// builtHere reports whether an opaque hole reads a string variable of
// this package assigned more than once (else the resolver has already
// followed it) or calls a function of this package.
func builtHere(pass *analysis.Pass, h *values.Hole) bool {
	if h.Verb != "" || h.Func != "" || h.Foreign {
		return false
	}
	switch x := ast.Unparen(h.Expr).(type) {
	case *ast.Ident:
		v, _ := pass.TypesInfo.Uses[x].(*types.Var)
		if v == nil || v.IsField() || v.Pkg() != pass.Pkg || v.Parent() == v.Pkg().Scope() {
			return false
		}
		b, ok := v.Type().Underlying().(*types.Basic)
		return ok && b.Info()&types.IsString != 0
	case *ast.CallExpr:
		fn := sdk.Callee(pass.TypesInfo, x)
		return fn != nil && fn.Pkg() == pass.Pkg
	}
	return false
}

// QuotedHoles returns the holes of a filter that stand inside a quoted
// literal, found by following the quotes of the constant text.
func QuotedHoles(v values.Value) []*values.Hole {
	var out []*values.Hole
	in := false
	for _, p := range v.Parts {
		if p.Hole != nil {
			if in {
				out = append(out, p.Hole)
			}
			continue
		}
		// '' inside a literal toggles twice: no net change, as it should.
		in = in != (strings.Count(p.Text, "'")%2 == 1)
	}
	return out
}

func describe(pass *analysis.Pass, e ast.Expr) string {
	s := finding.Clip(types.ExprString(e))
	if t := pass.TypesInfo.TypeOf(e); t != nil {
		return fmt.Sprintf("%s (%s)", s, types.TypeString(t, types.RelativeTo(pass.Pkg)))
	}
	return s
}

func suggestFix(pass *analysis.Pass, h *values.Hole, at ast.Expr) (analysis.SuggestedFix, bool) {
	file := fileOf(pass, at.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	src := exprText(pass, at)
	if src == "" {
		return analysis.SuggestedFix{}, false
	}
	if t := pass.TypesInfo.TypeOf(at); t != nil {
		if b, ok := t.(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			// An interface or a named type: escaping it is not a
			// rewrite of the expression alone.
			return analysis.SuggestedFix{}, false
		}
	}
	if name, ok := importName(file, sdk.TablelintODataPath); ok {
		if edits, ok := quoteFix(pass, file, h, at, name, src); ok {
			return analysis.SuggestedFix{Message: "escape with " + name + ".Quote", TextEdits: edits}, true
		}
	}
	strs, ok := importName(file, "strings")
	var edits []analysis.TextEdit
	if !ok {
		strs = "strings"
		edit, ok := addImport(file, "strings")
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, edit)
	}
	edits = append(edits, analysis.TextEdit{Pos: at.Pos(), End: at.End(),
		NewText: fmt.Appendf(nil, "%s.ReplaceAll(%s, \"'\", \"''\")", strs, src)})
	return analysis.SuggestedFix{Message: "escape single quotes with strings.ReplaceAll", TextEdits: edits}, true
}

// quoteFix rewrites fmt.Sprintf("… '%s' …", x) to
// fmt.Sprintf("… %s …", odata.Quote(x)).
func quoteFix(pass *analysis.Pass, file *ast.File, h *values.Hole, at ast.Expr, odataName, src string) ([]analysis.TextEdit, bool) {
	var call *ast.CallExpr
	ast.Inspect(file, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || call != nil {
			return call == nil
		}
		for _, a := range c.Args[min(1, len(c.Args)):] {
			if a == at {
				call = c
			}
		}
		return call == nil
	})
	if call == nil || !sdk.IsFunc(pass.TypesInfo, call, "fmt", "Sprintf") {
		return nil, false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, false
	}
	formatStr, err := strconv.Unquote(lit.Value)
	if err != nil {
		return nil, false
	}
	argIndex := -1
	for i, a := range call.Args[1:] {
		if a == at {
			argIndex = i
		}
	}
	// Find the argIndex-th verb.
	n := 0
	for i := 0; i < len(formatStr); i++ {
		if formatStr[i] != '%' {
			continue
		}
		if i+1 < len(formatStr) && formatStr[i+1] == '%' {
			i++
			continue
		}
		j := i + 1
		for j < len(formatStr) && strings.IndexByte("+-# 0123456789.", formatStr[j]) >= 0 {
			j++
		}
		if j >= len(formatStr) {
			return nil, false
		}
		if n == argIndex {
			verb := formatStr[i : j+1]
			if verb != "%s" && verb != "%v" || i == 0 || formatStr[i-1] != '\'' || j+1 >= len(formatStr) || formatStr[j+1] != '\'' {
				return nil, false
			}
			newFormat := formatStr[:i-1] + "%s" + formatStr[j+2:]
			q := strconv.Quote(newFormat)
			if strings.HasPrefix(lit.Value, "`") && !strings.Contains(newFormat, "`") {
				q = "`" + newFormat + "`"
			}
			return []analysis.TextEdit{
				{Pos: lit.Pos(), End: lit.End(), NewText: []byte(q)},
				{Pos: at.Pos(), End: at.End(), NewText: fmt.Appendf(nil, "%s.Quote(%s)", odataName, src)},
			}, true
		}
		n++
		i = j
	}
	return nil, false
}

func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

func exprText(pass *analysis.Pass, e ast.Expr) string {
	var b bytes.Buffer
	if err := format.Node(&b, pass.Fset, e); err != nil {
		return ""
	}
	return b.String()
}

// importName returns the name a file uses for an imported package.
func importName(f *ast.File, path string) (string, bool) {
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || !sdk.IsPath(p, path) {
			continue
		}
		if imp.Name != nil {
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				return "", false
			}
			return imp.Name.Name, true
		}
		return path[strings.LastIndex(path, "/")+1:], true
	}
	return "", false
}

// addImport returns an edit that adds an import of path to f.
func addImport(f *ast.File, path string) (analysis.TextEdit, bool) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: fmt.Appendf(nil, "\n\t%q", path)}, true
		}
		return analysis.TextEdit{Pos: gd.Pos(), End: gd.Pos(), NewText: fmt.Appendf(nil, "import %q\n", path)}, true
	}
	return analysis.TextEdit{Pos: f.Name.End(), End: f.Name.End(), NewText: fmt.Appendf(nil, "\n\nimport %q", path)}, true
}
