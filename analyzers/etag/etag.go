package etag

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports TL414.
var Analyzer = &analysis.Analyzer{
	Name:     "etag",
	Doc:      docs.MustExtract(doc, "etag"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/etag",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer, paramsAnalyzer, legacyReadsAnalyzer},
	// A package with type errors is analysed: what is ill-typed is not
	// followed (see flow).
	RunDespiteErrors: true,
	// Run is set by init (it reads paramsAnalyzer's result).
}

func init() { Analyzer.Run = run }

type checker struct {
	pass  *analysis.Pass
	x     *index.Index
	fl    *flow.Result
	found []found
	// lines holds the lines of the findings reported at once.
	lines []diag.Line
}

// A found is a finding queued until the file's fixes are known.
type found struct {
	d    analysis.Diagnostic
	fix  *analysis.SuggestedFix
	file *ast.File
	// removed is the code the fix replaces (azcore.ETagAny), or nil.
	removed ast.Expr
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass)}
	for _, call := range c.x.Calls {
		if call.Via != nil || call.Closure != nil || call.Body == nil {
			continue
		}
		if call.Legacy {
			c.legacy(call)
			continue
		}
		if call.Method != "UpdateEntity" && call.Method != "UpsertEntity" {
			continue
		}
		c.check(call)
	}
	// Across functions, on the flow layer: not where the AST check
	// reported.
	skip := map[diag.Line]bool{}
	for _, f := range c.found {
		skip[diag.LineOf(pass.Fset, f.d.Pos)] = true
	}
	for _, l := range c.lines {
		skip[l] = true
	}
	c.finish()
	legacyBatchReads(pass, pass.ResultOf[legacyReadsAnalyzer].(*legacyReads), skip)
	return flowWalk(pass, pass.ResultOf[paramsAnalyzer].(*importedWrites), skip, c)
}

func (c *checker) check(w index.Call) {
	r, ok := c.readOf(w)
	if !ok || len(w.Call.Args) < 3 {
		return
	}
	if r.Call != nil && writes.DifferentTables(c.x.Writes.TableAt(c.fl, r.Call), c.x.Writes.TableAt(c.fl, w.Call)) {
		return // a copy into another table, not a write back
	}
	if ks := c.x.Writes.KeysOf(c.x.Writes.RootsOf(w.Entity), w.Body); len(ks) > 0 && !c.readKeys(r, ks) {
		return // its keys were changed: another entity
	}
	read := "read by GetEntity (parameter " + finding.Clip(c.respName(r)) + ")"
	if r.Call != nil {
		read = fmt.Sprintf("read by GetEntity (line %d)", c.pass.Fset.Position(r.Call.Pos()).Line)
	}
	if w.Method == "UpsertEntity" {
		c.lines = append(c.lines, diag.LineOf(c.pass.Fset, w.Call.Pos()))
		diag.Report(c.pass, "TL414", w.Call, "%s", diag.Fit(
			"UpsertEntity, which sends no If-Match, writes back the entity "+read,
			"UpsertEntity, which sends no If-Match, writes back an entity read by GetEntity"))
		return
	}
	opts := w.Call.Args[2]
	ifMatch, known := c.ifMatch(opts, w.Body)
	if !known {
		return
	}
	var removed ast.Expr // the IfMatch the fix replaces
	switch {
	case ifMatch == nil:
	case c.x.Writes.IsETagAny(ifMatch):
		removed = ifMatch
	default:
		return
	}
	msg := "UpdateEntity writes back the entity " + read + " without IfMatch"
	short := "UpdateEntity writes back an entity read by GetEntity without IfMatch"
	if removed != nil {
		msg = "UpdateEntity writes back the entity " + read + " with IfMatch azcore.ETagAny"
		short = "UpdateEntity writes back an entity read by GetEntity with IfMatch azcore.ETagAny"
	}
	d := diag.Diagnostic("TL414", w.Call.Pos(), w.Call.End(), "%s", diag.Fit(msg, short))
	if diag.Suppressed(c.pass, d) {
		return // its fix is never applied either
	}
	f := found{d: d, file: c.x.Writes.FileOf(w.Call.Pos())}
	if fix, ok := c.fix(w, r, opts, ifMatch); ok {
		f.fix, f.removed = &fix, removed
	}
	c.found = append(c.found, f)
}

