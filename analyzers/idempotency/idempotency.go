package idempotency

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

//go:embed doc.go
var doc string

// Analyzer reports TL409.
var Analyzer = &analysis.Analyzer{
	Name:     "idempotency",
	Doc:      docs.MustExtract(doc, "idempotency"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/idempotency",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

// The messaging packages whose messages make a handler: azqueue and
// azservicebus of any major version, possibly vendored, and azqueue's
// generated models (azqueue.DequeuedMessage is an alias of a type there).
var (
	queuePkg       = regexp.MustCompile(`(^|/vendor/)github\.com/Azure/azure-sdk-for-go/sdk/storage/azqueue(/v[0-9]+)?$`)
	queueModelsPkg = regexp.MustCompile(`(^|/vendor/)github\.com/Azure/azure-sdk-for-go/sdk/storage/azqueue(/v[0-9]+)?/internal/generated$`)
	serviceBusPkg  = regexp.MustCompile(`(^|/vendor/)github\.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus(/v[0-9]+)?$`)
)

// A region is code that handles a message: node from pos from on.
type region struct {
	node ast.Node
	from token.Pos
	// afterReceive marks the rest of a function after a receive: only
	// the calls given something computed there handle the message.
	afterReceive bool
}

type checker struct {
	pass     *analysis.Pass
	x        *index.Index
	handlers []region
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x}
	c.findHandlers()
	if len(c.handlers) == 0 {
		return nil, nil
	}
	c.addCallees()
	inserts := map[*ast.CallExpr]index.Call{}
	for _, w := range x.Calls {
		// AddEntity, and the legacy Entity.Insert (not its insert-or-
		// replace, merge and update methods, nor batch inserts).
		if w.Op().Kind == sdk.Add && w.Entity != nil {
			inserts[w.Call] = w
		}
	}
	// One pass over the calls: each is checked with its cursor.
	for cur := range x.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		w, insert := inserts[call]
		if !insert && sdk.CallOp(pass.TypesInfo, call).Kind != sdk.Delete {
			continue
		}
		if !c.inHandler(call) {
			continue
		}
		fn, _, ok := index.Innermost(cur)
		if !ok {
			continue
		}
		if insert {
			c.insert(w, fn.Node())
		} else {
			c.delete(call, fn.Node())
		}
	}
	return nil, nil
}

// isMessage reports whether t is (a pointer to) a dequeued queue message
// or a received Service Bus message.
func isMessage(t types.Type) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	switch n.Obj().Name() {
	case "DequeuedMessage":
		return queueModelsPkg.MatchString(path) || queuePkg.MatchString(path)
	case "ReceivedMessage":
		return serviceBusPkg.MatchString(path)
	}
	return false
}

// isReceive reports whether call takes messages off a queue.
func isReceive(info *types.Info, call *ast.CallExpr) bool {
	p, recv, name, ok := sdk.Method(info, call)
	switch {
	case !ok:
		return false
	case queuePkg.MatchString(p) && recv == "QueueClient":
		return name == "DequeueMessage" || name == "DequeueMessages"
	case serviceBusPkg.MatchString(p) && recv == "Receiver":
		return name == "ReceiveMessages"
	}
	return false
}

// findHandlers collects the regions of the package that handle a
// message: range loops over messages, functions taking a message, and
// what follows a receive in its function.
func (c *checker) findHandlers() {
	info := c.pass.TypesInfo
	filter := []ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil)}
	for cur := range c.x.Inspector.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			if n.Body != nil && takesMessage(info, n.Type) {
				c.handlers = append(c.handlers, region{n.Body, n.Body.Pos(), false})
			}
		case *ast.FuncLit:
			if takesMessage(info, n.Type) {
				c.handlers = append(c.handlers, region{n.Body, n.Body.Pos(), false})
			}
		case *ast.RangeStmt:
			if s, ok := sdk.Under(info.TypeOf(n.X)).(*types.Slice); ok && isMessage(s.Elem()) {
				c.handlers = append(c.handlers, region{n.Body, n.Body.Pos(), false})
			}
		case *ast.CallExpr:
			if !isReceive(info, n) {
				continue
			}
			if _, body, ok := index.Innermost(cur); ok {
				c.handlers = append(c.handlers, region{body, n.End(), true})
			}
		}
	}
}

