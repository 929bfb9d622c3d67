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
	// at is where a query's finding goes: where every variant gets its
	// filter (Query.At), or the call when that differs or is unknown.
	at map[*ast.CallExpr]ast.Node
}

func run(pass *analysis.Pass) (any, error) {
	if !diag.Enabled("TL313", info) {
		return nil, nil
	}
	c := &checker{pass: pass, x: index.Of(pass), at: map[*ast.CallExpr]ast.Node{}}
	res := pass.ResultOf[filterflow.Analyzer].(*filterflow.Result)
	// A query may have several variants (filters set in branches): each
	// must scan on another property.
	scans := map[*ast.CallExpr]bool{}
	var order []*ast.CallExpr
	for _, q := range res.Queries {
		if q.Via != nil || (!q.Pager && !q.Legacy) {
			continue
		}
		scan := scanOnProperty(q)
		if prev, seen := scans[q.Call]; seen {
			scans[q.Call] = prev && scan
			if c.at[q.Call] != q.At {
				c.at[q.Call] = nil
			}
			continue
		}
		scans[q.Call] = scan
		c.at[q.Call] = q.At
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
	if sdk.CallOp(c.pass.TypesInfo, call).Legacy {
		c.checkLegacy(call, cur)
		return
	}
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
			w, ok := c.entitiesUse(id.Parent(), sel, fnCur, false)
			if !ok {
				return
			}
			what = joinWrites(what, w)
		}
	}
	if what == "" {
		return
	}
	diag.Report(c.pass, "TL313", c.where(call),
		"this scan only finds the keys of entities to %s; find them by key instead (an index entity)", what)
}

// entitiesUse reads one use of a page's (legacy: a result segment's)
// Entities, sel at selCur: what the code does with the entities'
// keys — "delete", "update" —, or "" for their count compared
// (len(page.Entities) > 0: whether there is one); ok is false when the
// entities go anywhere else. Each entity ranged over (keysOnly), or the
// one read by index (page.Entities[0], indexedKeysOnly), must be used
// only to delete it or write it back.
func (c *checker) entitiesUse(selCur inspector.Cursor, sel *ast.SelectorExpr, fnCur inspector.Cursor, legacy bool) (what string, ok bool) {
	switch par := selCur.Parent(); pn := par.Node().(type) {
	case *ast.RangeStmt:
		if ast.Unparen(pn.X) != sel {
			return "", false
		}
		if legacy {
			what = c.legacyKeysOnly(pn, par)
		} else {
			what = c.keysOnly(pn, par)
		}
	case *ast.IndexExpr:
		if pn.X != sel {
			return "", false
		}
		if legacy {
			what = c.legacyIndexedKeysOnly(par, fnCur)
		} else {
			what = c.indexedKeysOnly(par, fnCur)
		}
	case *ast.CallExpr:
		return "", c.lenGuard(pn, par)
	default:
		return "", false
	}
	return what, what != ""
}

// joinWrites adds what one use of the entities does (w, "" for none) to
// what the others do.
func joinWrites(what, w string) string {
	switch {
	case w == "" || w == what:
		return what
	case what == "":
		return w
	}
	return "delete and update"
}

// where returns the node a finding about the query call goes to.
func (c *checker) where(call *ast.CallExpr) ast.Node {
	if at := c.at[call]; at != nil {
		return at
	}
	return call
}

// checkLegacy is check for the legacy storage API: the result of
// Table.QueryEntities is used only for its NextLink, for NextResults
// assigned back to it, and for ranges over its Entities in which each
// entity is only deleted or changed and written back by its own methods.
func (c *checker) checkLegacy(call *ast.CallExpr, cur inspector.Cursor) {
	res := c.assigned(cur, call)
	fnCur, _, ok := index.Innermost(cur)
	if res == nil || !ok {
		return
	}
	what := ""
	for id := range c.uses(fnCur, res) {
		p := id.Parent()
		switch pn := p.Node().(type) {
		case *ast.SelectorExpr:
			switch pn.Sel.Name {
			case "NextLink":
			case "NextResults":
				next, ok := p.Parent().Node().(*ast.CallExpr)
				if !ok || next.Fun != pn || c.assigned(p.Parent(), next) != res {
					return // the next segment goes elsewhere
				}
			case "Entities":
				w, ok := c.entitiesUse(p, pn, fnCur, true)
				if !ok {
					return
				}
				what = joinWrites(what, w)
			default:
				return
			}
		case *ast.AssignStmt:
			// res, err = res.NextResults(…): the next segment in res.
			if len(pn.Rhs) != 1 || len(pn.Lhs) < 1 || pn.Lhs[0] != id.Node() {
				return
			}
			next, ok := ast.Unparen(pn.Rhs[0]).(*ast.CallExpr)
			if !ok {
				return
			}
			if sel, ok := next.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "NextResults" || c.rootVar(sel.X) != res {
				return
			}
		default:
			return
		}
	}
	if what == "" {
		return
	}
	diag.Report(c.pass, "TL313", c.where(call),
		"this scan only finds the keys of entities to %s; find them by key instead (an index entity)", what)
}

