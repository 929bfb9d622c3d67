package transactions

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/keyflow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/target"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL401 and TL403.
var Analyzer = &analysis.Analyzer{
	Name:     "transactions",
	Doc:      docs.MustExtract(doc, "transactions"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/transactions",
	Requires: []*analysis.Analyzer{inspect.Analyzer, index.Analyzer, target.Analyzer, flow.Analyzer, keyflow.Analyzer},
	Run:      run,
}

// onTarget is the -target flag: the payload limit is 2 MB on Cosmos DB.
var onTarget target.Value

func init() { target.Register(&Analyzer.Flags, &onTarget) }

// MaxActions is the most actions one transaction may hold.
const MaxActions = limits.MaxBatchActions

type checker struct {
	pass *analysis.Pass
	ins  *inspector.Inspector
	idx  *writes.Index
	svc  *limits.Service // the target's limits
	body *ast.BlockStmt
	// funcStart is where the function being checked begins (its
	// parameters lie between it and body).
	funcStart token.Pos
	// wrapped maps calls of functions that submit a parameter as a
	// transaction to the actions they are given.
	wrapped map[*ast.CallExpr]ast.Expr
	// parents maps each node of body to its parent.
	parents map[ast.Node]ast.Node
	fl      *flow.Result
	// pks are the places a PartitionKey is given a value that is
	// neither a read (GetEntity) nor an entity written on its own.
	pks  []keyflow.Sink
	keys *keyflow.Result
	// crossed marks the transactions already reported for TL403.
	crossed map[ast.Node]bool
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{
		pass:    pass,
		ins:     x.Inspector,
		idx:     x.Writes,
		svc:     target.For(pass, &onTarget),
		wrapped: map[*ast.CallExpr]ast.Expr{},
		fl:      flow.Of(pass),
		crossed: map[ast.Node]bool{},
	}
	c.keys = keyflow.Of(pass)
	for _, s := range c.keys.Sinks {
		if s.Key == "PartitionKey" && !s.Read && !s.Written && !s.Second {
			c.pks = append(c.pks, s)
		}
	}
	for _, w := range x.Calls {
		if (w.Via != nil || w.Closure != nil) && w.Actions != nil {
			c.wrapped[w.Call] = w.Actions
		}
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ins.Preorder([]ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				c.funcStart = n.Pos()
				c.function(n.Body)
			}
		case *ast.FuncLit:
			c.funcStart = n.Pos()
			c.function(n.Body)
		}
	})
	return nil, nil
}

func (c *checker) function(body *ast.BlockStmt) {
	var sites []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false // checked on its own
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if c.wrapped[call] != nil ||
				sdk.CallOp(c.pass.TypesInfo, call) == (sdk.Op{Kind: sdk.Submit}) && len(call.Args) >= 2 ||
				sdk.CallOp(c.pass.TypesInfo, call) == (sdk.Op{Kind: sdk.Submit, Legacy: true}) {
				sites = append(sites, call)
			}
		}
		return true
	})
	if len(sites) == 0 {
		return
	}
	c.setBody(body, c.funcStart)
	for _, call := range sites {
		if a := c.wrapped[call]; a != nil {
			c.submit(call, a)
		} else if sdk.CallOp(c.pass.TypesInfo, call) == (sdk.Op{Kind: sdk.Submit}) {
			c.submit(call, call.Args[1])
		} else {
			c.legacy(call)
		}
	}
}

// setBody makes body, of a function starting at start, the one checked.
func (c *checker) setBody(body *ast.BlockStmt, start token.Pos) {
	c.body, c.funcStart = body, start
	c.parents = map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			c.parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
}

// in runs f with body, of a function starting at start, as the function
// checked, then restores the one checked before.
func (c *checker) in(body *ast.BlockStmt, start token.Pos, f func()) {
	oldBody, oldStart, oldParents := c.body, c.funcStart, c.parents
	c.setBody(body, start)
	f()
	c.body, c.funcStart, c.parents = oldBody, oldStart, oldParents
}

// declaringFunc returns the body and start of the innermost function of
// the package whose body declares v, or nil.
func (c *checker) declaringFunc(v *types.Var) (*ast.BlockStmt, token.Pos) {
	cur, ok := c.ins.Root().FindByPos(v.Pos(), v.Pos())
	if !ok {
		return nil, token.NoPos
	}
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := f.Node().(type) {
		case *ast.FuncDecl:
			return n.Body, n.Pos()
		case *ast.FuncLit:
			return n.Body, n.Pos()
		}
	}
	return nil, token.NoPos
}

// An add is a statement that adds k actions to a transaction each time
// it runs (k < 0: unknown), of at least bytes bytes on the wire together
// (see actionBytes).
type add struct {
	node  ast.Node
	k     int
	bytes int64
}

// submit checks the actions given to SubmitTransaction by call, directly
// or through a wrapper.
func (c *checker) submit(call *ast.CallExpr, actions ast.Expr) {
	var entities []ast.Expr
	for _, a := range c.idx.ActionsOf(actions) {
		if a.Call != nil {
			entities = append(entities, a.Call) // its helper's entity: see helperKey
			continue
		}
		entities = append(entities, a.Entity)
	}
	c.partitions(call, entities)

	e := ast.Unparen(actions)
	if lit, ok := c.idx.Resolve(e).(*ast.CompositeLit); ok {
		if n := len(lit.Elts); n > MaxActions {
			diag.Report(c.pass, "TL401", call, "this transaction has %d actions, over the limit of %d", n, MaxActions)
		} else {
			c.payloadOver(call, c.elementsBytes(lit))
		}
		return
	}
	v := c.idx.VarOf(e)
	if v == nil {
		return
	}
	if c.fromHelper(call, v) {
		return
	}
	if v.Pos() < c.body.Pos() || v.Pos() >= c.body.End() {
		// A slice of the enclosing function, submitted by a closure
		// (flush := func() error { … SubmitTransaction(ctx, batch, nil) … }):
		// its appends are in the enclosing function.
		body, start := c.declaringFunc(v)
		if body == nil || call.Pos() < body.Pos() || call.End() > body.End() {
			return
		}
		c.in(body, start, func() { c.accumulate(call, v) })
		return
	}
	c.accumulate(call, v)
}