// addCallees makes the functions of the package that handlers call
// handlers too (transitively): handle(ctx, ev) decodes the message and
// passes it on, and the steps it calls run on every delivery.
func (c *checker) addCallees() {
	seen := map[*ast.FuncDecl]bool{}
	for i := 0; i < len(c.handlers); i++ {
		h := c.handlers[i]
		ast.Inspect(h.node, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || call.Pos() < h.from {
				return true
			}
			fn := sdk.Callee(c.pass.TypesInfo, call)
			if fn == nil || (h.afterReceive && !c.givenNew(call, h)) {
				return true
			}
			if d := c.x.Vars.FuncDecl(fn); d != nil && d.Body != nil && !seen[d] {
				seen[d] = true
				c.handlers = append(c.handlers, region{d.Body, d.Body.Pos(), false})
			}
			return true
		})
	}
}

// givenNew reports whether call is given a variable declared in h after
// the receive (the message, or what was decoded from it), or is a
// method of one.
func (c *checker) givenNew(call *ast.CallExpr, h region) bool {
	found := false
	visit := func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v := c.x.Vars.VarOf(id); v != nil && v.Pos() >= h.from && v.Pos() < h.node.End() {
				found = true
			}
		}
		return !found
	}
	for _, a := range call.Args {
		ast.Inspect(a, visit)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && !found {
		ast.Inspect(sel.X, visit)
	}
	return found
}

func takesMessage(info *types.Info, ft *ast.FuncType) bool {
	if ft.Params == nil {
		return false
	}
	for _, f := range ft.Params.List {
		if isMessage(info.TypeOf(f.Type)) {
			return true
		}
	}
	return false
}

func (c *checker) inHandler(n ast.Node) bool {
	if diag.InTestFile(c.pass, n.Pos()) {
		return false // tests dequeue and clean up on purpose
	}
	for _, h := range c.handlers {
		if n.Pos() >= h.from && writes.Within(n, h.node) {
			return true
		}
	}
	return false
}

// insert reports an AddEntity (or a helper call that makes one) in a
// handler whose conflict is not handled; fn is the function containing
// the call.
func (c *checker) insert(w index.Call, fn ast.Node) {
	if writes.DiscardsError(fn, w.Call) || c.handled(fn, writes.Conflict) {
		return
	}
	switch {
	case w.Via != nil:
		// A helper of the package is a handler itself (addCallees): its
		// own write is checked there. One of another package is not seen.
		return
	case w.Closure != nil:
		if c.inHandler(w.Closure.Body) || !c.helperFails(w.Closure.Body, writes.Conflict) {
			return // checked where the literal is, or handled there
		}
	}
	for _, k := range c.x.Writes.KeysOf(c.x.Writes.RootsOf(w.Entity), w.Body) {
		if c.fresh(k.Value, 0) {
			return // each delivery writes another entity
		}
	}
	what := c.x.Describe(w)
	d := diag.Diagnostic("TL409", w.Call.Pos(), w.Call.End(), "%s", diag.Fit(
		what+" in a message handler fails with 409 when the message is delivered again",
		"AddEntity in a message handler fails with 409 when the message is delivered again"))
	if w.Via == nil && w.Closure == nil {
		if fix, ok := c.upsertFix(fn, w.Call); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	diag.ReportDiagnostic(c.pass, d)
}

// handled reports whether the function fn containing a write mentions
// s, or, for a function declaration, whether a function of the package
// that calls it does (the poll loop checks the error its handler
// returns).
func (c *checker) handled(fn ast.Node, s writes.Status) bool {
	if c.x.Writes.Mentions(fn, s) {
		return true
	}
	d, ok := fn.(*ast.FuncDecl)
	if !ok {
		return false
	}
	callee, _ := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if callee == nil {
		return false
	}
	for _, f := range c.pass.Files {
		for _, decl := range f.Decls {
			caller, ok := decl.(*ast.FuncDecl)
			if !ok || caller == d || caller.Body == nil || !c.calls(caller.Body, callee) {
				continue
			}
			if c.x.Writes.Mentions(caller.Body, s) {
				return true
			}
		}
	}
	return false
}

// calls reports whether body calls fn.
func (c *checker) calls(body *ast.BlockStmt, fn *types.Func) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && sdk.Callee(c.pass.TypesInfo, call) == fn {
			found = true
		}
		return !found
	})
	return found
}

