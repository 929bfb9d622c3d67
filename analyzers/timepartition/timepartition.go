package timepartition

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

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

// Analyzer reports TL209.
var Analyzer = &analysis.Analyzer{
	Name:             "timepartition",
	Doc:              docs.MustExtract(doc, "timepartition"),
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/timepartition",
	Requires:         []*analysis.Analyzer{index.Analyzer, keyflow.Analyzer, flow.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	idx  *writes.Index
	fl   *flow.Result
	seen map[token.Pos]bool
	// fields caches fieldNow.
	fields map[*types.Var]bool
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{
		pass:   pass,
		x:      x,
		idx:    x.Writes,
		fl:     flow.Of(pass),
		seen:   map[token.Pos]bool{},
		fields: map[*types.Var]bool{},
	}
	for _, call := range x.Calls {
		c.call(call)
	}
	for _, k := range x.Keys {
		if k.Key == writes.PartitionKey {
			c.key(k.Value, k.Call)
		}
	}
	skip := map[diag.Line]bool{}
	for pos := range c.seen {
		skip[diag.LineOf(pass.Fset, pos)] = true
	}
	flowKeys(pass, skip)
	return nil, nil
}

func (c *checker) call(call index.Call) {
	w, body := call.Write, call.Body
	var entities []ast.Expr
	if w.Entity != nil {
		entities = append(entities, w.Entity)
	}
	if w.Actions != nil {
		for _, a := range c.idx.ActionsOf(w.Actions) {
			if a.Entity != nil {
				entities = append(entities, a.Entity)
			}
		}
	}
	for _, e := range entities {
		roots := c.idx.RootsOf(e)
		for _, k := range c.idx.KeysOf(roots, body) {
			if k.Key == writes.PartitionKey {
				c.key(k.Value, call)
			}
		}
		// An entity a helper of this package builds and returns
		// (toRow(m) returning an EDMEntity literal): the keys of the
		// literals it returns.
		for _, fn := range c.builders(e, map[*types.Var]bool{}, 0) {
			exprs, _ := c.x.Vars.Returns(fn, 0)
			for _, r := range exprs {
				lit, ok := ast.Unparen(r).(*ast.CompositeLit)
				if !ok {
					continue
				}
				c.idx.KeysIn(lit, func(k writes.KeySink) {
					if k.Key == writes.PartitionKey {
						c.key(k.Value, call)
					}
				})
			}
		}
	}
}

// builders returns the functions of this package whose first result
// the entity e is, through json.Marshal, &, * and variables.
func (c *checker) builders(e ast.Expr, seen map[*types.Var]bool, depth int) []*types.Func {
	if e == nil || depth > writes.MaxDepth {
		return nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return c.builders(e.X, seen, depth+1)
	case *ast.StarExpr:
		return c.builders(e.X, seen, depth+1)
	case *ast.CallExpr:
		if arg := writes.MarshalArg(c.pass.TypesInfo, e); arg != nil {
			return c.builders(arg, seen, depth+1)
		}
		if fn := sdk.Callee(c.pass.TypesInfo, e); fn != nil && fn.Pkg() == c.pass.Pkg {
			return []*types.Func{fn}
		}
	case *ast.Ident:
		v := c.idx.VarOf(e)
		if v == nil || seen[v] {
			return nil
		}
		seen[v] = true
		var out []*types.Func
		for _, d := range c.idx.Defs(v) {
			if d.Index <= 0 {
				out = append(out, c.builders(d.Rhs, seen, depth+1)...)
			}
		}
		return out
	}
	return nil
}

func (c *checker) key(e ast.Expr, call index.Call) {
	if c.seen[e.Pos()] {
		return
	}
	what, ok := c.only(e)
	if !ok {
		return
	}
	c.seen[e.Pos()] = true
	diag.Report(c.pass, "TL209", e,
		"PartitionKey written by %s comes only from %s",
		c.x.Describe(call), what)
}

// only says what the run-time parts of the key e all come from — the
// current time ("time.Now()") or a counter — and ok false when some
// other run-time value spreads the writes, or when e is constant. Each
// part (a flow hole) is judged by the expression that computes it, when
// that is in e's own function; parameters stay parameters (the writes
// index gives each caller's argument as a key of its own), and a part
// made in another function (a helper, a field a helper fills) is left to
// the flow path (flowpath.go), which reports it where it is made. A key
// the engine cannot follow is judged as a whole.
func (c *checker) only(e ast.Expr) (what string, ok bool) {
	sv, found := c.fl.ExprValue(e)
	if !found {
		return c.onlyExprs([]ast.Expr{e}, nil)
	}
	holes := c.fl.OfLocal(sv).Holes()
	if len(holes) == 0 {
		return "", false
	}
	exprs := make([]ast.Expr, len(holes))
	for i, h := range holes {
		if hv := h.Value(); hv != nil && hv.Parent() == sv.Parent() {
			exprs[i] = c.fl.HoleExpr(h)
		}
	}
	return c.onlyExprs(exprs, holes)
}

// onlyExprs judges the run-time parts exprs of a key (holes, when known,
// are the flow holes they stand for).
func (c *checker) onlyExprs(exprs []ast.Expr, holes []*flow.Hole) (string, bool) {
	what := ""
	for _, x := range exprs {
		switch {
		case x != nil && (c.fromNow(x, 0) || holes == nil && c.nowFallback(x)):
			if what == "" {
				what = "time.Now()"
			}
		case x != nil && c.fromCounter(x, 0):
			what = "a counter"
		default:
			if holes != nil && c.sameLayoutNow(holes, exprs) {
				return "time.Now()", true
			}
			return "", false // another run-time part spreads the writes
		}
	}
	return what, true
}

// sameLayoutNow reports whether the key's parts are times formatted
// with one constant layout on every path, one of them time.Now(): a
// date key that falls back to the current time is the time of the
// write, however it was obtained on the other path (pk :=
// submitted.Format(…); if … { pk = time.Now().Format(…) }).
func (c *checker) sameLayoutNow(holes []*flow.Hole, exprs []ast.Expr) bool {
	now := false
	for i, h := range holes {
		if h.Bound&flow.Time == 0 || h.Layout == "" || h.Layout != holes[0].Layout {
			return false
		}
		if exprs[i] != nil && c.fromNow(exprs[i], 0) {
			now = true
		}
	}
	return now
}

// fromNow reports whether e is computed from time.Now() alone.
func (c *checker) fromNow(e ast.Expr, depth int) bool {
	if depth > writes.MaxDepth || e == nil {
		return false
	}
	info := c.pass.TypesInfo
	e = c.idx.Resolve(e)
	switch e := e.(type) {
	case *ast.CallExpr:
		if sdk.IsFunc(info, e, "time", "Now") {
			return true
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return c.fromNow(e.Args[0], depth+1)
		}
		if path, recv, _, ok := sdk.Method(info, e); ok && path == "time" && (recv == "Time" || recv == "Month" || recv == "Weekday") {
			if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
				return c.fromNow(sel.X, depth+1)
			}
		}
	case *ast.BinaryExpr:
		return c.fromNowOrConst(e.X, depth+1) && c.fromNowOrConst(e.Y, depth+1) &&
			(c.fromNow(e.X, depth+1) || c.fromNow(e.Y, depth+1))
	case *ast.UnaryExpr:
		return c.fromNow(e.X, depth+1)
	case *ast.StarExpr:
		return c.fromNow(e.X, depth+1)
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
			if f, ok := sel.Obj().(*types.Var); ok {
				return c.fieldNow(f, depth+1)
			}
		}
	}
	return false
}