// fromHelper checks actions that a helper of the package builds and
// returns (ops, err := s.actions(items)): reported at site when the
// helper gives more than 100 actions, or one per element of a parameter
// that is given a collection of unknown size here. It reports whether v
// comes from such a helper.
func (c *checker) fromHelper(site *ast.CallExpr, v *types.Var) bool {
	d, ok := c.idx.Only(v)
	if !ok || d.Zero() {
		return false
	}
	call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := sdk.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	decl := c.idx.FuncDecl(fn)
	sig, _ := fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || sig == nil || sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return false
	}
	index := max(d.Index, 0)
	rets, _ := c.idx.Returns(fn, index)
	var built *types.Var // the helper's slice it returns on success
	for _, r := range rets {
		if r == nil {
			return false
		}
		if tv, ok := c.pass.TypesInfo.Types[r]; ok && tv.IsNil() {
			continue // the error path
		}
		rv := c.idx.VarOf(r)
		if rv == nil || built != nil && rv != built || rv.Pos() < decl.Body.Pos() || rv.Pos() >= decl.Body.End() {
			return false
		}
		built = rv
	}
	if built == nil {
		return true
	}
	var lower int
	var source ast.Expr // the helper's collection of unknown size
	var k int
	chunked := false
	c.in(decl.Body, decl.Pos(), func() {
		g := c.collect(built)
		c.perIteration(site, nil, built, g)
		var loop ast.Node
		lower, loop, chunked, _ = c.grow(nil, built, g)
		k = g.step()
		switch {
		case chunked || lower > MaxActions:
		case loop != nil && !c.guarded(built, rangeOf(loop), k):
			source = rangeOf(loop)
		case loop == nil && g.sized != nil && c.uncontrolled(g.sized) && !c.guarded(built, g.sized, k):
			source = g.sized
		}
	})
	name := fn.Name()
	switch {
	case chunked:
	case lower > MaxActions:
		diag.Report(c.pass, "TL401", site, "this transaction gets at least %d actions from %s, over the limit of %d", lower, name, MaxActions)
	case source != nil:
		p := c.idx.VarOf(source)
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) != p {
				continue
			}
			arg := call.Args[i]
			if c.uncontrolled(arg) && !c.guarded(v, arg, k) {
				diag.Report(c.pass, "TL401", site, "this transaction gets one action per element of %s (through %s, line %d), with no limit",
					finding.Clip(types.ExprString(arg)), name, c.pass.Fset.Position(call.Pos()).Line)
			}
		}
	}
	return true
}

// accumulate checks the actions v accumulates in the function checked
// and that site submits.
func (c *checker) accumulate(site *ast.CallExpr, v *types.Var) {
	g := c.collect(v)
	c.cutOver(site, g.adds, func(l ast.Node) bool { return c.chunks(l, v, g.resets, g.step()) })
	c.perIteration(site, site, v, g)
	c.count(site, v, g)
}

// callersKey reports whether the PartitionKey sink s copies a
// PartitionKey the value already carries (entity{PartitionKey:
// it.Key.PartitionKey}, a helper given it.Key): each element of the
// caller's is an entity or a key the caller built, and which partitions
// go together is the caller's choice, as with SubmitTransaction itself.
func (c *checker) callersKey(s keyflow.Sink) bool {
	if s.Field == "PartitionKey" {
		return true
	}
	v := s.Val
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.UnOp:
			if x.Op == token.MUL {
				v = x.X
				continue
			}
		}
		break
	}
	var st types.Type
	var field int
	switch x := v.(type) {
	case *ssa.FieldAddr:
		ptr, ok := x.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		st, field = ptr.Elem(), x.Field
	case *ssa.Field:
		st, field = x.X.Type(), x.Field
	default:
		return false
	}
	t, ok := st.Underlying().(*types.Struct)
	return ok && field < t.NumFields() && t.Field(field).Name() == "PartitionKey"
}

// bucket reports whether the PartitionKey at s is a bucket many
// elements share: every run-time part of it is a time formatted with a
// layout (a day, a month), so one batch usually falls in one partition.
func (c *checker) bucket(s keyflow.Sink) bool {
	holes := c.keys.Value(s).Holes()
	for _, h := range holes {
		if h.Bound&flow.Time == 0 {
			return false
		}
	}
	return len(holes) > 0
}

// perIteration reports TL403 at report when a loop adds the actions of
// v to one transaction (submitted by site after the loop; site is nil
// when v is a helper's result, submitted by its caller) and sets, in
// that loop, a PartitionKey whose value varies per iteration (an
// element's field, a map's key, a new UUID: see
// flow.VariesPerIteration). A loop that also submits or resets v (sends
// it in chunks, or whenever the partition changes) is not one
// transaction.
func (c *checker) perIteration(report ast.Node, site *ast.CallExpr, v *types.Var, g growth) {
	if c.crossed[report] {
		return
	}
	siteLoops := map[ast.Node]bool{}
	if site != nil {
		for _, l := range c.loopsOf(site, nil) {
			siteLoops[l] = true
		}
	}
	nodes := append([]ast.Node(nil), g.sets...)
	for _, a := range g.adds {
		nodes = append(nodes, a.node)
	}
	for _, n := range nodes {
		var outer ast.Node // the outermost loop that adds to one transaction
		chunked := false
		for _, l := range c.loopsOf(n, nil) {
			if siteLoops[l] {
				break
			}
			if c.chunks(l, v, g.resets, g.step()) {
				chunked = true
				break
			}
			outer = l
		}
		if outer == nil || chunked {
			continue
		}
		for _, s := range c.pks {
			if s.Pos < outer.Pos() || s.Pos >= outer.End() || c.callersKey(s) || c.bucket(s) {
				continue
			}
			varies := false
			if s.Field != "" {
				// The key is one field of what the helper is given.
				_, varies = c.fl.FieldVariesPerIteration(s.Fn, s.Val, s.Field, outer)
			} else {
				_, varies = c.fl.VariesPerIteration(s.Fn, s.Val, outer)
			}
			if varies {
				c.crossed[report] = true
				diag.Report(c.pass, "TL403", report, "the loop on line %d gives each action its own PartitionKey; a transaction holds one partition",
					c.pass.Fset.Position(outer.Pos()).Line)
				return
			}
		}
	}
}

