package index

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/reach"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

//go:embed doc.go
var doc string

// Analyzer builds the package's Index.
var Analyzer = &analysis.Analyzer{
	Name:             "tlindex",
	Doc:              docs.MustExtract(doc, "tlindex"),
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/internal/index",
	Requires:         []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer},
	ResultType:       reflect.TypeFor[*Index](),
	FactTypes:        []analysis.Fact{new(Writer), new(writesPkg)},
	Run:              run,
	RunDespiteErrors: true,
}

// Index is the analyzer's result. It is read-only once built: analyzers
// running in parallel on the same package share it.
type Index struct {
	// Pkg is the package indexed.
	Pkg *types.Package
	// Inspector is the package's inspector (from the inspect analyzer).
	Inspector *inspector.Inspector
	// Vars is the one variable-assignment index of the package.
	Vars *values.Vars
	// Writes is the write-side view of Vars (entity roots, keys, actions).
	Writes *writes.Index
	// Calls are the calls that write entities, in source order: SDK
	// writes, and calls of functions that pass one of their parameters to
	// a write (Call.Via), of this package or another (through Writer
	// facts).
	Calls []Call
	// Entities are the composite literals that build entities, in source
	// order.
	Entities []*ast.CompositeLit
	// Keys are the values callers pass to helpers that make them the
	// PartitionKey or RowKey of an entity they write:
	// putEvent(ctx, c, time.Now().Format("2006-01-02"), id).
	Keys []KeyArg
}

// KeyArg is a value passed to a helper that writes it as an entity key.
type KeyArg struct {
	Call  Call // the call of the helper; Entity and Actions are nil
	Key   string
	Value ast.Expr // the argument
}

// Call is a call that writes an entity and the body of the function it
// is in.
type Call struct {
	writes.Write
	// Body is the body of the function declaration containing the call
	// (of the outermost function literal, outside any declaration).
	Body *ast.BlockStmt
	// Via is the wrapper the call goes through (put in put(ctx, &e), a
	// generic repository's method, a variable holding one), nil for a
	// direct SDK call. Write.Entity or Write.Actions is then the argument
	// the wrapper passes on to Write.Method.
	Via *types.Func
	// Closure is the function literal the call goes through (save :=
	// func(e Event) error {…}; save(e)), nil otherwise.
	Closure *ast.FuncLit
}

// Describe names the write for messages: "AddEntity", or
// "AddEntity (through put)", "AddEntity (through store.Repo.Save)" for a
// call of a wrapper (qualified when it is in another package).
func (x *Index) Describe(c Call) string {
	if c.Closure != nil {
		return c.Method + " (through a function literal)"
	}
	if c.Via == nil {
		return c.Method
	}
	name := c.Via.Name()
	if sig, ok := c.Via.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if p := c.Via.Pkg(); p != nil && p != x.Pkg {
		name = p.Name() + "." + name
	}
	return c.Method + " (through " + name + ")"
}

// Writer is the fact exported for a function that passes one of its
// parameters, directly or through json.Marshal, variables, & and *,
// other wrappers, to an SDK write.
type Writer struct {
	Params []Written
}

// Written is a parameter a Writer passes to a write.
type Written struct {
	Index   int    // the parameter's position (receiver excluded)
	Method  string // the SDK method it reaches: AddEntity, SubmitTransaction, Insert…
	Legacy  bool   // a legacy storage API method
	Actions bool   // the parameter is SubmitTransaction's actions, not an entity
	// Key is "PartitionKey" or "RowKey" when the parameter is not the
	// entity but the value of its key (the helper builds the entity).
	Key string
}

// AFact marks Writer as a fact.
func (*Writer) AFact() {}

func (w *Writer) String() string {
	var parts []string
	for _, p := range w.Params {
		if p.Key != "" {
			parts = append(parts, fmt.Sprintf("%d→%s.%s", p.Index, p.Method, p.Key))
			continue
		}
		parts = append(parts, fmt.Sprintf("%d→%s", p.Index, p.Method))
	}
	return "writes(" + strings.Join(parts, ", ") + ")"
}