// legacyKeysOnly is keysOnly for a range over a legacy query result's
// Entities: each entity (*storage.Entity) is used only to delete it or to
// change its properties and write it back with its own methods (Update,
// Merge, InsertOrReplace, InsertOrMerge), to give its keys to
// DeleteEntity, or read back into itself (readBack).
func (c *checker) legacyKeysOnly(rs *ast.RangeStmt, body inspector.Cursor) string {
	elem := c.x.Vars.VarOf(rs.Value)
	if elem == nil || rs.Body == nil {
		return ""
	}
	return c.legacyElemKeysOnly(elem, body)
}

// legacyIndexedKeysOnly is legacyKeysOnly for one entity of a legacy
// result read by index (res.Entities[0], at ix): deleted or written back
// where it is read (res.Entities[0].Delete(…)), or kept in a local
// variable (e := res.Entities[0]) used only that way in the function
// fnCur.
func (c *checker) legacyIndexedKeysOnly(ix, fnCur inspector.Cursor) string {
	if call, k := c.ownMethod(ix); call != nil {
		if k == sdk.Delete {
			return "delete"
		}
		return "" // written back unchanged: not a change found by a scan
	}
	as, ok := ix.Parent().Node().(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != ix.Node() {
		return ""
	}
	elem := c.x.Vars.VarOf(as.Lhs[0])
	if elem == nil {
		return ""
	}
	if _, once := c.x.Vars.Only(elem); !once {
		return "" // assigned again: another entity
	}
	return c.legacyElemKeysOnly(elem, fnCur)
}

// legacyElemKeysOnly: the legacy entity elem is used under body only to
// delete it or to change it and write it back by its own methods.
func (c *checker) legacyElemKeysOnly(elem *types.Var, body inspector.Cursor) string {
	own := map[*ast.CallExpr]bool{}
	kinds := map[inspector.Cursor]sdk.Kind{}
	for id := range c.uses(body, elem) {
		if call, k := c.ownMethod(id); call != nil {
			own[call] = true
			kinds[id] = k
		}
	}
	deletes, updates := false, false
	for id := range c.uses(body, elem) {
		switch k, isOwn := kinds[id]; {
		case isOwn && k == sdk.Delete:
			deletes = true
		case isOwn:
			updates = true
		case c.keyArg(id):
			deletes = true
		case c.fieldSet(id):
		case c.readBack(id, elem, own, body):
		default:
			return ""
		}
	}
	return writeVerb(deletes, updates)
}

// ownMethod returns the call at id when id is the receiver of a legacy
// Entity method that deletes the entity or writes it back (not Insert,
// which fails for an entity that exists), and its kind.
func (c *checker) ownMethod(id inspector.Cursor) (*ast.CallExpr, sdk.Kind) {
	sel, ok := id.Parent().Node().(*ast.SelectorExpr)
	if !ok || sel.X != id.Node() {
		return nil, sdk.Other
	}
	call, ok := id.Parent().Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun != sel {
		return nil, sdk.Other
	}
	switch op := sdk.CallOp(c.pass.TypesInfo, call); {
	case !op.Legacy:
	case op.Kind == sdk.Delete, op.Kind.Writes() && op.Kind != sdk.Add:
		return call, op.Kind
	}
	return nil, sdk.Other
}

// keysOnly returns "delete" or "update" when the range over a page's
// entities decodes each one and uses it only to delete it by its keys
// or to change and update it; "" otherwise.
func (c *checker) keysOnly(rs *ast.RangeStmt, body inspector.Cursor) string {
	elem := c.x.Vars.VarOf(rs.Value)
	if elem == nil || rs.Body == nil {
		return ""
	}
	return c.elemKeysOnly(elem, nil, body, body, rs.Body)
}

// indexedKeysOnly is keysOnly for one entity of a page read by index
// (page.Entities[0], at ix): decoded where it is read, or kept in a
// local variable (raw := page.Entities[0]) that is decoded. The writes
// are looked for in the innermost block that holds the decode; the uses
// of what is decoded in the whole function fnCur.
func (c *checker) indexedKeysOnly(ix, fnCur inspector.Cursor) string {
	var elem *types.Var
	var src ast.Expr
	if as, ok := ix.Parent().Node().(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Rhs[0] == ix.Node() {
		if elem = c.x.Vars.VarOf(as.Lhs[0]); elem == nil {
			return ""
		}
	} else {
		src = ix.Node().(ast.Expr)
	}
	var dec *writes.Decode
	for _, d := range c.x.Writes.DecodesIn(fnCur.Node()) {
		if (elem != nil && c.x.Vars.VarOf(d.Src) == elem) || (src != nil && ast.Unparen(d.Src) == src) {
			if dec != nil {
				return ""
			}
			dec = &d
		}
	}
	if dec == nil {
		return ""
	}
	region, ok := fnCur.FindNode(dec.Call)
	for ok {
		if _, isBlock := region.Node().(*ast.BlockStmt); isBlock {
			break
		}
		region = region.Parent()
		ok = region.Node() != nil
	}
	if !ok {
		return ""
	}
	return c.elemKeysOnly(elem, src, fnCur, region, region.Node())
}

// lenGuard reports whether call, at cur, is len(page.Entities) compared
// with something (whether the page has an entity, or one), which reads
// no entity.
func (c *checker) lenGuard(call *ast.CallExpr, cur inspector.Cursor) bool {
	if b, ok := c.pass.TypesInfo.Uses[astIdent(call.Fun)].(*types.Builtin); !ok || b.Name() != "len" {
		return false
	}
	be, ok := cur.Parent().Node().(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

func astIdent(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// elemKeysOnly is keysOnly for the entity elem (a variable) or src (an
// expression) decoded once in region: its uses looked for under scope,
// its writes under region (at cursor regionCur).
func (c *checker) elemKeysOnly(elem *types.Var, src ast.Expr, scope, regionCur inspector.Cursor, region ast.Node) string {
	var dec writes.Decode
	n := 0
	for _, d := range c.x.Writes.DecodesIn(region) {
		if (elem != nil && c.x.Vars.VarOf(d.Src) == elem) || (src != nil && ast.Unparen(d.Src) == src) {
			dec = d
			n++
		}
	}
	if n != 1 {
		return ""
	}
	if elem != nil {
		for id := range c.uses(scope, elem) {
			if !writes.Within(id.Node(), dec.Call) {
				return "" // the raw entity goes elsewhere
			}
		}
	}
	// The calls that write the entity back or delete one, whose options
	// (If-Match) may take the entity's own values.
	own := map[*ast.CallExpr]bool{}
	updates := false
	for _, w := range c.x.Calls {
		if op := w.Op(); (op != sdk.Op{Kind: sdk.Update} && op != sdk.Op{Kind: sdk.Upsert}) || w.Via != nil || w.Closure != nil || !writes.Within(w.Call, region) {
			continue
		}
		for _, v := range c.x.Writes.RootsOf(w.Entity).Vars {
			if v == dec.Dst {
				updates = true
				own[w.Call] = true
			}
		}
	}
	for cur := range regionCur.Preorder((*ast.CallExpr)(nil)) {
		if call := cur.Node().(*ast.CallExpr); sdk.CallOp(c.pass.TypesInfo, call) == (sdk.Op{Kind: sdk.Delete}) {
			own[call] = true
		}
	}
	deletes := false
	for id := range c.uses(scope, dec.Dst) {
		switch {
		case writes.Within(id.Node(), dec.Call):
		case c.keyArg(id):
			deletes = true
		case c.fieldSet(id):
		case c.marshalled(id):
		case c.readBack(id, dec.Dst, own, scope):
		default:
			return ""
		}
	}
	return writeVerb(deletes, updates)
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
	switch n := p.Node().(type) {
	case *ast.SelectorExpr:
		// A legacy entity's e.Properties["n"] = v.
		if ix, ok := p.Parent().Node().(*ast.IndexExpr); ok && ix.X == n && n.Sel.Name == "Properties" {
			p = p.Parent()
		}
	case *ast.IndexExpr:
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

// maxReadBackSteps bounds how many local variables readBack follows a
// value through.
const maxReadBackSteps = 4

// readBack reports whether the use of the decoded entity at id reads one
// of its properties (a field, a map entry, a legacy Properties entry)
// only to put the value back into the entity: into one of its own fields
// (a counter incremented, a list extended) or into the options of the
// call that writes it back or deletes it (If-Match with the ETag it was
// read with). Such a read-modify-write still needs nothing but the keys
// to find the entity.
func (c *checker) readBack(id inspector.Cursor, dst *types.Var, own map[*ast.CallExpr]bool, scope inspector.Cursor) bool {
	p := id.Parent()
	switch n := p.Node().(type) {
	case *ast.SelectorExpr:
		if n.X != id.Node() {
			return false
		}
		if ix, ok := p.Parent().Node().(*ast.IndexExpr); ok && ix.X == n && n.Sel.Name == "Properties" {
			p = p.Parent()
		}
	case *ast.IndexExpr:
		if n.X != id.Node() {
			return false
		}
	default:
		return false
	}
	return c.flowsBack(p, dst, own, scope, 0)
}

// flowsBack reports whether the value of the expression at cur goes only
// into dst's own fields or into the options (last argument) of a call in
// own: through parentheses, conversions, arithmetic, type assertions,
// address-of, composite literals and local variables (each of whose uses
// must do the same).
func (c *checker) flowsBack(cur inspector.Cursor, dst *types.Var, own map[*ast.CallExpr]bool, scope inspector.Cursor, steps int) bool {
	info := c.pass.TypesInfo
	for {
		n := cur.Node()
		par := cur.Parent()
		switch pn := par.Node().(type) {
		case *ast.ParenExpr, *ast.CompositeLit:
		case *ast.TypeAssertExpr:
			if pn.X != n {
				return false
			}
		case *ast.UnaryExpr:
			if pn.Op != token.AND && pn.Op != token.SUB {
				return false
			}
		case *ast.BinaryExpr:
			switch pn.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
			default:
				return false // compared: the value decides something
			}
		case *ast.KeyValueExpr:
			if pn.Value != n {
				return false
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[pn.Fun]; ok && tv.IsType() && len(pn.Args) == 1 {
				break // a conversion
			}
			return own[pn] && len(pn.Args) > 1 && pn.Args[len(pn.Args)-1] == n
		case *ast.AssignStmt:
			return c.assignedBack(pn, n, dst, own, scope, steps)
		case *ast.ValueSpec:
			for i, v := range pn.Values {
				if v == n && len(pn.Names) == len(pn.Values) {
					return c.localFlowsBack(pn.Names[i], dst, own, scope, steps)
				}
			}
			return false
		default:
			return false
		}
		cur = par
	}
}

// assignedBack is flowsBack for a value assigned by s: to a field of dst
// (not one of its keys), or to a local variable whose every use flows
// back (the value of a comma-ok assertion with its flag discarded).
func (c *checker) assignedBack(s *ast.AssignStmt, n ast.Node, dst *types.Var, own map[*ast.CallExpr]bool, scope inspector.Cursor, steps int) bool {
	var lhs ast.Expr
	switch {
	case len(s.Lhs) == len(s.Rhs):
		for i, r := range s.Rhs {
			if r == n {
				lhs = s.Lhs[i]
			}
		}
	case len(s.Rhs) == 1 && len(s.Lhs) == 2 && s.Rhs[0] == n:
		if id, ok := s.Lhs[1].(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
		lhs = s.Lhs[0]
	}
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if s.Tok != token.DEFINE && s.Tok != token.ASSIGN {
			return false
		}
		return c.localFlowsBack(l, dst, own, scope, steps)
	case *ast.SelectorExpr, *ast.IndexExpr:
		return c.rootVar(l) == dst && c.x.Writes.KeyTarget(l) == ""
	}
	return false
}

// localFlowsBack reports whether every use of the local variable named by
// id flows back (flowsBack), within the bound of steps.
func (c *checker) localFlowsBack(id *ast.Ident, dst *types.Var, own map[*ast.CallExpr]bool, scope inspector.Cursor, steps int) bool {
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if v == nil || v == dst || steps >= maxReadBackSteps || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	for use := range c.uses(scope, v) {
		if !c.flowsBack(use, dst, own, scope, steps+1) {
			return false
		}
	}
	return true
}

// rootVar returns the variable at the root of a chain of selectors and
// index expressions (e for e.Properties["n"]), or nil.
func (c *checker) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.Ident:
			v, _ := c.pass.TypesInfo.Uses[x].(*types.Var)
			return v
		default:
			return nil
		}
	}
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

// writeVerb names what a scan's loop does with the keys it finds, for
// TL313's message: "delete", "update", "delete and update", or "" for
// neither.
func writeVerb(deletes, updates bool) string {
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