// growth is how a slice of actions is built in one function.
type growth struct {
	initial int // elements it is created with
	// initialBytes is the least bytes of those elements on the wire.
	initialBytes int64
	sized        ast.Expr
	// counted is make(…, n) with a length n that is neither a constant
	// nor len(X).
	counted *ast.CallExpr
	adds    []add
	// sets are the assignments of one element (acts[i] = …).
	sets   []ast.Node
	resets []ast.Node
}

// collect finds the statements that build v in the function checked: its
// creation (a literal; make with a constant length, or with len(X), kept
// in sized), appends and other assignments.
func (c *checker) collect(v *types.Var) growth {
	var g growth
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
				return true
			}
			if ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr); ok && c.idx.VarOf(ix.X) == v {
				g.sets = append(g.sets, n)
				return true
			}
			if c.idx.VarOf(n.Lhs[0]) != v {
				return true
			}
			if ap := c.appendTo(n.Rhs[0], v); ap != nil {
				g.adds = append(g.adds, add{n, c.appended(ap), c.appendedBytes(ap)})
				return true
			}
			if n.Tok == token.DEFINE && c.loopsOf(n, nil) == nil && c.created(n.Rhs[0], &g) {
				return true
			}
			g.resets = append(g.resets, n)
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if c.pass.TypesInfo.Defs[id] == v && i < len(n.Values) {
					c.created(n.Values[i], &g)
				}
			}
		}
		return true
	})
	return g
}

// created records in g the size a slice is created with: a composite
// literal's elements, make's constant length, or make(…, len(X)).
func (c *checker) created(e ast.Expr, g *growth) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		g.initial = len(e.Elts)
		g.initialBytes = c.elementsBytes(e)
		return true
	case *ast.CallExpr:
		if len(e.Args) < 2 || !sdk.IsBuiltin(c.pass.TypesInfo, e, "make") {
			return false
		}
		if n, ok := c.constInt(e.Args[1]); ok {
			g.initial = int(n)
			return true
		}
		if x := c.lenOf(e.Args[1]); x != nil {
			g.sized = x
		} else {
			g.counted = e
		}
		return true
	}
	return false
}

// lenOf returns X if e is len(X).
func (c *checker) lenOf(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if ok && len(call.Args) == 1 && sdk.IsBuiltin(c.pass.TypesInfo, call, "len") {
		return call.Args[0]
	}
	return nil
}

// appendTo returns the append call if e is append(v, …).
func (c *checker) appendTo(e ast.Expr, v *types.Var) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
		return nil
	}
	if c.idx.VarOf(call.Args[0]) != v {
		return nil
	}
	return call
}

// appended returns how many elements an append call adds (-1: unknown).
func (c *checker) appended(call *ast.CallExpr) int {
	if !call.Ellipsis.IsValid() {
		return len(call.Args) - 1
	}
	if lit, ok := c.idx.Resolve(call.Args[len(call.Args)-1]).(*ast.CompositeLit); ok {
		return len(lit.Elts)
	}
	return -1
}

// appendedBytes returns the least bytes the actions an append call adds
// take on the wire (0 when unknown).
func (c *checker) appendedBytes(call *ast.CallExpr) int64 {
	if call.Ellipsis.IsValid() {
		if lit, ok := c.idx.Resolve(call.Args[len(call.Args)-1]).(*ast.CompositeLit); ok {
			return c.elementsBytes(lit)
		}
		return 0
	}
	var n int64
	for _, a := range call.Args[1:] {
		n += c.actionBytes(a)
	}
	return n
}

// elementsBytes returns the least bytes the actions of a slice literal
// take on the wire.
func (c *checker) elementsBytes(lit *ast.CompositeLit) int64 {
	var n int64
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		n += c.actionBytes(el)
	}
	return n
}

// count reports TL401 for the actions a transaction accumulates in v.
func (c *checker) count(site *ast.CallExpr, v *types.Var, g growth) {
	lower, unbounded, chunked, bytes := c.grow(site, v, g)
	if chunked {
		return
	}
	k := g.step()
	switch {
	case lower > MaxActions:
		diag.Report(c.pass, "TL401", site, "this transaction gets at least %d actions, over the limit of %d", lower, MaxActions)
	case unbounded != nil && !c.guarded(v, rangeOf(unbounded), k):
		what := "iteration of the loop"
		if r, ok := unbounded.(*ast.RangeStmt); ok {
			what = "element of " + finding.Clip(types.ExprString(r.X))
		}
		line := c.pass.Fset.Position(unbounded.Pos()).Line
		diag.Report(c.pass, "TL401", site, "this transaction gets one action per %s (line %d), with no limit", what, line)
	case unbounded == nil && g.sized != nil && c.uncontrolled(g.sized) && !c.guarded(v, g.sized, k):
		diag.Report(c.pass, "TL401", site, "this transaction gets one action per element of %s (make, line %d), with no limit",
			finding.Clip(types.ExprString(g.sized)), c.pass.Fset.Position(g.sized.Pos()).Line)
	case unbounded == nil && g.counted != nil && c.setOutside(g.counted, g.counted.Args[1], k) != "":
		diag.Report(c.pass, "TL401", site, "this transaction's size (make, line %d) is set by %s, unchecked against 100",
			c.pass.Fset.Position(g.counted.Pos()).Line, finding.Clip(c.setOutside(g.counted, g.counted.Args[1], k)))
	default:
		c.payloadOver(site, bytes)
	}
}

// step returns the most actions one append adds (1 when unknown).
func (g growth) step() int {
	k := 1
	for _, a := range g.adds {
		k = max(k, a.k)
	}
	return k
}