// finish reports the queued findings with their fixes.
//
// Replacing to.Ptr(azcore.ETagAny) with the read's ETag can leave the
// azcore/to (or azcore) import unused, and golangci-lint run --fix
// applies edits as they are, so the fix deletes the import itself.
// Drivers apply all fixes of a file together (identical edits once) and
// editors apply one: when the file's replacements together empty an
// import, each of them carries all of those replacements and the
// import's deletion, so that either way the result compiles.
func (c *checker) finish() {
	byFile := map[*ast.File][]*found{}
	for i := range c.found {
		if f := &c.found[i]; f.fix != nil && f.removed != nil && f.file != nil {
			byFile[f.file] = append(byFile[f.file], f)
		}
	}
	for file, fs := range byFile {
		var deletes []analysis.TextEdit
		var paths []string
		for _, spec := range file.Imports {
			emptied := writes.ImportEmptied(c.pass.TypesInfo, file, spec, func(id *ast.Ident) bool {
				for _, f := range fs {
					if writes.Within(id, f.removed) {
						return true
					}
				}
				return false
			})
			if emptied {
				path, _ := strconv.Unquote(spec.Path.Value)
				paths = append(paths, strconv.Quote(path))
				deletes = append(deletes, writes.DeleteImport(c.pass.Fset, file, spec))
			}
		}
		if len(deletes) == 0 {
			continue
		}
		var edits []analysis.TextEdit
		for _, f := range fs {
			edits = append(edits, f.fix.TextEdits...)
		}
		edits = append(edits, deletes...)
		for _, f := range fs {
			msg := f.fix.Message + " and remove the unused " + strings.Join(paths, " and ") + " import"
			if len(paths) > 1 {
				msg += "s"
			}
			if n := len(fs) - 1; n == 1 {
				msg += ", with the other such write in this file"
			} else if n > 1 {
				msg += fmt.Sprintf(", with the %d other such writes in this file", n)
			}
			*f.fix = analysis.SuggestedFix{Message: msg, TextEdits: edits}
		}
	}
	for _, f := range c.found {
		if f.fix != nil {
			f.d.SuggestedFixes = []analysis.SuggestedFix{*f.fix}
		}
		c.pass.Report(f.d)
	}
}

// readKeys reports whether every key the written entity is given is
// the key argument of its read, the same expression of the same
// variables (t := row{PartitionKey: pk, RowKey: rk} filled by
// GetEntity(ctx, pk, rk, nil)): the entity written back under the keys
// it was read with, not a copy.
func (c *checker) readKeys(r writes.Read, ks []writes.KeySink) bool {
	if r.Call == nil || len(r.Call.Args) < 3 {
		return false
	}
	for _, k := range ks {
		arg := r.Call.Args[1]
		if k.Key == "RowKey" {
			arg = r.Call.Args[2]
		}
		if !c.sameExpr(k.Value, arg) {
			return false
		}
	}
	return true
}

// sameExpr: a and b are written alike and their identifiers denote the
// same objects; each variable among them is a parameter never assigned
// or has one definition, so both denote one value.
func (c *checker) sameExpr(a, b ast.Expr) bool {
	if types.ExprString(a) != types.ExprString(b) {
		return false
	}
	var ia, ib []*ast.Ident
	ast.Inspect(a, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			ia = append(ia, id)
		}
		return true
	})
	ast.Inspect(b, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			ib = append(ib, id)
		}
		return true
	})
	if len(ia) != len(ib) {
		return false
	}
	info := c.pass.TypesInfo
	for i := range ia {
		oa, ob := info.Uses[ia[i]], info.Uses[ib[i]]
		if oa != ob {
			return false
		}
		if v, ok := oa.(*types.Var); ok && !v.IsField() {
			if _, once := c.x.Vars.Only(v); !once && !c.x.Vars.IsParam(v) {
				return false
			}
		}
	}
	return true
}

func (c *checker) respName(r writes.Read) string {
	if r.Resp != nil && r.Resp.Name() != "_" {
		return r.Resp.Name()
	}
	return "resp"
}

// readOf finds the GetEntity read the written entity was decoded from,
// in the function of the write, before it.
func (c *checker) readOf(w index.Call) (writes.Read, bool) {
	vars := map[*types.Var]bool{}
	for _, v := range c.x.Writes.RootsOf(w.Entity).Vars {
		vars[v] = true
	}
	for _, d := range c.x.Writes.DecodesIn(w.Body) {
		if d.Call.Pos() >= w.Call.Pos() || !vars[d.Dst] {
			continue
		}
		if r, ok := c.x.Writes.ReadOf(d.Src); ok {
			return r, true
		}
	}
	return writes.Read{}, false
}

