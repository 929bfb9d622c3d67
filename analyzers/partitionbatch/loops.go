package partitionbatch

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/finding"
)

// loop reports the first single-entity write in the loop at cur that
// writes the same partition of the same table on every iteration, each
// time another entity.
func (c *checker) loop(cur inspector.Cursor) {
	loop := cur.Node()
	if diag.InTestFile(c.pass, loop.Pos()) || !c.bounded(loop) {
		return
	}
	_, body, ok := index.Innermost(cur)
	if !ok {
		return
	}
	for callCur := range cur.Preorder((*ast.CallExpr)(nil)) {
		call := callCur.Node().(*ast.CallExpr)
		if c.reported[call] || innermostLoop(callCur) != loop {
			continue
		}
		if !c.stopsOnError(callCur) {
			continue // each write may fail alone: a transaction fails them all
		}
		w, ok := c.writeOf(call, body)
		if !ok {
			w, ok = c.elementWrite(call, loop, body)
		}
		if !ok || !c.invariant(w.pk, loop) || !c.varies(w.rks, loop) || !c.tableInvariant(w.table, loop) {
			continue
		}
		_, _, method, _ := sdk.Method(c.pass.TypesInfo, call)
		diag.Report(c.pass, "TL406", call, "%s", diag.Fit(
			method+" in a loop writes partition "+finding.Clip(w.pk.text(c))+" entity by entity; batch up to 100 per transaction",
			method+" in a loop writes one partition entity by entity; batch up to 100 per transaction"))
		return
	}
}

// stopsOnError reports whether the function returns when the write at
// cur fails: if _, err := write; err != nil { …; return … }, or the
// write's error assigned and so checked by the next statement. A loop
// that discards the error, or logs it and goes on, lets each write fail
// alone, which a transaction (all or nothing) would change.
func (c *checker) stopsOnError(cur inspector.Cursor) bool {
	call := cur.Node().(*ast.CallExpr)
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	errVar := c.errOf(as)
	if errVar == nil || ast.Unparen(as.Rhs[0]) != call {
		return false
	}
	okErrs := map[*types.Var]bool{errVar: true}
	stmt := cur.Parent()
	if ifs, ok := stmt.Parent().Node().(*ast.IfStmt); ok && ifs.Init == as {
		return ifs.Else == nil && c.errCheck(ifs, okErrs)
	}
	block, ok := stmt.Parent().Node().(*ast.BlockStmt)
	if !ok {
		return false
	}
	for i, s := range block.List {
		if s == as && i+1 < len(block.List) {
			ifs, ok := block.List[i+1].(*ast.IfStmt)
			return ok && ifs.Init == nil && ifs.Else == nil && c.errCheck(ifs, okErrs)
		}
	}
	return false
}

// innermostLoop returns the loop around the call at cur, or nil when a
// function literal or a go statement comes first.
func innermostLoop(cur inspector.Cursor) ast.Node {
	for p := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.GoStmt)(nil)) {
		switch p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return p.Node()
		}
		return nil
	}
	return nil
}

// bounded reports whether the loop runs over a finite collection that
// may fit in transactions: not for {} or for cond {} without a counter
// (pollers), not over a channel or an iterator function, and not a
// constant count over 100 (which would need chunking anyway).
func (c *checker) bounded(loop ast.Node) bool {
	ti := c.pass.TypesInfo
	switch l := loop.(type) {
	case *ast.ForStmt:
		be, ok := ast.Unparen(l.Cond).(*ast.BinaryExpr)
		if !ok || l.Post == nil || (be.Op != token.LSS && be.Op != token.LEQ) {
			return false
		}
		return !overMax(ti.Types[be.Y].Value)
	case *ast.RangeStmt:
		t := ti.TypeOf(l.X)
		if t == nil {
			return false
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Slice, *types.Map:
			return true
		case *types.Pointer:
			a, ok := u.Elem().Underlying().(*types.Array)
			return ok && a.Len() <= maxActions
		case *types.Array:
			return u.Len() <= maxActions
		case *types.Basic:
			return u.Info()&types.IsInteger != 0 && !overMax(ti.Types[l.X].Value)
		}
	}
	return false
}