func rangeOf(l ast.Node) ast.Expr {
	if r, ok := l.(*ast.RangeStmt); ok {
		return r.X
	}
	return nil
}

// grow returns the least number of actions v accumulates before site
// submits it, and the loop over a collection of unknown size that feeds
// it, if any; chunked reports that a loop also submits or resets v.
// bytes is the least those actions take on the wire, counting the
// actions counted in lower.
func (c *checker) grow(site *ast.CallExpr, v *types.Var, g growth) (lower int, unbounded ast.Node, chunked bool, bytes int64) {
	initial, adds, resets := g.initial, g.adds, g.resets
	siteLoops := map[ast.Node]bool{}
	for _, l := range c.loopsOf(site, nil) {
		siteLoops[l] = true
	}
	lower, bytes = initial, g.initialBytes
	for _, a := range adds {
		var cond bool
		loops := c.loopsOf(a.node, &cond)
		if loops == nil && cond && a.k >= 0 {
			continue // a conditional append outside loops
		}
		mult := 1
		known := true
		var unknownLoop ast.Node
		for _, l := range loops {
			if siteLoops[l] {
				continue // the transaction is submitted on each iteration
			}
			if c.chunks(l, v, resets, g.step()) {
				return 0, nil, true, 0
			}
			n, ok, exact := c.iterations(l)
			if ok && !exact {
				cond = true // it may stop early
			}
			if !ok {
				known = false
				if unknownLoop == nil && c.unbounded(l) {
					unknownLoop = l
				}
				continue
			}
			mult *= n
			if mult > 1<<20 {
				mult = 1 << 20
			}
		}
		if a.k < 0 {
			known = false
		}
		if !known {
			if unknownLoop != nil && unbounded == nil {
				unbounded = unknownLoop
			}
			continue
		}
		if !cond {
			lower += a.k * mult
			bytes += a.bytes * int64(mult)
		}
	}
	return lower, unbounded, false, bytes
}

// unbounded reports whether loop l runs over a collection whose size the
// function does not control: a parameter of the function, or a page of
// entities from a pager; or counts up to a number set outside the code
// (for i := 0; i < n; i++ with n from a flag, the environment, a
// request or the caller of an exported function) that the function does
// not check against the limit.
func (c *checker) unbounded(l ast.Node) bool {
	switch l := l.(type) {
	case *ast.RangeStmt:
		return c.uncontrolled(l.X)
	case *ast.ForStmt:
		// Counting from a constant: i := 0; i < n.
		init, ok := l.Init.(*ast.AssignStmt)
		if !ok || len(init.Rhs) != 1 {
			return false
		}
		if _, isConst := c.constInt(init.Rhs[0]); !isConst {
			return false
		}
		be, ok := ast.Unparen(l.Cond).(*ast.BinaryExpr)
		return ok && (be.Op == token.LSS || be.Op == token.LEQ) && c.setOutside(be, be.Y, 1) != ""
	}
	return false
}

// setOutside names where n, the count of a make (at, the make call) or
// the bound of a loop's condition (at, the comparison), comes from when
// the code does not set it: a flag, the environment, a request, a
// parameter of an exported function (or a field of one). "" when the
// code sets it, or when the function compares n with a constant that
// keeps k actions per unit within the limit (n > 100 returning an
// error).
func (c *checker) setOutside(at, n ast.Expr, k int) string {
	val, ok := c.fl.Count(at)
	if !ok {
		return ""
	}
	from := ""
	for _, h := range val.Holes() {
		switch {
		case h.Source == flow.CommandLine, h.Source == flow.Env, h.Source == flow.Request,
			h.Source == flow.Param && h.Exported:
			from = h.What
			if from == "" {
				from = h.Source.String()
			}
		}
		if from != "" {
			break
		}
	}
	if from == "" || c.countChecked(n, k) {
		return ""
	}
	return from
}

// countChecked reports whether n is capped by min with a constant, or
// the function compares n (the same expression) with a constant, so
// that n units of k actions stay within the limit.
func (c *checker) countChecked(n ast.Expr, k int) bool {
	capped := ast.Unparen(n)
	if v := c.idx.VarOf(capped); v != nil {
		if d, ok := c.idx.Only(v); ok && !d.Zero() && d.Index < 0 {
			capped = ast.Unparen(d.Rhs) // n := min(m, 100)
		}
	}
	if call, ok := capped.(*ast.CallExpr); ok && sdk.IsBuiltin(c.pass.TypesInfo, call, "min") {
		for _, a := range call.Args {
			if b, isConst := c.constInt(a); isConst && b*int64(k) <= MaxActions {
				return true // min(n, 100)
			}
		}
	}
	name := types.ExprString(ast.Unparen(n))
	found := false
	ast.Inspect(c.body, func(x ast.Node) bool {
		be, ok := x.(*ast.BinaryExpr)
		if !ok || found {
			return !found
		}
		op, l, r := be.Op, be.X, be.Y
		if types.ExprString(ast.Unparen(l)) != name {
			l, r, op = r, l, mirror(op)
		}
		if types.ExprString(ast.Unparen(l)) == name && op != token.ILLEGAL {
			if _, isConst := c.constInt(r); isConst && c.limits(op, r, false, k) {
				found = true
			}
		}
		return !found
	})
	return found
}

// uncontrolled reports whether x is a collection whose size the function
// does not control: a parameter of the function, a page of entities, a
// legacy query's segment (unless the query's Top keeps it within the
// limit), what a helper of the package returns sized by an argument it is
// given that the function does not control (rows := make([]T, n); return
// rows), or what a helper returns made of the entities of a list's pages.
func (c *checker) uncontrolled(x ast.Expr) bool { return c.uncontrolledAt(x, 0) }

