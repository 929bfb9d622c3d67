package updatemode

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

//go:embed doc.go
var doc string

// Analyzer reports TL411 and TL412.
var Analyzer = &analysis.Analyzer{
	Name:     "updatemode",
	Doc:      docs.MustExtract(doc, "updatemode"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/updatemode",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL412 update of an entity that may not exist, TL129 nil or empty properties in a Replace)")
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	fl   *flow.Result
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass)}
	for _, w := range x.Calls {
		if w.Via == nil && w.Closure == nil && w.Legacy && w.Body != nil {
			c.legacyPartial(w)
			continue
		}
		if w.Via != nil || w.Closure != nil || w.Legacy || w.Body == nil || len(w.Call.Args) < 3 {
			continue
		}
		switch w.Op().Kind {
		case sdk.Update:
			if c.replace(w.Call.Args[2], "UpdateEntityOptions") && !c.partial(w) && diag.Enabled("TL129", info) {
				c.omitted(w)
			}
			if diag.Enabled("TL412", info) {
				c.mayNotExist(w)
			}
		case sdk.Upsert:
			if c.replace(w.Call.Args[2], "UpsertEntityOptions") && !c.partial(w) && diag.Enabled("TL129", info) {
				c.omitted(w)
			}
		}
	}
	return nil, nil
}

// replace reports whether opts is an options literal (or a variable
// assigned one once) whose UpdateMode is the constant "replace".
func (c *checker) replace(opts ast.Expr, typeName string) bool {
	info := c.pass.TypesInfo
	opts = ast.Unparen(opts)
	if u, ok := opts.(*ast.UnaryExpr); ok && u.Op == token.AND {
		opts = ast.Unparen(u.X)
	}
	opts = c.x.Vars.Resolve(opts)
	if !sdk.IsOptionsLiteral(info, opts, typeName) {
		return false
	}
	mode := sdk.Field(info, opts, "UpdateMode")
	if mode == nil {
		return false
	}
	tv, ok := info.Types[mode]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "replace"
}

// built is an entity literal and the properties it sends.
type built struct {
	props []string
	pk    ast.Expr
	rk    ast.Expr
	// keysOf is the variable whose embedded aztables.Entity the literal
	// copies (noteRow{Entity: cur.Entity, …}): the keys it was read
	// with, when pk and rk are not set.
	keysOf *types.Var
}

// partial reports TL411, and whether it did.
func (c *checker) partial(w index.Call) bool {
	b, ok := c.builtEntity(w)
	if !ok || (b.pk == nil || b.rk == nil) && b.keysOf == nil {
		return false
	}
	for _, r := range c.reads(w.Body, w.Call.Pos()) {
		if b.keysOf != nil {
			if b.keysOf != r.dst || len(c.x.Writes.KeysOf(writes.Roots{Vars: []*types.Var{r.dst}}, w.Body)) > 0 {
				continue // another variable, or the read's keys changed
			}
		} else if !c.sameKey(w, r, writes.PartitionKey, b.pk) || !c.sameKey(w, r, writes.RowKey, b.rk) {
			continue
		}
		var missing []string
		for _, p := range r.props {
			if !slices.Contains(b.props, p) {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 {
			continue
		}
		line := c.pass.Fset.Position(r.call.Pos()).Line
		diag.Report(c.pass, "TL411", w.Call,
			"%s replaces the entity read at line %d without %s",
			w.Method, line, finding.Clip(strings.Join(missing, ", ")))
		return true
	}
	return false
}

// sameKey reports whether the written entity's key (its expression
// val) is the key r was read with: the same variable or constant text,
// or on the flow layer the same value by its source (s.pk on both
// sides of a method that never assigns s.pk).
func (c *checker) sameKey(w index.Call, r read, key string, val ast.Expr) bool {
	arg, idx := r.pk, 1
	if key == writes.RowKey {
		arg, idx = r.rk, 2
	}
	if c.x.Writes.SameText(c.fl, arg, val) {
		return true
	}
	rc, wc := c.fl.Call(r.call), c.fl.Call(w.Call)
	if rc == nil || wc == nil || rc.Parent() != wc.Parent() {
		return false
	}
	rargs, wargs := flow.CallArgs(rc.Common()), flow.CallArgs(wc.Common())
	if len(rargs) <= idx || len(wargs) < 2 {
		return false
	}
	v, ok := flow.EntityKey(wargs[1], key)
	return ok && flow.SameValue(rargs[idx], v)
}

// builtEntity returns the entity a write sends when it is one literal
// built in the function (a struct literal, or a map literal with the
// constant entries assigned to it in the function).
func (c *checker) builtEntity(w index.Call) (built, bool) {
	roots := c.x.Writes.RootsOf(w.Entity)
	if len(roots.Lits) != 1 || len(roots.Refs) > 0 {
		return built{}, false
	}
	lit := roots.Lits[0]
	if !writes.Contains(w.Body, lit) {
		return built{}, false
	}
	var b built
	for _, k := range c.x.Writes.KeysOf(roots, w.Body) {
		switch {
		case k.Key == writes.PartitionKey && b.pk == nil:
			b.pk = k.Value
		case k.Key == writes.RowKey && b.rk == nil:
			b.rk = k.Value
		default:
			return built{}, false // a key set twice
		}
	}
	t := c.pass.TypesInfo.TypeOf(lit)
	if writes.IsStringMap(t) {
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				return built{}, false
			}
			k, ok := c.x.Writes.ConstString(kv.Key)
			if !ok {
				return built{}, false
			}
			b.props = append(b.props, k)
		}
		// Entries added to the map variables in the function.
		vars := map[*types.Var]bool{}
		for _, v := range roots.Vars {
			if writes.IsStringMap(v.Type()) {
				vars[v] = true
			}
		}
		unknown := false
		ast.Inspect(w.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IndexExpr:
				if vars[c.x.Vars.VarOf(n.X)] {
					if k, ok := c.x.Writes.ConstString(n.Index); ok {
						b.props = append(b.props, k)
					} else {
						unknown = true
					}
				}
			case *ast.CallExpr:
				// maps.Copy(m, …) or a helper given the map: unknown.
				for _, a := range n.Args {
					if vars[c.x.Vars.VarOf(a)] && writes.MarshalArg(c.pass.TypesInfo, n) == nil {
						unknown = true
					}
				}
			}
			return true
		})
		if unknown {
			return built{}, false
		}
		b.props = properties(b.props)
		return b, true
	}
	if !writes.IsEntityStruct(t) || writes.OwnEncoding(t) {
		return built{}, false
	}
	var names []string
	for _, f := range writes.JSONFields(t) {
		names = append(names, f.Name)
	}
	b.props = properties(names)
	if b.pk == nil && b.rk == nil {
		b.keysOf = c.entityCopiedFrom(lit)
	}
	return b, true
}

