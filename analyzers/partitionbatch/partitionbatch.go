package partitionbatch

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
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL406.
var Analyzer = &analysis.Analyzer{
	Name:     "partitionbatch",
	Doc:      docs.MustExtract(doc, "partitionbatch"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/partitionbatch",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

var info bool

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL406 writes to one partition that could be one transaction)")
}

// maxActions is the most actions one transaction may hold.
const maxActions = limits.MaxBatchActions

type checker struct {
	pass     *analysis.Pass
	x        *index.Index
	fl       *flow.Result
	writes   map[*ast.CallExpr]index.Call // direct single-entity inserts and updates
	reported map[*ast.CallExpr]bool       // writes of the runs reported
}

// A write is one single-entity write of a sequence.
type write struct {
	call   *ast.CallExpr
	table  any
	pk     key
	rks    []key
	errVar *types.Var
	body   *ast.BlockStmt // the function's body
	// byHelper marks keys found in a helper that builds the entity: the
	// RowKey stands for the helper's call, which tells iterations apart
	// but not two calls of a sequence.
	byHelper bool
}

// A key is the value of an entity key: an expression, or the key field
// of an entity variable (ord.PartitionKey, written or implied by writing
// ord itself).
type key struct {
	expr  ast.Expr
	v     *types.Var
	field string
}

func run(pass *analysis.Pass) (any, error) {
	if !diag.Enabled("TL406", info) {
		return nil, nil
	}
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass), writes: map[*ast.CallExpr]index.Call{}, reported: map[*ast.CallExpr]bool{}}
	for _, w := range x.Calls {
		if w.Via == nil && w.Closure == nil && !w.Legacy && w.Entity != nil &&
			w.Op().Kind.Writes() {
			c.writes[w.Call] = w
		}
	}
	for cur := range x.Inspector.Root().Preorder((*ast.BlockStmt)(nil)) {
		block := cur.Node().(*ast.BlockStmt)
		if diag.InTestFile(pass, block.Pos()) {
			continue
		}
		if _, body, ok := index.Innermost(cur); ok {
			c.block(block, body)
		}
	}
	for cur := range x.Inspector.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		c.loop(cur)
	}
	return nil, nil
}

// block finds the runs of writes to one partition among the statements
// of block; body is the function's body.
func (c *checker) block(block, body *ast.BlockStmt) {
	var run []write
	okErrs := map[*types.Var]bool{} // errors of the run's writes and of json.Marshal
	flush := func() {
		c.report(run)
		run = nil
		okErrs = map[*types.Var]bool{}
	}
	for _, s := range block.List {
		if w, ok := c.writeStmt(s, body); ok {
			if len(run) > 0 && !c.joins(run, w) {
				flush()
			}
			run = append(run, w)
			if w.errVar != nil {
				okErrs[w.errVar] = true
			}
			continue
		}
		if len(run) > 0 && !c.neutral(s, okErrs) {
			flush()
		}
	}
	flush()
}

// joins reports whether w writes the partition of the run's writes, on
// the same client, to another entity than each of them.
func (c *checker) joins(run []write, w write) bool {
	first := run[0]
	if w.table == nil || w.table != first.table || !c.same(first.pk, w.pk, w.body) {
		return false
	}
	for _, r := range run {
		for _, a := range r.rks {
			for _, b := range w.rks {
				if c.same(a, b, w.body) {
					return false // the same entity: one action each per transaction
				}
			}
		}
	}
	return true
}

// writeStmt reports whether s is a single-entity write: the call as a
// statement, assigned, or in the init of an if that checks its error.
func (c *checker) writeStmt(s ast.Stmt, body *ast.BlockStmt) (write, bool) {
	var call *ast.CallExpr
	var errVar *types.Var
	assign := func(as *ast.AssignStmt) {
		if len(as.Rhs) == 1 {
			call, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			errVar = c.errOf(as)
		}
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(s.X).(*ast.CallExpr)
	case *ast.ReturnStmt:
		// return e.Insert(…): the last write of a run, its error the
		// function's.
		if len(s.Results) == 1 {
			call, _ = ast.Unparen(s.Results[0]).(*ast.CallExpr)
		}
	case *ast.AssignStmt:
		assign(s)
	case *ast.IfStmt:
		as, ok := s.Init.(*ast.AssignStmt)
		if !ok || s.Else != nil {
			return write{}, false
		}
		assign(as)
		if errVar == nil || !c.errCheck(s, map[*types.Var]bool{errVar: true}) {
			return write{}, false
		}
	}
	if call == nil {
		return write{}, false
	}
	w, ok := c.writeOf(call, body)
	w.errVar = errVar
	return w, ok && !w.byHelper
}