func (c *checker) uncontrolledAt(x ast.Expr, depth int) bool {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok && sdk.FieldSelection(c.pass.TypesInfo, sel, sdk.AztablesPath, "ListEntitiesResponse", "Entities") {
		return true
	}
	if sel, ok := x.(*ast.SelectorExpr); ok && sdk.FieldSelection(c.pass.TypesInfo, sel, sdk.LegacyPath, "EntityQueryResult", "Entities") {
		return !c.toppedQuery(sel.X) // a legacy query's segment
	}
	v := c.idx.VarOf(x)
	if v != nil && c.isParam(v) {
		return true
	}
	if depth > 2 {
		return false
	}
	call, ok := c.idx.Resolve(x).(*ast.CallExpr)
	index := 0 // the call's result x is
	if !ok && v != nil {
		// rows, err := s.all(ctx): result d.Index of the call.
		if d, found := c.idx.Only(v); found && !d.Zero() && d.Index >= 0 {
			call, ok = ast.Unparen(d.Rhs).(*ast.CallExpr)
			index = d.Index
		}
	}
	if !ok {
		return false
	}
	fn := sdk.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if fn.Pkg() == c.pass.Pkg && index == 0 {
		for _, i := range c.sizedBy(fn) {
			if i < len(call.Args) && c.uncontrolledAt(call.Args[i], depth+1) {
				return true
			}
		}
	}
	// A helper's result made of the entities of a list's pages (every
	// page gathered, flow.Origin.Listed): as many as the table holds.
	for _, o := range c.fl.CallOrigins(call, index) {
		if o.Listed() {
			return true
		}
	}
	return false
}

// toppedQuery reports whether res, a legacy EntityQueryResult, comes from
// a QueryEntities call of this function whose options set a constant Top
// within the transaction limit, or from NextResults of such a result:
// the legacy NextLink keeps the first request's query, $top included, so
// every segment it brings is as bounded as the first.
func (c *checker) toppedQuery(res ast.Expr) bool {
	v := c.idx.VarOf(ast.Unparen(res))
	if v == nil || c.idx.Incremented(v) {
		return false
	}
	defs := c.idx.Defs(v)
	if d, ok := c.idx.Only(v); ok {
		defs = []values.Def{d}
	}
	topped := false
	for _, d := range defs {
		if d.Zero() || d.Index > 0 {
			return false
		}
		call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
		if !ok {
			return false
		}
		if path, recv, name, ok := sdk.Method(c.pass.TypesInfo, call); ok && path == sdk.LegacyPath && recv == "EntityQueryResult" && name == "NextResults" {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && c.idx.VarOf(ast.Unparen(sel.X)) == v {
				continue // the next segment of the same query
			}
			return false
		}
		if !c.toppedCall(call) {
			return false
		}
		topped = true
	}
	return topped
}

// toppedCall reports whether call is a legacy QueryEntities whose options
// set a constant Top within the transaction limit.
func (c *checker) toppedCall(call *ast.CallExpr) bool {
	if sdk.CallOp(c.pass.TypesInfo, call) != (sdk.Op{Kind: sdk.Query, Legacy: true}) || len(call.Args) < 3 {
		return false
	}
	top := sdk.Field(c.pass.TypesInfo, c.idx.Resolve(ast.Unparen(call.Args[2])), "Top")
	if top == nil {
		return false
	}
	n, ok := c.constInt(top)
	return ok && n > 0 && n <= MaxActions
}

// sizedBy returns the parameters of fn, a function of this package, that
// give the size of the collection it returns first: a parameter returned
// as it is, or the length of the make that builds it.
func (c *checker) sizedBy(fn *types.Func) []int {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Variadic() {
		return nil
	}
	index := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if c.pass.TypesInfo.Uses[id] == sig.Params().At(i) {
				return i, true
			}
		}
		return 0, false
	}
	var out []int
	rets, _ := c.idx.Returns(fn, 0)
	for _, r := range rets {
		if r == nil {
			continue
		}
		if i, ok := index(r); ok {
			out = append(out, i)
			continue
		}
		mk, ok := c.idx.Resolve(ast.Unparen(r)).(*ast.CallExpr)
		if !ok || len(mk.Args) < 2 {
			continue
		}
		if id, ok := ast.Unparen(mk.Fun).(*ast.Ident); !ok || id.Name != "make" {
			continue
		} else if _, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); !ok {
			continue
		}
		if i, ok := index(mk.Args[1]); ok {
			out = append(out, i)
		}
	}
	return out
}

// isParam reports whether v is a parameter of the function being checked
// that the function never reassigns.
func (c *checker) isParam(v *types.Var) bool {
	if len(c.idx.Defs(v)) > 0 {
		return false
	}
	// Parameters are declared before the body, in the function's type.
	return v.Pos() < c.body.Pos() && v.Pos() > c.funcStart
}

// loopsOf returns the for and range statements enclosing n inside the
// function, innermost first; if cond is not nil it is set when an if,
// switch or select lies between n and its outermost loop (or the body).
// Closures stop the walk: loopsOf returns nil and sets cond.
func (c *checker) loopsOf(n ast.Node, cond *bool) []ast.Node {
	var loops []ast.Node
	condSeen := false
	for p := c.parents[n]; p != nil && p != c.body; p = c.parents[p] {
		switch p := p.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, p)
			if cond != nil && condSeen {
				*cond = true
			}
		case *ast.IfStmt, *ast.CaseClause, *ast.CommClause:
			condSeen = true
		case *ast.FuncLit:
			if cond != nil {
				*cond = true
			}
			return nil
		}
	}
	if cond != nil && condSeen && len(loops) == 0 {
		*cond = true
	}
	return loops
}

// chunks reports whether loop l also submits or resets v: the actions are
// sent in chunks. A submit or reset under an if whose condition tests
// len(v) against a constant that lets the slice grow past the limit
// (len(v) > 100 with one append per iteration) does not chunk.
func (c *checker) chunks(l ast.Node, v *types.Var, resets []ast.Node, k int) bool {
	for _, r := range resets {
		if within(r, l) && c.flushLimited(r, l, v, k) {
			return true
		}
	}
	found := false
	ast.Inspect(l, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if sdk.CallOp(c.pass.TypesInfo, call) == (sdk.Op{Kind: sdk.Submit}) && len(call.Args) >= 2 && c.idx.VarOf(call.Args[1]) == v ||
				c.wrapped[call] != nil && c.idx.VarOf(c.wrapped[call]) == v ||
				sdk.CallOp(c.pass.TypesInfo, call) == (sdk.Op{Kind: sdk.Submit, Legacy: true}) {
				found = c.flushLimited(call, l, v, k)
			}
		}
		return !found
	})
	return found
}