func (w *Writer) has(p Written) bool {
	for _, q := range w.Params {
		if q == p {
			return true
		}
	}
	return false
}

// writesPkg is the package fact of a package that writes entities or
// may (it imports the SDK or a package that does): only those are
// searched for writes and wrappers.
type writesPkg struct{}

func (*writesPkg) AFact()         {}
func (*writesPkg) String() string { return "writesPkg" }

// Of returns the package's index from a pass whose analyzer requires
// Analyzer.
func Of(pass *analysis.Pass) *Index { return pass.ResultOf[Analyzer].(*Index) }

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if reach.Skip(pass) {
		// Nothing to index for the write-side analyzers (the standard
		// library, a dependency that cannot reach the SDK); their own
		// runs there see empty results.
		vars := values.NewVars(pass.TypesInfo, nil, inspector.New(nil))
		return &Index{Pkg: pass.Pkg, Inspector: ins, Vars: vars, Writes: writes.NewIndexFor(vars)}, nil
	}
	vars := values.NewVars(pass.TypesInfo, pass.Files, ins)
	x := &Index{Pkg: pass.Pkg, Inspector: ins, Vars: vars, Writes: writes.NewIndexFor(vars)}
	mayWrite := false
	for _, imp := range pass.Pkg.Imports() {
		if sdk.IsPath(imp.Path(), sdk.AztablesPath) || sdk.IsPath(imp.Path(), sdk.LegacyPath) || pass.ImportPackageFact(imp, new(writesPkg)) {
			mayWrite = true
			break
		}
	}
	b := &builder{pass: pass, x: x, local: map[ast.Node]*Writer{}}
	for c := range ins.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			if mayWrite {
				b.call(c, n)
			}
		case *ast.CompositeLit:
			if isEntityLit(pass, x.Writes, n) {
				x.Entities = append(x.Entities, n)
			}
		}
	}
	if !mayWrite {
		return x, nil
	}
	pass.ExportPackageFact(new(writesPkg))
	b.wrappers()
	return x, nil
}

type builder struct {
	pass *analysis.Pass
	x    *Index
	// sites are the calls that may go through a wrapper: of a function
	// with parameters, or of a function literal held in a variable.
	sites []site
	// local are the wrappers of this package, by declaration or literal.
	local map[ast.Node]*Writer
}

type site struct {
	call  *ast.CallExpr
	fn    *types.Func  // the callee, if it is a function or method
	lit   *ast.FuncLit // the callee, if it is a function literal
	funcs []ast.Node   // the functions containing the call, innermost first
	body  *ast.BlockStmt
}

// enclosing returns the functions containing c, innermost first, and the
// body calls in them are checked with (see Call.Body).
func enclosing(c inspector.Cursor) ([]ast.Node, *ast.BlockStmt) {
	var funcs []ast.Node
	var body *ast.BlockStmt
	for fc := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		funcs = append(funcs, fc.Node())
		switch f := fc.Node().(type) {
		case *ast.FuncDecl:
			return funcs, f.Body
		case *ast.FuncLit:
			body = f.Body
		}
	}
	return funcs, body
}