func overMax(v constant.Value) bool {
	if v == nil || v.Kind() != constant.Int {
		return false
	}
	n, ok := constant.Int64Val(v)
	return !ok || n > maxActions
}

// invariant reports whether the key has the same value on every
// iteration of loop: a constant, or built only from variables declared
// before the loop and not assigned in it (through fmt, strings,
// strconv, time other than the clock, and functions of the package that
// call only those), or the key field of such a variable.
func (c *checker) invariant(k key, loop ast.Node) bool {
	if k.v != nil {
		return c.outside(k.v, loop) || c.filedBy(k, loop)
	}
	if s, ok := c.fl.ExprText(k.expr); ok && s != "" {
		return true
	}
	ok := true
	ast.Inspect(k.expr, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, isType := c.pass.TypesInfo.Types[n.Fun]; isType && tv.IsType() {
				return true
			}
			if !c.pure(sdk.Callee(c.pass.TypesInfo, n), map[*types.Func]bool{}, 0) {
				ok = false
			}
		case *ast.Ident:
			if v := c.x.Vars.VarOf(n); v != nil && !c.outside(v, loop) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// filedBy reports whether the key field (or entry) of k.v is fixed for
// loop although k.v is not: k.v is an item of a group of items filed by
// that key (flow.FieldVariesPerIteration).
func (c *checker) filedBy(k key, loop ast.Node) bool {
	if k.field == "" {
		return false
	}
	// The variable's value where the loop reads it.
	var v ssa.Value
	ast.Inspect(loop, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && v == nil && c.pass.TypesInfo.Uses[id] == k.v {
			v, _ = c.fl.ExprValue(id)
		}
		return v == nil
	})
	if v == nil || v.Parent() == nil {
		return false
	}
	if _, varies := c.fl.VariesPerIteration(v.Parent(), v, loop); !varies {
		return false // not a loop flow knows
	}
	_, varies := c.fl.FieldVariesPerIteration(v.Parent(), v, k.field, loop)
	return !varies
}

// pure reports whether fn returns the same value for the same
// arguments, as far as the analyzer can tell: a function of fmt,
// strings, strconv, math or time other than the clock, or a function of
// the package that calls only such functions.
func (c *checker) pure(fn *types.Func, seen map[*types.Func]bool, depth int) bool {
	if fn == nil || fn.Pkg() == nil || depth > 4 {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt", "strings", "strconv", "math", "unicode":
		return true
	case "time":
		switch fn.Name() {
		case "Now", "Since", "Until", "Sleep", "After", "Tick", "NewTimer", "NewTicker", "AfterFunc":
			return false
		}
		return true
	}
	d := c.x.Vars.FuncDecl(fn)
	if d == nil || d.Body == nil {
		return false
	}
	if seen[fn] {
		return true
	}
	seen[fn] = true
	ok := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !ok || !isCall {
			return ok
		}
		if tv, isType := c.pass.TypesInfo.Types[call.Fun]; isType && (tv.IsType() || tv.IsBuiltin()) {
			return true
		}
		ok = c.pure(sdk.Callee(c.pass.TypesInfo, call), seen, depth+1)
		return ok
	})
	return ok
}