// writeOf reports whether call is a single-entity write of a table and a
// partition the analyzer can tell, and what it writes.
func (c *checker) writeOf(call *ast.CallExpr, body *ast.BlockStmt) (write, bool) {
	w := write{call: call, body: body}
	if op := sdk.CallOp(c.pass.TypesInfo, call); op.Legacy && (op.Kind.Writes() || op.Kind == sdk.Delete) {
		return c.legacyWrite(call, body)
	}
	if iw, ok := c.writes[call]; ok {
		roots := c.x.Writes.RootsOf(iw.Entity)
		var pks []key
		for _, k := range c.x.Writes.KeysOf(roots, body) {
			switch k.Key {
			case writes.PartitionKey:
				pks = append(pks, c.keyOf(k.Value))
			case writes.RowKey:
				w.rks = append(w.rks, c.keyOf(k.Value))
			}
		}
		if v := c.entityVar(roots); len(pks) == 0 && v != nil {
			// An entity filled elsewhere (a parameter): its own keys.
			pks = []key{{v: v, field: writes.PartitionKey}}
			w.rks = []key{{v: v, field: writes.RowKey}}
		}
		if len(pks) == 0 && len(w.rks) == 0 {
			if pk, rk, ok := c.helperKeys(iw.Entity); ok {
				pks, w.rks, w.byHelper = []key{pk}, []key{rk}, true
			}
		}
		if len(pks) != 1 {
			return write{}, false // unknown, or set several times
		}
		w.pk = pks[0]
	} else if sdk.CallOp(c.pass.TypesInfo, call) == (sdk.Op{Kind: sdk.Delete}) && len(call.Args) >= 3 {
		w.pk, w.rks = c.keyOf(call.Args[1]), []key{c.keyOf(call.Args[2])}
	} else {
		return write{}, false
	}
	w.table = c.table(call)
	return w, w.table != nil
}

// maxHelperSteps bounds the variables and marshals helperCall follows.
const maxHelperSteps = 4

// helperKeys returns the keys of an entity that a function or method of
// the package builds (b, _ := json.Marshal(titles[i].Row()), with Row
// returning an entity literal): the one PartitionKey the helper's
// results set, when it is constant text, and, standing for the RowKey,
// the helper's call, which changes per iteration when its receiver or
// arguments do (the helper makes its RowKey from them).
func (c *checker) helperKeys(e ast.Expr) (pk, rk key, ok bool) {
	call := c.helperCall(e, 0)
	if call == nil {
		return key{}, key{}, false
	}
	var pks []writes.KeySink
	for _, k := range c.x.Writes.KeysOf(c.x.Writes.HelperRootsOf(call), nil) {
		if k.Key == writes.PartitionKey {
			pks = append(pks, k)
		}
	}
	if len(pks) != 1 {
		return key{}, key{}, false
	}
	if s, isText := c.fl.ExprText(pks[0].Value); !isText || s == "" {
		return key{}, key{}, false // a key the helper makes from its inputs: not compared here
	}
	return key{expr: pks[0].Value}, key{expr: call}, true
}

// helperCall follows an entity expression through variables assigned
// once, & and json.Marshal to a call of a function or method declared
// in the package; nil otherwise.
func (c *checker) helperCall(e ast.Expr, steps int) *ast.CallExpr {
	if steps > maxHelperSteps {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := c.x.Vars.VarOf(x)
		if v == nil {
			return nil
		}
		d, ok := c.x.Vars.Only(v)
		if !ok || d.Rhs == nil {
			return nil
		}
		return c.helperCall(d.Rhs, steps+1)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return c.helperCall(x.X, steps+1)
		}
	case *ast.CallExpr:
		if arg := writes.MarshalArg(c.pass.TypesInfo, x); arg != nil {
			return c.helperCall(arg, steps+1)
		}
		if fn := sdk.Callee(c.pass.TypesInfo, x); fn != nil && fn.Pkg() == c.pass.Pkg {
			if d := c.x.Vars.FuncDecl(fn); d != nil && d.Body != nil {
				return x
			}
		}
	}
	return nil
}

// entityVar returns the one entity struct variable among roots built by
// no literal, or nil.
func (c *checker) entityVar(roots writes.Roots) *types.Var {
	if len(roots.Lits) > 0 || len(roots.Refs) > 0 {
		return nil
	}
	var ev *types.Var
	for _, v := range roots.Vars {
		if writes.IsEntityStruct(v.Type()) || isEntityMap(v.Type()) {
			if ev != nil {
				return nil
			}
			ev = v
		}
	}
	return ev
}

// isEntityMap reports whether t is a map from strings, an entity whose
// keys are its "PartitionKey" and "RowKey" entries.
func isEntityMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	return ok && k.Kind() == types.String
}

// keyOf returns e as a key: v.PartitionKey and v.RowKey of a variable
// are the variable's key fields.
func (c *checker) keyOf(e ast.Expr) key {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if s := c.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			if v := c.x.Vars.VarOf(sel.X); v != nil && (sel.Sel.Name == writes.PartitionKey || sel.Sel.Name == writes.RowKey) {
				return key{v: v, field: sel.Sel.Name}
			}
		}
	}
	return key{expr: e}
}