// fieldNow reports whether every value the package stores in the struct
// field f — in composite literals and assignments, at least one — is
// computed from time.Now() (a CreatedAt the callers all set to the time
// of the write), and no value of f's struct is decoded in the package
// (json.Unmarshal, Decode: the field would hold the decoded time).
func (c *checker) fieldNow(f *types.Var, depth int) bool {
	if got, ok := c.fields[f]; ok {
		return got
	}
	c.fields[f] = false // while it is being decided: a cycle is not now
	info := c.pass.TypesInfo
	var stored []ast.Expr
	decoded := false
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				st := writes.StructOf(info.TypeOf(n))
				if st == nil {
					return true
				}
				for i, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						// Unkeyed: the i-th field.
						if i < st.NumFields() && st.Field(i) == f {
							stored = append(stored, el)
						}
						continue
					}
					if id, ok := kv.Key.(*ast.Ident); ok && info.Uses[id] == f {
						stored = append(stored, kv.Value)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
					if !ok || info.Uses[sel.Sel] != f {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) {
						decoded = true // a, b = f() : not followed
						continue
					}
					stored = append(stored, n.Rhs[i])
				}
			case *ast.CallExpr:
				if sdk.IsFunc(info, n, "encoding/json", "Unmarshal") || c.isDecode(n) {
					for _, a := range n.Args {
						if holdsField(info.TypeOf(a), f) {
							decoded = true
						}
					}
				}
			}
			return true
		})
	}
	if decoded || len(stored) == 0 {
		return false
	}
	for _, v := range stored {
		if !c.fromNow(v, depth) {
			return false
		}
	}
	c.fields[f] = true
	return true
}