// varies reports whether some RowKey changes from one iteration of loop
// to the next: it uses a variable declared or assigned in the loop.
func (c *checker) varies(rks []key, loop ast.Node) bool {
	for _, k := range rks {
		if k.v != nil {
			if !c.outside(k.v, loop) {
				return true
			}
			continue
		}
		found := false
		ast.Inspect(k.expr, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v := c.x.Vars.VarOf(id); v != nil && !c.outside(v, loop) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// tableInvariant reports whether the client is the same on every
// iteration of loop.
func (c *checker) tableInvariant(t any, loop ast.Node) bool {
	switch t := t.(type) {
	case string:
		return true
	case *types.Var:
		return c.outside(t, loop)
	case clientField:
		return c.outside(t.base, loop)
	}
	return false
}

// outside reports whether v is declared before loop and never assigned
// or incremented in it.
func (c *checker) outside(v *types.Var, loop ast.Node) bool {
	if loop.Pos() <= v.Pos() && v.Pos() < loop.End() {
		return false
	}
	if c.x.Vars.Incremented(v) {
		return false
	}
	for _, d := range c.x.Vars.Defs(v) {
		if d.Rhs != nil && loop.Pos() <= d.Rhs.Pos() && d.Rhs.End() <= loop.End() {
			return false
		}
	}
	return true
}

// maxElementSteps bounds the variables and marshals elementWrite follows.
const maxElementSteps = 4

// elementWrite reports whether call writes s[i], element by element of a
// loop for i := range s (marshalled, directly or through a variable
// assigned once in the loop), whose body sets s[i].PartitionKey on every
// iteration before the write and never its RowKey: each iteration
// writes another element, each another entity, in the partition the
// loop sets (for i := range lines { lines[i].PartitionKey = kind; … }).
func (c *checker) elementWrite(call *ast.CallExpr, loop ast.Node, body *ast.BlockStmt) (write, bool) {
	rs, ok := loop.(*ast.RangeStmt)
	iw, isWrite := c.writes[call]
	if !ok || !isWrite || rs.Key == nil || rs.Value != nil || rs.Tok != token.DEFINE {
		return write{}, false
	}
	idx, _ := c.pass.TypesInfo.Defs[rs.Key.(*ast.Ident)].(*types.Var)
	s := c.x.Vars.VarOf(rs.X)
	if idx == nil || s == nil || !c.outside(s, loop) {
		return write{}, false
	}
	e := iw.Entity
	for range maxElementSteps {
		e = ast.Unparen(e)
		if id, ok := e.(*ast.Ident); ok {
			v := c.x.Vars.VarOf(id)
			defs := c.x.Vars.Defs(v)
			if v == nil || len(defs) != 1 || defs[0].Index > 0 || defs[0].Rhs == nil || defs[0].Rhs.Pos() < rs.Body.Pos() || defs[0].Rhs.End() > call.Pos() {
				return write{}, false
			}
			e = defs[0].Rhs
			continue
		}
		if ce, ok := e.(*ast.CallExpr); ok {
			if arg := writes.MarshalArg(c.pass.TypesInfo, ce); arg != nil {
				e = arg
				continue
			}
		}
		break
	}
	elem, ok := e.(*ast.IndexExpr)
	if !ok || !c.isElement(elem, s, idx) {
		return write{}, false
	}
	// The element's key assignments in the loop: one PartitionKey, a
	// statement of the body itself before the write; no RowKey.
	var pk ast.Expr
	n := 0
	ast.Inspect(rs.Body, func(nd ast.Node) bool {
		as, ok := nd.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if el, ok := ast.Unparen(sel.X).(*ast.IndexExpr); !ok || !c.isElement(el, s, idx) {
				continue
			}
			switch c.x.Writes.KeyTarget(l) {
			case writes.PartitionKey:
				n++
				if len(as.Lhs) == len(as.Rhs) && as.End() <= call.Pos() && directIn(rs.Body, as) {
					pk = as.Rhs[i]
				}
			case writes.RowKey:
				n += 2
			}
		}
		return true
	})
	if n != 1 || pk == nil {
		return write{}, false
	}
	w := write{call: call, body: body, pk: c.keyOf(pk), rks: []key{{expr: elem}}, table: c.table(call)}
	return w, w.table != nil
}

// isElement reports whether e is s[i].
func (c *checker) isElement(e *ast.IndexExpr, s, i *types.Var) bool {
	id, ok := ast.Unparen(e.Index).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == i && c.x.Vars.VarOf(e.X) == s
}

// directIn reports whether st is one of block's own statements.
func directIn(block *ast.BlockStmt, st ast.Stmt) bool {
	for _, s := range block.List {
		if s == st {
			return true
		}
	}
	return false
}
