package staleretry

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports TL415.
var Analyzer = &analysis.Analyzer{
	Name:     "staleretry",
	Doc:      docs.MustExtract(doc, "staleretry"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/staleretry",
	Requires: []*analysis.Analyzer{index.Analyzer},
	Run:      run,
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL415 conditional updates retried with a stale ETag)")
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
}

func run(pass *analysis.Pass) (any, error) {
	if !diag.Enabled("TL415", info) {
		return nil, nil
	}
	c := &checker{pass: pass, x: index.Of(pass)}
	updates := map[*ast.CallExpr]index.Call{}
	for _, w := range c.x.Calls {
		if w.Op().Kind == sdk.Update && w.Via == nil && w.Closure == nil && !w.Legacy && len(w.Call.Args) >= 3 {
			updates[w.Call] = w
		}
	}
	if len(updates) == 0 {
		return nil, nil
	}
	for cur := range c.x.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		if w, ok := updates[cur.Node().(*ast.CallExpr)]; ok {
			c.check(w, cur)
		}
	}
	return nil, nil
}

// check reports the UpdateEntity w, at cur, if it is retried with a
// stale ETag.
func (c *checker) check(w index.Call, cur inspector.Cursor) {
	fnCur, _, ok := index.Innermost(cur)
	if !ok {
		return
	}
	fn := fnCur.Node()
	etag := c.ifMatch(w.Call.Args[2], fn)
	if etag == nil || writes.DiscardsError(fn, w.Call) {
		return
	}
	if c.drops412(cur, fn) {
		diag.Report(c.pass, "TL415", w.Call,
			"UpdateEntity's 412 is answered with success: the change is lost; read again and retry")
		return
	}
	retry, helper := c.retry(cur)
	if helper == "" && retry != nil && runsOnce(cur, retry) {
		return // for … { if match { return write() } }: a search, not a retry
	}
	if retry == nil || c.reads(retry, map[*ast.FuncDecl]bool{}, 0) || c.refreshed(etag, retry) ||
		c.x.Writes.Mentions(retry, writes.PreconditionFailed) || c.classifies(retry) {
		return
	}
	if helper == "" {
		diag.Report(c.pass, "TL415", w.Call,
			"UpdateEntity is retried in a loop with the same IfMatch ETag; after a 412 every retry fails")
		return
	}
	diag.Report(c.pass, "TL415", w.Call, "%s", diag.Fit(
		finding.Clip(helper)+" retries UpdateEntity with the same IfMatch ETag; after a 412 every retry fails",
		"a retry helper retries UpdateEntity with the same IfMatch ETag; after a 412 every retry fails"))
}

// drops412 reports whether the function fn answers the precondition
// failure of the write at cur with success: the write's error is tested
// for 412 (a condition using it that mentions 412,
// http.StatusPreconditionFailed or UpdateConditionNotSatisfied), and that
// branch returns a nil error.
func (c *checker) drops412(cur inspector.Cursor, fn ast.Node) bool {
	sig, _ := c.pass.TypesInfo.TypeOf(funcType(fn)).(*types.Signature)
	if sig == nil || sig.Results().Len() == 0 || !writes.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return false // an HTTP handler answering 409 tells its client
	}
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return false
	}
	errVar := c.x.Vars.VarOf(as.Lhs[1])
	if errVar == nil {
		return false
	}
	call := cur.Node()
	dropped := false
	ast.Inspect(fn, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if dropped || !ok || ifs.Pos() < call.End() || len(ifs.Body.List) == 0 {
			return !dropped
		}
		uses := false
		ast.Inspect(ifs.Cond, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == errVar {
				uses = true
			}
			return !uses
		})
		if !uses || !c.x.Writes.Mentions(ifs.Cond, writes.PreconditionFailed) {
			return true
		}
		ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
		if ok && len(ret.Results) == sig.Results().Len() {
			if tv, ok := c.pass.TypesInfo.Types[ret.Results[len(ret.Results)-1]]; ok && tv.IsNil() {
				dropped = true
			}
		}
		return !dropped
	})
	return dropped
}

// funcType returns the type of a function declaration or literal.
func funcType(fn ast.Node) ast.Expr {
	switch f := fn.(type) {
	case *ast.FuncDecl:
		return f.Name
	case *ast.FuncLit:
		return f
	}
	return nil
}