// isDecode reports a Decode method call (json.Decoder, xml.Decoder…).
func (c *checker) isDecode(call *ast.CallExpr) bool {
	_, _, name, ok := sdk.Method(c.pass.TypesInfo, call)
	return ok && name == "Decode"
}

// holdsField reports whether t (through pointers, slices and maps) is a
// struct with field f.
func holdsField(t types.Type, f *types.Var) bool {
	for range writes.MaxDepth {
		if t == nil {
			return false
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				if u.Field(i) == f {
					return true
				}
			}
			return false
		case *types.Interface:
			return false
		default:
			return false
		}
	}
	return false
}

// nowFallback reports whether e is a variable given, in different
// branches, the same time.Time method with the same constant arguments
// (t.Format("2006-01")) of several times, one of which is time.Now(): a
// date key that falls back to the current time is the time of the write,
// however it was obtained on the other path (pk := submitted.Format(…);
// if … { pk = time.Now().Format(…) }).
func (c *checker) nowFallback(e ast.Expr) bool {
	v := c.idx.VarOf(e)
	if v == nil {
		return false
	}
	if c.idx.Incremented(v) {
		return false
	}
	var as []ast.Expr
	for _, d := range c.idx.Defs(v) {
		if d.Index >= 0 {
			return false // one of several results: not followed
		}
		as = append(as, d.Rhs)
	}
	if len(as) < 2 {
		return false
	}
	info := c.pass.TypesInfo
	sig, now := "", false
	for _, a := range as {
		call, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			return false
		}
		path, recv, name, ok := sdk.Method(info, call)
		if !ok || path != "time" || recv != "Time" {
			return false
		}
		this := name
		for _, arg := range call.Args {
			tv, ok := info.Types[arg]
			if !ok || tv.Value == nil {
				return false
			}
			this += "," + tv.Value.ExactString()
		}
		if sig != "" && this != sig {
			return false
		}
		sig = this
		if c.fromNow(call, 0) {
			now = true
		}
	}
	return now
}

func (c *checker) fromNowOrConst(e ast.Expr, depth int) bool {
	if tv, ok := c.pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		return true
	}
	return c.fromNow(e, depth)
}

// fromCounter reports whether e is a counter's value.
func (c *checker) fromCounter(e ast.Expr, depth int) bool {
	if depth > writes.MaxDepth || e == nil {
		return false
	}
	info := c.pass.TypesInfo
	e = c.idx.Resolve(e)
	switch e := e.(type) {
	case *ast.Ident:
		v := c.idx.VarOf(e)
		return writes.IsPackageVar(v) && c.idx.Incremented(v)
	case *ast.CallExpr:
		if fn := sdk.Callee(info, e); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic" {
			switch fn.Name() {
			case "AddInt32", "AddInt64", "AddUint32", "AddUint64", "Add":
				return true
			}
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return c.fromCounter(e.Args[0], depth+1)
		}
	case *ast.BinaryExpr:
		_, xc := constOf(info, e.X)
		_, yc := constOf(info, e.Y)
		return (c.fromCounter(e.X, depth+1) || xc) && (c.fromCounter(e.Y, depth+1) || yc) && !(xc && yc)
	}
	return false
}

func constOf(info *types.Info, e ast.Expr) (types.TypeAndValue, bool) {
	tv, ok := info.Types[e]
	return tv, ok && tv.Value != nil
}