// helperFails reports whether the helper body makes an AddEntity (or
// DeleteEntity) directly whose error it neither discards nor checks for
// s: the failure reaches the caller.
func (c *checker) helperFails(body *ast.BlockStmt, s writes.Status) bool {
	if body == nil || c.x.Writes.Mentions(body, s) {
		return false
	}
	fails := false
	for _, w := range c.x.Calls {
		if w.Via == nil && w.Closure == nil && w.Op() == (sdk.Op{Kind: sdk.Add}) && writes.Within(w.Call, body) && !writes.DiscardsError(body, w.Call) {
			fails = true
		}
	}
	return fails
}

// delete reports a DeleteEntity in a handler whose not-found is not
// handled; fn is the function containing the call.
func (c *checker) delete(call *ast.CallExpr, fn ast.Node) {
	if writes.DiscardsError(fn, call) || c.handled(fn, writes.NotFound) {
		return
	}
	_, _, method, _ := sdk.Method(c.pass.TypesInfo, call)
	diag.Report(c.pass, "TL409", call, "%s in a message handler fails with 404 when the message is delivered again", method)
}

// fresh reports whether e is built from a value new on every run:
// uuid, ulid and xid generators, or time.Now.
func (c *checker) fresh(e ast.Expr, depth int) bool {
	if e == nil || depth > writes.MaxDepth {
		return false
	}
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(c.x.Vars.Resolve(e), func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn := sdk.Callee(info, n); fn != nil && fn.Pkg() != nil {
				p := fn.Pkg().Path()
				base := path.Base(p)
				found = p == "time" && fn.Name() == "Now" || strings.Contains(base, "uuid") || base == "ulid" || base == "xid"
			}
		case *ast.Ident:
			if v := c.x.Vars.VarOf(n); v != nil && c.x.Vars.Resolve(n) != ast.Expr(n) {
				found = c.fresh(n, depth+1)
			}
		}
		return !found
	})
	return found
}

// upsertFix rewrites c.AddEntity(ctx, b, nil) whose response is not used
// into an insert or replace:
// c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}).
func (c *checker) upsertFix(fn ast.Node, call *ast.CallExpr) (analysis.SuggestedFix, bool) {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "AddEntity" || len(call.Args) != 3 {
		return analysis.SuggestedFix{}, false
	}
	if tv, ok := info.Types[ast.Unparen(call.Args[2])]; !ok || !tv.IsNil() {
		return analysis.SuggestedFix{}, false
	}
	if !c.responseUnused(fn, call) {
		return analysis.SuggestedFix{}, false
	}
	pkgPath, _, _, ok := sdk.Method(info, call)
	file := c.x.Writes.FileOf(call.Pos())
	if !ok || file == nil {
		return analysis.SuggestedFix{}, false
	}
	name, edits, ok := writes.ImportName(file, pkgPath, "aztables")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits,
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("UpsertEntity")},
		analysis.TextEdit{Pos: call.Args[2].Pos(), End: call.Args[2].End(),
			NewText: fmt.Appendf(nil, "&%s.UpsertEntityOptions{UpdateMode: %s.UpdateModeReplace}", name, name)})
	return analysis.SuggestedFix{Message: "insert or replace with UpsertEntity in Replace mode", TextEdits: edits}, true
}

// responseUnused reports whether call's response is assigned to _.
func (c *checker) responseUnused(fn ast.Node, call *ast.CallExpr) bool {
	unused := false
	ast.Inspect(fn, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call && len(as.Lhs) == 2 {
			id, ok := as.Lhs[0].(*ast.Ident)
			unused = ok && id.Name == "_"
		}
		return !unused
	})
	return unused
}