// ifMatch returns the IfMatch the options of an UpdateEntity give, when
// the analyzer can tell and it is not azcore.ETagAny: options written at
// the call, or a variable assigned one literal (and its IfMatch set at
// most once afterwards in fn).
func (c *checker) ifMatch(opts ast.Expr, fn ast.Node) ast.Expr {
	ti := c.pass.TypesInfo
	opts = ast.Unparen(opts)
	var val ast.Expr
	switch {
	case sdk.IsOptionsLiteral(ti, opts, "UpdateEntityOptions"):
		val = sdk.Field(ti, opts, "IfMatch")
	default:
		if u, ok := opts.(*ast.UnaryExpr); ok && u.Op == token.AND {
			opts = ast.Unparen(u.X)
		}
		v := c.x.Vars.VarOf(opts)
		if v == nil || fn == nil {
			return nil
		}
		d, ok := c.x.Vars.Only(v)
		if !ok || d.Index >= 0 || d.Zero() || !sdk.IsOptionsLiteral(ti, d.Rhs, "UpdateEntityOptions") {
			return nil
		}
		val = sdk.Field(ti, d.Rhs, "IfMatch")
		sets := 0
		ast.Inspect(fn, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "IfMatch" && c.x.Vars.VarOf(sel.X) == v {
					sets++
					val = nil
					if len(as.Lhs) == len(as.Rhs) {
						val = as.Rhs[i]
					}
				}
			}
			return true
		})
		if sets > 1 {
			return nil
		}
	}
	if val == nil || c.x.Writes.IsETagAny(val) {
		return nil
	}
	if tv, ok := ti.Types[val]; ok && tv.IsNil() {
		return nil
	}
	return val
}

// retry returns the code that runs the write at cur again: the loop
// around it, or the function literal given to a retry helper (and the
// helper's name); nil when there is none in the write's function.
func (c *checker) retry(cur inspector.Cursor) (ast.Node, string) {
	ti := c.pass.TypesInfo
	for p := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := p.Node().(type) {
		case *ast.ForStmt:
			return n, ""
		case *ast.RangeStmt:
			if b, ok := sdk.Under(ti.TypeOf(n.X)).(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
				return n, "" // for attempt := range 3
			}
			return nil, "" // a loop over entities
		case *ast.FuncLit:
			if name := c.retriedBy(p, n); name != "" {
				return n, name
			}
			return nil, ""
		default:
			return nil, ""
		}
	}
	return nil, ""
}

// runsOnce reports whether the loop cannot run the write at cur again:
// the statement holding it is followed, in its block, by a return or by
// a break out of the loop.
func runsOnce(cur inspector.Cursor, loop ast.Node) bool {
	inSwitch := false
	for p := cur; p.Node() != loop; p = p.Parent() {
		parent := p.Parent()
		switch b := parent.Node().(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			inSwitch = true
		case *ast.BlockStmt:
			after := false
			for _, s := range b.List {
				if s == p.Node() {
					after = true
					continue
				}
				if !after {
					continue
				}
				switch s := s.(type) {
				case *ast.ReturnStmt:
					return true
				case *ast.BranchStmt:
					if s.Tok == token.BREAK && s.Label == nil && !inSwitch {
						return true
					}
				}
			}
		case nil:
			return false
		}
	}
	return false
}

// retriedBy returns the name of the retry helper the function literal
// at cur is given to, directly or through a variable assigned it once.
func (c *checker) retriedBy(cur inspector.Cursor, lit *ast.FuncLit) string {
	parent := cur.Parent().Node()
	switch p := parent.(type) {
	case *ast.CallExpr:
		for i, a := range p.Args {
			if ast.Unparen(a) == lit {
				return c.retryHelper(p, i)
			}
		}
	case *ast.AssignStmt, *ast.ValueSpec:
		var v *types.Var
		switch p := p.(type) {
		case *ast.AssignStmt:
			for i, r := range p.Rhs {
				if ast.Unparen(r) == lit && len(p.Lhs) == len(p.Rhs) {
					v = c.x.Vars.VarOf(p.Lhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, r := range p.Values {
				if ast.Unparen(r) == lit && len(p.Names) == len(p.Values) {
					v = c.x.Vars.VarOf(p.Names[i])
				}
			}
		}
		if v == nil {
			return ""
		}
		if d, ok := c.x.Vars.Only(v); !ok || ast.Unparen(d.Rhs) != lit {
			return ""
		}
		var fn ast.Node
		for fc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if fc.Node() != lit {
				fn = fc.Node()
				break
			}
		}
		name := ""
		ast.Inspect(fn, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || name != "" {
				return name == ""
			}
			for i, a := range call.Args {
				if c.x.Vars.VarOf(a) == v {
					name = c.retryHelper(call, i)
				}
			}
			return name == ""
		})
		return name
	}
	return ""
}

// retryHelper returns the name of call's callee if it retries its
// argument i: its name, its receiver type's or its package's contains
// "retry" or "backoff", or it is a function of the package that calls
// that parameter in a loop.
func (c *checker) retryHelper(call *ast.CallExpr, i int) string {
	fn := sdk.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return ""
	}
	name := fn.Name()
	names := []string{fn.Name()}
	if fn.Pkg() != nil {
		names = append(names, fn.Pkg().Name())
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			names = append(names, n.Obj().Name())
			name = n.Obj().Name() + "." + name
		}
	} else if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		name = fn.Pkg().Name() + "." + name
	}
	for j, a := range call.Args {
		if j != i && c.isErrorPredicate(a) {
			return "" // retry.Do(op, retry.RetryIf(func(err error) bool {…})): only some errors
		}
		if inner, ok := ast.Unparen(a).(*ast.CallExpr); ok && j != i {
			for _, b := range inner.Args {
				if c.isErrorPredicate(b) {
					return ""
				}
			}
		}
	}
	d := c.x.Vars.FuncDecl(fn)
	if d != nil && (c.classifies(d.Body) || c.x.Writes.Mentions(d.Body, writes.PreconditionFailed)) {
		return "" // it retries some errors only
	}
	for _, n := range names {
		if l := strings.ToLower(n); strings.Contains(l, "retry") || strings.Contains(l, "backoff") {
			return name
		}
	}
	sig, ok := fn.Type().(*types.Signature)
	if d == nil || d.Body == nil || !ok || i >= sig.Params().Len() {
		return ""
	}
	param := sig.Params().At(i)
	looped := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		var body *ast.BlockStmt
		switch l := n.(type) {
		case *ast.ForStmt:
			body = l.Body
		case *ast.RangeStmt:
			body = l.Body
		default:
			return !looped
		}
		ast.Inspect(body, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok && c.x.Vars.VarOf(call.Fun) == param {
				looped = true
			}
			return !looped
		})
		return !looped
	})
	if looped {
		return name
	}
	return ""
}