// flushLimited reports whether the flush f (a submit or reset of v) in
// loop l may keep v within the limit: false only when an if between f and
// l runs it on a test of len(v) against a constant, and no such test in
// its condition keeps v within 100 actions (see guarded).
func (c *checker) flushLimited(f, l ast.Node, v *types.Var, k int) bool {
	for p, child := c.parents[f], f; p != nil && p != l; p, child = c.parents[p], p {
		ifs, ok := p.(*ast.IfStmt)
		if !ok || child != ifs.Body {
			continue
		}
		tested, limited := false, false
		for _, term := range disjuncts(ifs.Cond) {
			be, ok := ast.Unparen(term).(*ast.BinaryExpr)
			if !ok {
				continue
			}
			op, x, y := be.Op, be.X, be.Y
			if c.lenOf(x) == nil {
				x, y, op = y, x, mirror(op)
			}
			if arg := c.lenOf(x); arg != nil && c.idx.VarOf(arg) == v && op != token.ILLEGAL {
				if b, isConst := c.constInt(y); isConst && !emptiness(op, b) {
					tested = true
				}
				if c.limits(op, y, true, k) {
					limited = true
				}
			}
		}
		if tested && !limited {
			return false
		}
	}
	return true
}

// emptiness reports whether len(…) op b only tells empty from not empty.
func emptiness(op token.Token, b int64) bool {
	switch op {
	case token.GTR, token.LEQ, token.EQL, token.NEQ:
		return b == 0
	case token.GEQ, token.LSS:
		return b == 1
	}
	return false
}

// disjuncts splits a || b || c into its terms.
func disjuncts(e ast.Expr) []ast.Expr {
	if be, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && be.Op == token.LOR {
		return append(disjuncts(be.X), disjuncts(be.Y)...)
	}
	return []ast.Expr{e}
}

func within(n, outer ast.Node) bool { return outer.Pos() <= n.Pos() && n.End() <= outer.End() }

// iterations returns the constant bound on the iterations of a loop;
// exact is false when the loop may stop early (break, return, goto).
func (c *checker) iterations(l ast.Node) (n int, ok, exact bool) {
	n, ok = c.bound(l)
	return n, ok, !c.stops(l)
}

// stops reports whether loop l's body can leave it early.
func (c *checker) stops(l ast.Node) bool {
	hasBreak := false
	var body *ast.BlockStmt
	switch l := l.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BranchStmt:
			if n.Tok == token.BREAK || n.Tok == token.GOTO {
				hasBreak = true
			}
		case *ast.ReturnStmt:
			hasBreak = true
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
			// a break in these leaves them, not l
			if n != ast.Node(body) {
				return false
			}
		}
		return true
	})
	return hasBreak
}

// bound returns the constant number of iterations of a loop that runs
// to its end.
func (c *checker) bound(l ast.Node) (int, bool) {
	switch l := l.(type) {
	case *ast.RangeStmt:
		t := c.pass.TypesInfo.TypeOf(l.X)
		if t == nil {
			return 0, false
		}
		if tv, ok := c.pass.TypesInfo.Types[l.X]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
			n, ok := constant.Int64Val(tv.Value)
			return int(n), ok && n >= 0 && n < 1<<20
		}
		if a, ok := t.Underlying().(*types.Array); ok {
			return int(a.Len()), true
		}
		if p, ok := t.Underlying().(*types.Pointer); ok {
			if a, ok := p.Elem().Underlying().(*types.Array); ok {
				return int(a.Len()), true
			}
		}
		if lit, ok := c.idx.Resolve(l.X).(*ast.CompositeLit); ok {
			if _, isMap := t.Underlying().(*types.Map); !isMap {
				return len(lit.Elts), true
			}
		}
		return 0, false
	case *ast.ForStmt:
		return c.forCount(l)
	}
	return 0, false
}

// forCount recognises for i := a; i < b; i++ (also <=, and i += 1) with
// constant a and b.
func (c *checker) forCount(l *ast.ForStmt) (int, bool) {
	init, ok := l.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return 0, false
	}
	i := c.idx.VarOf(init.Lhs[0])
	from, ok := c.constInt(init.Rhs[0])
	if i == nil || !ok {
		return 0, false
	}
	switch p := l.Post.(type) {
	case *ast.IncDecStmt:
		if p.Tok != token.INC || c.idx.VarOf(p.X) != i {
			return 0, false
		}
	case *ast.AssignStmt:
		if p.Tok != token.ADD_ASSIGN || c.idx.VarOf(p.Lhs[0]) != i {
			return 0, false
		}
		if one, ok := c.constInt(p.Rhs[0]); !ok || one != 1 {
			return 0, false
		}
	default:
		return 0, false
	}
	// i must not be changed in the body.
	changed := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lh := range n.Lhs {
				if c.idx.VarOf(lh) == i {
					changed = true
				}
			}
		case *ast.IncDecStmt:
			if c.idx.VarOf(n.X) == i {
				changed = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && c.idx.VarOf(n.X) == i {
				changed = true
			}
		}
		return !changed
	})
	if changed {
		return 0, false
	}
	cond, ok := l.Cond.(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	x, y, op := cond.X, cond.Y, cond.Op
	if c.idx.VarOf(y) == i { // N > i
		x, y = y, x
		switch op {
		case token.GTR:
			op = token.LSS
		case token.GEQ:
			op = token.LEQ
		default:
			return 0, false
		}
	}
	if c.idx.VarOf(x) != i {
		return 0, false
	}
	to, ok := c.constInt(y)
	if !ok {
		return 0, false
	}
	n := to - from
	switch op {
	case token.LSS:
	case token.LEQ:
		n++
	default:
		return 0, false
	}
	if n < 0 {
		n = 0
	}
	if n > 1<<20 {
		n = 1 << 20
	}
	return int(n), true
}

