package scanwrite

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
	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

//go:embed doc.go
var doc string

// Analyzer reports TL313.
var Analyzer = &analysis.Analyzer{
	Name:     "scanwrite",
	Doc:      docs.MustExtract(doc, "scanwrite"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/scanwrite",
	Requires: []*analysis.Analyzer{index.Analyzer, filterflow.Analyzer},
	Run:      run,
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL313 scans that only find keys to write)")
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
}

func run(pass *analysis.Pass) (any, error) {
	if !diag.Enabled("TL313", info) {
		return nil, nil
	}
	c := &checker{pass: pass, x: index.Of(pass)}
	res := pass.ResultOf[filterflow.Analyzer].(*filterflow.Result)
	// A query may have several variants (filters set in branches): each
	// must scan on another property.
	scans := map[*ast.CallExpr]bool{}
	var order []*ast.CallExpr
	for _, q := range res.Queries {
		if q.Via != nil || !q.Pager {
			continue
		}
		scan := scanOnProperty(q)
		if prev, seen := scans[q.Call]; seen {
			scans[q.Call] = prev && scan
			continue
		}
		scans[q.Call] = scan
		order = append(order, q.Call)
	}
	n := 0
	for _, call := range order {
		if scans[call] {
			n++
		}
	}
	if n == 0 {
		return nil, nil
	}
	for cur := range c.x.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		if call := cur.Node().(*ast.CallExpr); scans[call] {
			c.check(call, cur)
		}
	}
	return nil, nil
}

// scanOnProperty reports whether q is a partition or table scan that
// filters on a property other than the keys.
func scanOnProperty(q *filterflow.Query) bool {
	if !q.Known || q.Empty {
		return false
	}
	_, p, err, ok := filterflow.Parse(q.Filter)
	if !ok || err != nil {
		return false
	}
	return (p.Kind == plan.TableScan || p.Kind == plan.PartitionScan) && len(p.Residual) > 0 && !byAge(p.Residual)
}

// byAge reports whether a filter compares Timestamp or a datetime: a
// clean-up of old entities, for which the retention pattern (a table per
// period, deleted whole) is the advice, not an index.
func byAge(residual []*odata.Factor) bool {
	found := false
	for _, f := range residual {
		odata.Inspect(f, func(n odata.Node) bool {
			if c, ok := n.(*odata.Comparison); ok && (c.Property == "Timestamp" || strings.HasPrefix(strings.ToLower(c.Value.Raw), "datetime")) {
				found = true
			}
			return !found
		})
	}
	return found
}

// check reports the query call when every page it reads is used only to
// delete or update each entity by its keys; cur is the call's cursor.
func (c *checker) check(call *ast.CallExpr, cur inspector.Cursor) {
	pager := c.assigned(cur, call)
	fnCur, _, ok := index.Innermost(cur)
	if pager == nil || !ok {
		return
	}
	var pages []*types.Var
	for id := range c.uses(fnCur, pager) {
		sel, ok := id.Parent().Node().(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "More" && sel.Sel.Name != "NextPage") {
			return // the pager goes elsewhere
		}
		if sel.Sel.Name == "NextPage" {
			callCur := id.Parent().Parent()
			next, ok := callCur.Node().(*ast.CallExpr)
			if !ok {
				return
			}
			page := c.assigned(callCur, next)
			if page == nil {
				return
			}
			pages = append(pages, page)
		}
	}
	if len(pages) == 0 {
		return
	}
	what := ""
	for _, page := range pages {
		for id := range c.uses(fnCur, page) {
			sel, ok := id.Parent().Node().(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Entities" {
				return
			}
			rs, ok := id.Parent().Parent().Node().(*ast.RangeStmt)
			if !ok || ast.Unparen(rs.X) != sel {
				return // the entities go elsewhere
			}
			w := c.keysOnly(rs, id.Parent().Parent())
			if w == "" {
				return
			}
			if what != "" && what != w {
				w = "delete and update"
			}
			what = w
		}
	}
	if what == "" {
		return
	}
	diag.Report(c.pass, "TL313", call,
		"this scan only finds the keys of entities to %s; find them by key instead (an index entity)", what)
}