func (b *builder) call(c inspector.Cursor, n *ast.CallExpr) {
	info := b.pass.TypesInfo
	funcs, body := enclosing(c)
	w, ok := writes.WriteOf(info, n)
	fun := b.x.Vars.Resolve(n.Fun)
	if !ok && fun != ast.Unparen(n.Fun) {
		// A method value stored in a variable:
		// add := c.AddEntity; add(ctx, b, nil).
		w, ok = writes.WriteOf(info, &ast.CallExpr{Fun: fun, Lparen: n.Lparen, Args: n.Args, Ellipsis: n.Ellipsis, Rparen: n.Rparen})
		w.Call = n
	}
	if ok {
		b.x.Calls = append(b.x.Calls, Call{Write: w, Body: body})
		if w.Entity != nil {
			b.param(funcs, w.Entity, Written{Method: w.Method, Legacy: w.Legacy})
			b.keyParams(funcs, w, body)
		}
		if w.Actions != nil {
			b.param(funcs, w.Actions, Written{Method: w.Method, Actions: true})
		}
		return
	}
	if len(n.Args) == 0 {
		return
	}
	if lit, ok := ast.Unparen(fun).(*ast.FuncLit); ok {
		b.sites = append(b.sites, site{call: n, lit: lit, funcs: funcs, body: body})
	} else if fn := b.callee(n, fun); fn != nil && fn.Pkg() != nil && (fn.Pkg() == b.pass.Pkg || FuncFact[Writer](b.pass, nil, fn) != nil) {
		b.sites = append(b.sites, site{call: n, fn: fn, funcs: funcs, body: body})
	}
}

// callee returns the function a call calls statically, through
// variables assigned once (save := put; save(…), fun is call.Fun
// resolved), generic origin for generic functions and methods.
func (b *builder) callee(call *ast.CallExpr, fun ast.Expr) *types.Func {
	if fn := sdk.Callee(b.pass.TypesInfo, call); fn != nil {
		return fn
	}
	var id *ast.Ident
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.IndexExpr: // put[T]
		if i, ok := ast.Unparen(f.X).(*ast.Ident); ok {
			id = i
		}
	}
	if id == nil {
		return nil
	}
	fn, _ := b.pass.TypesInfo.Uses[id].(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// signature returns the signature of a function declaration or literal.
func (b *builder) signature(f ast.Node) *types.Signature {
	var t types.Type
	switch f := f.(type) {
	case *ast.FuncDecl:
		if fn, ok := b.pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
			t = fn.Type()
		}
	case *ast.FuncLit:
		t = b.pass.TypesInfo.TypeOf(f)
	}
	sig, _ := t.(*types.Signature)
	return sig
}

// param records p for each of funcs (the functions containing a write)
// of which e, the entity or actions written, is a parameter; it reports
// whether it added anything.
func (b *builder) param(funcs []ast.Node, e ast.Expr, p Written) bool {
	var vars []*types.Var
	if p.Actions {
		if v := b.x.Vars.VarOf(b.x.Vars.Resolve(e)); v != nil {
			vars = append(vars, v)
		}
	} else {
		vars = b.x.Writes.RootsOf(e).Vars
	}
	added := false
	for _, v := range vars {
		if b.paramOf(funcs, v, p) {
			added = true
		}
	}
	return added
}

// keyParams records the parameters of funcs that the entity written by w
// (built in body) takes as its PartitionKey or RowKey, unchanged.
func (b *builder) keyParams(funcs []ast.Node, w writes.Write, body *ast.BlockStmt) bool {
	added := false
	for _, k := range b.x.Writes.KeysOf(b.x.Writes.RootsOf(w.Entity), body) {
		v := b.x.Vars.VarOf(b.x.Vars.Resolve(k.Value))
		if v == nil {
			continue
		}
		if b.paramOf(funcs, v, Written{Method: w.Method, Legacy: w.Legacy, Key: k.Key}) {
			added = true
		}
	}
	return added
}

// paramOf records p for each of funcs of which v is a parameter never
// reassigned (p.Index set to its position); it reports whether it added
// anything.
func (b *builder) paramOf(funcs []ast.Node, v *types.Var, p Written) bool {
	if b.x.Vars.Reassigned(v) {
		return false
	}
	added := false
	for _, f := range funcs {
		sig := b.signature(f)
		if sig == nil {
			continue
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) != v {
				continue
			}
			q := p
			q.Index = i
			w := b.local[f]
			if w == nil {
				w = &Writer{}
				b.local[f] = w
			}
			if !w.has(q) {
				w.Params = append(w.Params, q)
				added = true
			}
		}
	}
	return added
}