// same reports whether two keys provably hold the same value: the same
// constant or variable held once, or the same key field of a variable
// held once whose keys body never assigns.
func (c *checker) same(a, b key, body *ast.BlockStmt) bool {
	if a.expr != nil && b.expr != nil {
		return c.x.Writes.SameText(c.fl, a.expr, b.expr)
	}
	if a.v == nil || a.v != b.v || a.field != b.field || !(c.x.Writes.Once(a.v) || !c.x.Vars.Reassigned(a.v)) {
		return false
	}
	return len(c.x.Writes.KeysOf(writes.Roots{Vars: []*types.Var{a.v}}, body)) == 0
}

// text renders a key for messages.
func (k key) text(c *checker) string {
	if k.v != nil && isEntityMap(k.v.Type()) {
		return k.v.Name() + "[" + strconv.Quote(k.field) + "]"
	}
	if k.v != nil {
		return k.v.Name() + "." + k.field
	}
	if s, ok := c.fl.ExprText(k.expr); ok && s != "" {
		return strconv.Quote(s)
	}
	return types.ExprString(k.expr)
}

// clientField names a client held in a field of a variable that holds
// one value (s.orders).
type clientField struct {
	base  *types.Var
	field string
}

// table identifies the table a Client call acts on: the index's TableAt,
// or a field of a variable holding one value.
func (c *checker) table(call *ast.CallExpr) any {
	if t := c.x.Writes.TableAt(c.fl, call); t != nil {
		return t
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	recv, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	// A variable assigned once, or a parameter or receiver never assigned.
	if v := c.x.Vars.VarOf(recv.X); v != nil && (c.x.Writes.Once(v) || !c.x.Vars.Reassigned(v)) {
		return clientField{v, recv.Sel.Name}
	}
	return nil
}

// neutral reports whether s, between two writes of a run, neither
// touches the table nor can end the sequence for a reason other than a
// failure of the run's writes or of json.Marshal.
func (c *checker) neutral(s ast.Stmt, okErrs map[*types.Var]bool) bool {
	if c.touchesTable(s) {
		return false
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		marshal := len(s.Rhs) == 1 && isMarshal(c.pass.TypesInfo, s.Rhs[0])
		for _, l := range s.Lhs {
			if v := c.x.Vars.VarOf(l); v != nil && writes.IsError(v.Type()) {
				if marshal {
					okErrs[v] = true
				} else {
					delete(okErrs, v)
				}
			}
		}
		return true
	case *ast.DeclStmt, *ast.ExprStmt, *ast.EmptyStmt:
		return true
	case *ast.IfStmt:
		return s.Init == nil && s.Else == nil && c.errCheck(s, okErrs)
	}
	return false
}

// errCheck reports whether s is if err != nil { …; return … } for an
// error of okErrs.
func (c *checker) errCheck(s *ast.IfStmt, okErrs map[*types.Var]bool) bool {
	be, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ || len(s.Body.List) == 0 {
		return false
	}
	if tv, ok := c.pass.TypesInfo.Types[be.Y]; !ok || !tv.IsNil() {
		return false
	}
	if !okErrs[c.x.Vars.VarOf(be.X)] {
		return false
	}
	_, ret := s.Body.List[len(s.Body.List)-1].(*ast.ReturnStmt)
	return ret
}

// touchesTable reports whether n calls an aztables or legacy storage
// method.
func (c *checker) touchesTable(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			if p, _, _, ok := sdk.Method(c.pass.TypesInfo, call); ok && (sdk.IsPath(p, sdk.AztablesPath) || sdk.IsPath(p, sdk.LegacyPath)) {
				found = true
			}
		}
		return !found
	})
	return found
}

func isMarshal(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && writes.MarshalArg(info, call) != nil
}

// report reports a run of two or more writes at the second of them, the
// first request a transaction would have saved (as TL404 is reported at
// the second action on an entity), naming every write's line.
func (c *checker) report(run []write) {
	if len(run) < 2 || len(run) > maxActions {
		return
	}
	for _, w := range run {
		c.reported[w.call] = true
	}
	var lines []string
	for _, w := range run {
		lines = append(lines, strconv.Itoa(c.pass.Fset.Position(w.call.Pos()).Line))
	}
	pk := run[0].pk.text(c)
	diag.Report(c.pass, "TL406", run[1].call, "%s", diag.Fit(
		fmt.Sprintf("%d writes to partition %s (lines %s) could be one atomic transaction, one request",
			len(run), finding.Clip(pk), strings.Join(lines, ", ")),
		fmt.Sprintf("%d writes to one partition in sequence could be one atomic transaction, one request", len(run))))
}