func (c *checker) constInt(e ast.Expr) (int64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// guarded reports whether the function compares the length of v, or of
// the collection coll the actions come from, with a limit that keeps a
// transaction within 100 actions when each step adds k: len(coll) > 100
// (return an error), len(v) >= 100 or len(v) == 100 (submit the chunk).
// A comparison with a value that is not a constant counts as a limit; a
// comparison with a constant that lets more through (len(v) > 100 before
// appending one more, len(rows) == 0) does not. A collection that holds
// at most 100/k elements (flow.ExprLenMost: a chunk of constant size, a
// parameter every call of which passes such a chunk) is guarded too; one
// flow cannot bound is not.
func (c *checker) guarded(v *types.Var, coll ast.Expr, k int) bool {
	collName := ""
	if coll != nil {
		collName = types.ExprString(coll)
		if n, ok := c.fl.ExprLenMost(coll); ok && n*int64(k) <= MaxActions {
			return true
		}
	}
	found := false
	ast.Inspect(c.body, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok || found {
			return !found
		}
		op := be.Op
		x, y := be.X, be.Y
		if c.lenOf(x) == nil {
			x, y = y, x
			op = mirror(op)
		}
		arg := c.lenOf(x)
		if arg == nil || op == token.ILLEGAL {
			return true
		}
		switch name := types.ExprString(arg); {
		case c.idx.VarOf(arg) == v:
			found = c.limits(op, y, true, k)
		case collName != "" && name == collName:
			found = c.limits(op, y, false, k)
		}
		return !found
	})
	return found
}

// mirror returns the comparison op with its operands swapped (a < b is
// b > a); token.ILLEGAL if op is not a comparison.
func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	case token.EQL, token.NEQ:
		return op
	}
	return token.ILLEGAL
}

// limits reports whether len(…) op bound keeps a transaction within the
// limit: of the slice of actions itself (ofActions: it grows by k before
// the next test) or of the collection each of whose elements gives k
// actions.
func (c *checker) limits(op token.Token, bound ast.Expr, ofActions bool, k int) bool {
	b, ok := c.constInt(bound)
	if !ok {
		return true // a limit set elsewhere: trusted
	}
	// The longest length on the side of the test that is bounded.
	var most int64
	switch op {
	case token.EQL, token.NEQ:
		// Flushing when the slice reaches exactly b works when it grows
		// one at a time; a collection of exactly b elements is no limit.
		if !ofActions || k != 1 || b <= 0 {
			return false
		}
		most = b - 1
	default:
		_, most, ok = flow.LenRange(op, b, true, true)
		if most < 0 {
			_, most, ok = flow.LenRange(op, b, true, false)
		}
		if !ok || most < 0 {
			return false
		}
	}
	if most < 1 {
		return false // a test for emptiness
	}
	if ofActions {
		return most+int64(k) <= MaxActions
	}
	return most*int64(k) <= MaxActions
}

// partitions reports TL403 when two of the entities' PartitionKeys
// provably differ.
func (c *checker) partitions(site *ast.CallExpr, entities []ast.Expr) {
	type pk struct {
		expr ast.Expr
		val  flow.Value
	}
	var pks []pk
	// seen holds the key expressions counted, and the helper calls
	// with the key (of the element picked) counted for them.
	type pick struct {
		call *ast.CallExpr
		elem ast.Expr
	}
	seen := map[any]bool{}
	for _, e := range entities {
		if e == nil {
			continue
		}
		var found []writes.KeySink
		for _, k := range c.idx.KeysOf(c.idx.RootsOf(e), c.body) {
			if k.Key == writes.PartitionKey {
				found = append(found, k)
			}
		}
		if len(found) == 0 {
			// Each entity of a helper's literal the loop ranges over
			// (for _, row := range rows(a, b)): every element's
			// PartitionKey, as for elements picked by index.
			if x := c.rangedOver(e); x != nil {
				for i := 0; i < maxRangedElems; i++ {
					call, sink, ok := c.helperKeyAt(x, i)
					if !ok {
						break
					}
					if !seen[pick{call, sink.Value}] {
						seen[pick{call, sink.Value}] = true
						if v, ok := c.fl.ExprAtCall(sink.Value, call); ok {
							pks = append(pks, pk{site, v})
						}
					}
				}
				continue
			}
			// An entity built by a helper of the package, product("pkey",
			// …): its PartitionKey with the helper's parameters bound to
			// this call's arguments, reported at the transaction.
			if call, sink, ok := c.helperKey(e); ok && !seen[pick{call, sink.Value}] {
				seen[pick{call, sink.Value}] = true
				if v, ok := c.fl.ExprAtCall(sink.Value, call); ok {
					pks = append(pks, pk{site, v})
				}
				continue
			}
			// An action built by a helper from the entity it is given,
			// add(map[string]any{"PartitionKey": "p1", …}): the keys are
			// in this call's argument.
			if arg := c.entityArg(e); arg != nil {
				for _, k := range c.idx.KeysOf(c.idx.RootsOf(arg), c.body) {
					if k.Key == writes.PartitionKey {
						found = append(found, k)
					}
				}
			}
			if len(found) == 0 {
				continue
			}
		}
		if len(found) != 1 || seen[found[0].Value] {
			continue // unknown, or set in several places
		}
		seen[found[0].Value] = true
		if v, ok := c.fl.ExprOf(found[0].Value); ok {
			pks = append(pks, pk{found[0].Value, v})
		}
	}
	for i := 1; i < len(pks); i++ {
		for j := 0; j < i; j++ {
			if flow.Differ(pks[i].val, pks[j].val) {
				if pks[j].expr == site {
					pks[i].expr = site // one of them is in a helper: report at the transaction
				}
				diag.Report(c.pass, "TL403", pks[i].expr,
					"this action's PartitionKey %q differs from %q in the same transaction",
					finding.Clip(pks[i].val.Texts()), finding.Clip(pks[j].val.Texts()))
				c.crossed[site] = true
				return
			}
		}
	}
}