// entityCopiedFrom returns v when the struct literal sets its embedded
// aztables.Entity field to v.Entity, a variable's own embedded Entity.
func (c *checker) entityCopiedFrom(lit *ast.CompositeLit) *types.Var {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != "Entity" {
			continue
		}
		sel, ok := ast.Unparen(kv.Value).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Entity" || !sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(sel), "Entity") {
			return nil
		}
		return c.x.Vars.VarOf(sel.X)
	}
	return nil
}

// read is a GetEntity decoded into a struct.
type read struct {
	call   *ast.CallExpr
	pk, rk ast.Expr
	props  []string
	dst    *types.Var // the variable decoded into
}

// reads returns the GetEntity calls of body before pos whose response is
// decoded (json.Unmarshal(resp.Value, &v)) into a struct.
func (c *checker) reads(body *ast.BlockStmt, pos token.Pos) []read {
	var out []read
	for _, d := range c.x.Writes.DecodesIn(body) {
		if d.Call.Pos() >= pos {
			continue
		}
		r, ok := c.x.Writes.ReadOf(d.Src)
		if !ok || r.Call == nil || len(r.Call.Args) < 3 {
			continue
		}
		t := d.Dst.Type()
		if !writes.IsEntityStruct(t) || writes.OwnEncoding(t) {
			continue
		}
		var names []string
		for _, f := range writes.JSONFields(t) {
			names = append(names, f.Name)
		}
		out = append(out, read{call: r.Call, pk: r.Call.Args[1], rk: r.Call.Args[2], props: properties(names), dst: d.Dst})
	}
	return out
}

// properties returns the user properties among JSON names: without the
// keys, Timestamp and OData annotations, sorted.
func properties(names []string) []string {
	var out []string
	for _, n := range names {
		if n == writes.PartitionKey || n == writes.RowKey || n == writes.Timestamp || strings.HasPrefix(n, "odata.") || strings.Contains(n, "@odata.") {
			continue
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// mayNotExist reports TL412.
func (c *checker) mayNotExist(w index.Call) {
	if !writes.DiscardsError(w.Body, w.Call) || c.decoded(w) || c.given(w) {
		return
	}
	diag.Report(c.pass, "TL412", w.Call,
		"UpdateEntity's error is discarded; it fails with 404 when the entity does not exist")
}

// given reports whether the entity written is one the caller gives: a
// parameter of the function (an entity value, or its JSON), changed or
// not, and nothing built here. Whether it exists is the caller's to know
// (it may have read it).
func (c *checker) given(w index.Call) bool {
	roots := c.x.Writes.RootsOf(w.Entity)
	if len(roots.Lits) > 0 || len(roots.Refs) > 0 {
		return false
	}
	params := 0
	for _, v := range roots.Vars {
		if c.x.Writes.IsParam(v) {
			params++
			continue
		}
		// Any other variable only carries what it is assigned (b :=
		// json.Marshal(s)), followed by RootsOf; one declared without a
		// value is filled here.
		defs := c.x.Vars.Defs(v)
		if len(defs) == 0 || slices.ContainsFunc(defs, values.Def.Zero) {
			return false
		}
	}
	return params > 0
}

// decoded reports whether the entity written was decoded from something
// read (json.Unmarshal into it in the function): it existed.
func (c *checker) decoded(w index.Call) bool {
	vars := map[*types.Var]bool{}
	for _, v := range c.x.Writes.RootsOf(w.Entity).Vars {
		vars[v] = true
	}
	for _, d := range c.x.Writes.DecodesIn(w.Body) {
		if vars[d.Dst] {
			return true
		}
	}
	return false
}