// keysOnly returns "delete" or "update" when the range over a page's
// entities decodes each one and uses it only to delete it by its keys
// or to change and update it; "" otherwise.
func (c *checker) keysOnly(rs *ast.RangeStmt, body inspector.Cursor) string {
	elem := c.x.Vars.VarOf(rs.Value)
	if elem == nil || rs.Body == nil {
		return ""
	}
	var dec writes.Decode
	n := 0
	for _, d := range c.x.Writes.DecodesIn(rs.Body) {
		if c.x.Vars.VarOf(d.Src) == elem {
			dec = d
			n++
		}
	}
	if n != 1 {
		return ""
	}
	for id := range c.uses(body, elem) {
		if !writes.Within(id.Node(), dec.Call) {
			return "" // the raw entity goes elsewhere
		}
	}
	deletes, updates := false, false
	for id := range c.uses(body, dec.Dst) {
		switch {
		case writes.Within(id.Node(), dec.Call):
		case c.keyArg(id):
			deletes = true
		case c.fieldSet(id):
		case c.marshalled(id):
		default:
			return ""
		}
	}
	for _, w := range c.x.Calls {
		if w.Op() != (sdk.Op{Kind: sdk.Update}) || w.Via != nil || w.Closure != nil || !writes.Within(w.Call, rs.Body) {
			continue
		}
		for _, v := range c.x.Writes.RootsOf(w.Entity).Vars {
			if v == dec.Dst {
				updates = true
			}
		}
	}
	switch {
	case deletes && updates:
		return "delete and update"
	case deletes:
		return "delete"
	case updates:
		return "update"
	}
	return ""
}

// keyArg reports whether the use of the decoded entity at id is its
// PartitionKey or RowKey (a field, or a map entry, possibly asserted to
// string) given as the matching argument of DeleteEntity.
func (c *checker) keyArg(id inspector.Cursor) bool {
	p := id.Parent()
	var key string
	switch n := p.Node().(type) {
	case *ast.SelectorExpr:
		key = n.Sel.Name
	case *ast.IndexExpr:
		key, _ = c.x.Writes.ConstString(n.Index)
	}
	if key != writes.PartitionKey && key != writes.RowKey {
		return false
	}
	arg := p
	if ta, ok := arg.Parent().Node().(*ast.TypeAssertExpr); ok && ta.X == arg.Node() {
		arg = arg.Parent()
	}
	call, ok := arg.Parent().Node().(*ast.CallExpr)
	if !ok || sdk.CallOp(c.pass.TypesInfo, call) != (sdk.Op{Kind: sdk.Delete}) || len(call.Args) < 3 {
		return false
	}
	want := 1
	if key == writes.RowKey {
		want = 2
	}
	return call.Args[want] == arg.Node()
}

// fieldSet reports whether the use at id is the target of an assignment
// to one of its fields or entries (e.Status = "done").
func (c *checker) fieldSet(id inspector.Cursor) bool {
	p := id.Parent()
	switch p.Node().(type) {
	case *ast.SelectorExpr, *ast.IndexExpr:
	default:
		return false
	}
	switch s := p.Parent().Node().(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			if l == p.Node() {
				return c.x.Writes.KeyTarget(l) == "" // not re-keyed: the same entity
			}
		}
	case *ast.IncDecStmt:
		return s.X == p.Node()
	}
	return false
}

// marshalled reports whether the use at id is the argument of
// json.Marshal (x or &x).
func (c *checker) marshalled(id inspector.Cursor) bool {
	p := id.Parent()
	if u, ok := p.Node().(*ast.UnaryExpr); ok && u.Op == token.AND {
		p = p.Parent()
	}
	call, ok := p.Node().(*ast.CallExpr)
	return ok && writes.MarshalArg(c.pass.TypesInfo, call) != nil
}

// assigned returns the variable the call at cur is assigned to (its
// first result), or nil.
func (c *checker) assigned(cur inspector.Cursor, call *ast.CallExpr) *types.Var {
	switch s := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == call && len(s.Lhs) >= 1 {
			return c.x.Vars.VarOf(s.Lhs[0])
		}
	case *ast.ValueSpec:
		if len(s.Values) == 1 && ast.Unparen(s.Values[0]) == call && len(s.Names) >= 1 {
			return c.x.Vars.VarOf(s.Names[0])
		}
	}
	return nil
}

// uses yields the identifiers under cur that use v.
func (c *checker) uses(cur inspector.Cursor, v *types.Var) func(func(inspector.Cursor) bool) {
	return func(yield func(inspector.Cursor) bool) {
		for id := range cur.Preorder((*ast.Ident)(nil)) {
			if c.pass.TypesInfo.Uses[id.Node().(*ast.Ident)] == v && !yield(id) {
				return
			}
		}
	}
}