// helperKey finds the PartitionKey of an entity that a call of a helper
// of this package builds and returns (func product(pk, rk string) []byte
// { b, _ := json.Marshal(T{PartitionKey: pk, …}); return b }), or whose
// TransactionAction it returns: the one PartitionKey sink of everything
// the helper returns, in its body.
func (c *checker) helperKey(e ast.Expr) (*ast.CallExpr, writes.KeySink, bool) {
	// An element picked by a constant index from the entities a helper
	// returns (rows := r.pair(a, b); rows[1]): that element of the
	// array or slice literal it returns.
	elem := -1
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		if n, ok := c.constInt(ix.Index); ok && n >= 0 {
			e, elem = ix.X, int(n)
		}
	}
	return c.helperKeyAt(e, elem)
}

// maxRangedElems bounds the elements of a helper's literal counted when
// a loop ranges over it.
const maxRangedElems = 16

// rangedOver returns what the loop ranges over when e is the value
// variable of a range statement enclosing it (for _, row := range x);
// nil otherwise.
func (c *checker) rangedOver(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := c.pass.TypesInfo.Uses[id]
	for _, l := range c.loopsOf(id, nil) {
		if rs, ok := l.(*ast.RangeStmt); ok && obj != nil {
			if v, ok := rs.Value.(*ast.Ident); ok && c.pass.TypesInfo.Defs[v] == obj {
				return rs.X
			}
		}
	}
	return nil
}

// helperKeyAt is helperKey for element elem of the literal the helper
// returns (elem < 0: the value it returns).
func (c *checker) helperKeyAt(e ast.Expr, elem int) (*ast.CallExpr, writes.KeySink, bool) {
	call, ok := c.idx.Resolve(ast.Unparen(e)).(*ast.CallExpr)
	if !ok {
		return nil, writes.KeySink{}, false
	}
	fn := sdk.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil, writes.KeySink{}, false
	}
	decl := c.idx.FuncDecl(fn)
	sig, _ := fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || sig == nil || sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return nil, writes.KeySink{}, false
	}
	rets, _ := c.idx.Returns(fn, 0)
	var found []writes.KeySink
	for _, r := range rets {
		if elem >= 0 {
			if r = c.litElem(r, elem); r == nil {
				return nil, writes.KeySink{}, false
			}
		}
		if lit, ok := c.idx.Resolve(ast.Unparen(r)).(*ast.CompositeLit); ok && sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(lit), "TransactionAction") {
			r = sdk.Field(c.pass.TypesInfo, lit, "Entity") // a helper that returns the whole action
		}
		if r == nil {
			continue
		}
		for _, k := range c.idx.KeysOf(c.idx.RootsOf(r), decl.Body) {
			if k.Key == writes.PartitionKey {
				found = append(found, k)
			}
		}
	}
	if len(found) != 1 {
		return nil, writes.KeySink{}, false
	}
	return call, found[0], true
}

// litElem returns element i of r, an array or slice literal (through
// variables assigned once) with no keyed elements; nil otherwise.
func (c *checker) litElem(r ast.Expr, i int) ast.Expr {
	lit, ok := c.idx.Resolve(ast.Unparen(r)).(*ast.CompositeLit)
	if !ok || i >= len(lit.Elts) {
		return nil
	}
	switch c.pass.TypesInfo.TypeOf(lit).Underlying().(type) {
	case *types.Array, *types.Slice:
	default:
		return nil
	}
	for _, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); keyed {
			return nil
		}
	}
	return lit.Elts[i]
}

// entityArg returns the argument of call (a call of a helper of this
// package returning a TransactionAction, or the entity's bytes) that
// the helper makes the entity of: its one return's Entity is built from
// one of its parameters and nothing else. nil otherwise.
func (c *checker) entityArg(e ast.Expr) ast.Expr {
	call, ok := c.idx.Resolve(ast.Unparen(e)).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := sdk.Callee(c.pass.TypesInfo, call)
	if fn == nil || c.idx.FuncDecl(fn) == nil {
		return nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return nil
	}
	rets, _ := c.idx.Returns(fn, 0)
	if len(rets) != 1 || rets[0] == nil {
		return nil
	}
	r := rets[0]
	if lit, ok := c.idx.Resolve(ast.Unparen(r)).(*ast.CompositeLit); ok && sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(lit), "TransactionAction") {
		if r = sdk.Field(c.pass.TypesInfo, lit, "Entity"); r == nil {
			return nil
		}
	}
	roots := c.idx.RootsOf(r) // the variables on the way: b, then m
	if len(roots.Lits) != 0 || len(roots.Refs) != 0 {
		return nil
	}
	var arg ast.Expr
	for _, v := range roots.Vars {
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == v {
				if arg != nil {
					return nil // built from two parameters
				}
				arg = call.Args[i]
			}
		}
	}
	return arg
}

// legacy checks a storage.TableBatch: its actions are the batch's
// method calls in this function.
func (c *checker) legacy(call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	b := c.idx.VarOf(sel.X)
	if b == nil {
		return
	}
	var adds []add
	var resets []ast.Node
	var entities []ast.Expr
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			s, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || c.idx.VarOf(s.X) != b {
				return true
			}
			if _, ok := sdk.CallBatchAction(c.pass.TypesInfo, n); ok && len(n.Args) > 0 {
				adds = append(adds, add{node: n, k: 1})
				entities = append(entities, n.Args[0])
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if c.idx.VarOf(l) == b && c.loopsOf(n, nil) != nil {
					resets = append(resets, n)
				}
			}
		}
		return true
	})
	c.partitions(call, entities)
	g := growth{adds: adds, resets: resets}
	c.cutOver(call, adds, func(l ast.Node) bool { return c.chunks(l, b, resets, 1) })
	c.perIteration(call, call, b, g)
	c.count(call, b, g)
}