// ifMatch returns the IfMatch the options of an UpdateEntity give (nil
// when none), and whether the analyzer can tell: options are nil, a
// literal, or a variable assigned one literal whose IfMatch the function
// may set afterwards (opts.IfMatch = …).
func (c *checker) ifMatch(opts ast.Expr, body *ast.BlockStmt) (ast.Expr, bool) {
	info := c.pass.TypesInfo
	opts = ast.Unparen(opts)
	if tv, ok := info.Types[opts]; ok && tv.IsNil() {
		return nil, true
	}
	if sdk.IsOptionsLiteral(info, opts, "UpdateEntityOptions") {
		return sdk.Field(info, opts, "IfMatch"), true
	}
	if u, ok := opts.(*ast.UnaryExpr); ok && u.Op == token.AND {
		opts = ast.Unparen(u.X) // &opts
	}
	v := c.x.Vars.VarOf(opts)
	if v == nil {
		return nil, false
	}
	d, ok := c.x.Vars.Only(v)
	if !ok || d.Index >= 0 || d.Zero() {
		return nil, false
	}
	rhs := ast.Unparen(d.Rhs)
	if tv, ok := info.Types[rhs]; ok && tv.IsNil() {
		return nil, true
	}
	if !sdk.IsOptionsLiteral(info, rhs, "UpdateEntityOptions") {
		return nil, false
	}
	val := sdk.Field(info, rhs, "IfMatch")
	set := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "IfMatch" && c.x.Vars.VarOf(sel.X) == v {
				set = true
				if len(as.Lhs) == len(as.Rhs) {
					val = as.Rhs[i]
				}
			}
		}
		return true
	})
	if set {
		// Set after the literal: whatever it is set to, the analyzer
		// reports only azcore.ETagAny assigned in the one assignment.
		if val == nil || !c.x.Writes.IsETagAny(val) {
			return val, val != nil
		}
	}
	return val, true
}

// fix passes the read's ETag: it replaces nil options, adds IfMatch to an
// options literal written at the call, or replaces azcore.ETagAny there.
func (c *checker) fix(w index.Call, r writes.Read, opts, ifMatch ast.Expr) (analysis.SuggestedFix, bool) {
	if r.Resp == nil || r.Resp.Name() == "_" {
		return analysis.SuggestedFix{}, false
	}
	// The response variable must be the one in scope at the write.
	scope := c.pass.Pkg.Scope().Innermost(w.Call.Pos())
	if scope == nil {
		return analysis.SuggestedFix{}, false
	}
	if _, obj := scope.LookupParent(r.Resp.Name(), w.Call.Pos()); obj != r.Resp {
		return analysis.SuggestedFix{}, false
	}
	etag := "&" + r.Resp.Name() + ".ETag"
	info := c.pass.TypesInfo
	opts = ast.Unparen(opts)
	if tv, ok := info.Types[opts]; ok && tv.IsNil() {
		path, _, _, ok := sdk.Method(info, w.Call)
		file := c.x.Writes.FileOf(w.Call.Pos())
		if !ok || file == nil {
			return analysis.SuggestedFix{}, false
		}
		name, edits, ok := writes.ImportName(file, path, "aztables")
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, analysis.TextEdit{Pos: opts.Pos(), End: opts.End(),
			NewText: fmt.Appendf(nil, "&%s.UpdateEntityOptions{IfMatch: %s}", name, etag)})
		return analysis.SuggestedFix{Message: "pass IfMatch: " + etag, TextEdits: edits}, true
	}
	if !sdk.IsOptionsLiteral(info, opts, "UpdateEntityOptions") {
		return analysis.SuggestedFix{}, false
	}
	if ifMatch != nil {
		if !writes.Contains(opts, ifMatch) {
			return analysis.SuggestedFix{}, false
		}
		return analysis.SuggestedFix{Message: "pass IfMatch: " + etag, TextEdits: []analysis.TextEdit{
			{Pos: ifMatch.Pos(), End: ifMatch.End(), NewText: []byte(etag)}}}, true
	}
	lit, ok := opts.(*ast.CompositeLit)
	if u, isAddr := opts.(*ast.UnaryExpr); isAddr {
		lit, ok = ast.Unparen(u.X).(*ast.CompositeLit)
	}
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	for _, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); !keyed {
			return analysis.SuggestedFix{}, false
		}
	}
	text := "IfMatch: " + etag
	if len(lit.Elts) > 0 {
		text += ", "
	}
	pos := lit.Lbrace + 1
	return analysis.SuggestedFix{Message: "pass IfMatch: " + etag, TextEdits: []analysis.TextEdit{
		{Pos: pos, End: pos, NewText: []byte(text)}}}, true
}