// classifies reports whether n looks at what an error is, beyond
// comparing it with nil: it passes an error to a function returning a
// bool (errors.Is, errors.As, isTransient(err)). A retry that does so
// retries some errors only, and a 412 is not transient.
func (c *checker) classifies(n ast.Node) bool {
	ti := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		sig, ok := types.Unalias(ti.TypeOf(call.Fun)).(*types.Signature)
		if !ok || sig.Results().Len() != 1 || !isBool(sig.Results().At(0).Type()) {
			return true
		}
		for _, a := range call.Args {
			if writes.IsError(ti.TypeOf(a)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isErrorPredicate reports whether e is a function literal taking an
// error and returning a bool.
func (c *checker) isErrorPredicate(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok {
		return false
	}
	sig, ok := c.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	return ok && sig.Params().Len() == 1 && writes.IsError(sig.Params().At(0).Type()) &&
		sig.Results().Len() == 1 && isBool(sig.Results().At(0).Type())
}

func isBool(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// reads reports whether n reads entities: GetEntity, a list query or a
// page of one, the legacy Get and QueryEntities, or a call of a function
// of the package that does.
func (c *checker) reads(n ast.Node, seen map[*ast.FuncDecl]bool, depth int) bool {
	if n == nil || depth > writes.MaxDepth {
		return false
	}
	ti := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		switch {
		case sdk.CallOp(ti, call).Kind.Reads(), sdk.IsPagerMethod(ti, call, "NextPage"):
			found = true
		default:
			if fn := sdk.Callee(ti, call); fn != nil {
				if d := c.x.Vars.FuncDecl(fn); d != nil && !seen[d] {
					seen[d] = true
					found = c.reads(d.Body, seen, depth+1)
				}
			}
		}
		return !found
	})
	return found
}

// refreshed reports whether the ETag expression may change from one run
// of retry to the next: it calls a function (other than to.Ptr and
// conversions), or uses a variable declared in retry, assigned in it,
// decoded into in it, or whose address retry passes elsewhere.
func (c *checker) refreshed(etag ast.Expr, retry ast.Node) bool {
	ti := c.pass.TypesInfo
	vars := map[*types.Var]bool{}
	fresh := false
	ast.Inspect(etag, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := ti.Types[n.Fun]; !(ok && tv.IsType()) && !sdk.IsFunc(ti, n, sdk.ToPath, "Ptr") {
				fresh = true
			}
		case *ast.Ident:
			if v := c.x.Vars.VarOf(n); v != nil {
				vars[v] = true
			}
		}
		return !fresh
	})
	if fresh {
		return true
	}
	for v := range vars {
		if retry.Pos() <= v.Pos() && v.Pos() < retry.End() {
			return true
		}
		for _, d := range c.x.Vars.Defs(v) {
			if d.Rhs != nil && writes.Within(d.Rhs, retry) {
				return true
			}
		}
		if c.x.Vars.Incremented(v) {
			return true
		}
	}
	for _, d := range c.x.Writes.DecodesIn(retry) {
		if vars[d.Dst] {
			return true
		}
	}
	ast.Inspect(retry, func(n ast.Node) bool {
		if n == etag {
			return false
		}
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND && vars[c.x.Vars.VarOf(writes.BaseOf(u.X))] {
			fresh = true
		}
		return !fresh
	})
	return fresh
}