// writer returns what the callee of s passes to writes: from this
// package's analysis or from a fact.
func (b *builder) writer(s site) *Writer {
	if s.lit != nil {
		return b.local[s.lit]
	}
	if d := b.x.Vars.FuncDecl(s.fn); d != nil {
		return b.local[d]
	}
	return FuncFact[Writer](b.pass, nil, s.fn)
}

// FuncFact returns fn's fact of type F: found by this package's analysis
// (local) or, for a function of another package, imported; nil if none.
// Analyzers that summarise functions (writes, filled properties) share it.
func FuncFact[T any, F interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, local map[*types.Func]F, fn *types.Func) F {
	if f := local[fn]; f != nil {
		return f
	}
	if fn.Pkg() != pass.Pkg {
		f := F(new(T))
		if pass.ImportObjectFact(fn, f) {
			return f
		}
	}
	return nil
}

// wrappers finds the calls of wrappers, to a fixed point (a wrapper
// calling a wrapper), records them as Calls, and exports a Writer fact
// for each wrapper of this package.
func (b *builder) wrappers() {
	done := map[*ast.CallExpr]map[Written]bool{}
	for range writes.MaxDepth {
		changed := false
		for _, s := range b.sites {
			w := b.writer(s)
			if w == nil {
				continue
			}
			var sig *types.Signature
			if s.lit != nil {
				sig = b.signature(s.lit)
			} else {
				sig, _ = s.fn.Type().(*types.Signature)
			}
			if sig == nil {
				continue
			}
			for _, p := range w.Params {
				if p.Index >= len(s.call.Args) || (sig.Variadic() && p.Index >= sig.Params().Len()-1) {
					continue
				}
				if done[s.call] == nil {
					done[s.call] = map[Written]bool{}
				}
				if done[s.call][p] {
					continue
				}
				done[s.call][p] = true
				arg := s.call.Args[p.Index]
				wr := writes.Write{Call: s.call, Method: p.Method, Legacy: p.Legacy}
				if p.Key != "" {
					b.x.Keys = append(b.x.Keys, KeyArg{Call: Call{Write: wr, Body: s.body, Via: s.fn, Closure: s.lit}, Key: p.Key, Value: arg})
					if v := b.x.Vars.VarOf(b.x.Vars.Resolve(arg)); v != nil && b.paramOf(s.funcs, v, p) {
						changed = true
					}
					continue
				}
				if p.Actions {
					wr.Actions = arg
				} else {
					wr.Entity = arg
				}
				b.x.Calls = append(b.x.Calls, Call{Write: wr, Body: s.body, Via: s.fn, Closure: s.lit})
				if b.param(s.funcs, arg, p) {
					changed = true
				}
				if !p.Actions && b.keyParams(s.funcs, wr, s.body) {
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	for f, w := range b.local {
		if d, ok := f.(*ast.FuncDecl); ok {
			if fn, ok := b.pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
				b.pass.ExportObjectFact(fn, w)
			}
		}
	}
}

func isEntityLit(pass *analysis.Pass, w *writes.Index, lit *ast.CompositeLit) bool {
	t := pass.TypesInfo.TypeOf(lit)
	if writes.IsEntityStruct(t) {
		return true
	}
	if !writes.IsStringMap(t) {
		return false
	}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := w.ConstString(kv.Key); ok && (k == writes.PartitionKey || k == writes.RowKey) {
				return true
			}
		}
	}
	return false
}

// Innermost returns the innermost function declaration or literal
// containing c, its cursor and its body; ok is false outside any
// function.
func Innermost(c inspector.Cursor) (fn inspector.Cursor, body *ast.BlockStmt, ok bool) {
	for fc := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := fc.Node().(type) {
		case *ast.FuncDecl:
			return fc, f.Body, f.Body != nil
		case *ast.FuncLit:
			return fc, f.Body, true
		}
	}
	return inspector.Cursor{}, nil, false
}
