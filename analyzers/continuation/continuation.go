package continuation

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/filterflow"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/plan"
)

//go:embed doc.go
var doc string

// Analyzer reports ignored continuations (TL307) and short-page stops (TL308).
var Analyzer = &analysis.Analyzer{
	Name:     "continuation",
	Doc:      docs.MustExtract(doc, "continuation"),
	URL:      "https://github.com/tablelint/tablelint/blob/main/docs/rules",
	Run:      run,
	Requires: []*analysis.Analyzer{inspect.Analyzer, filterflow.Analyzer, flow.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ff := pass.ResultOf[filterflow.Analyzer].(*filterflow.Result)
	// Point queries (at most one entity) and queries whose filter cannot
	// be reconstructed (it may well be a point query) are not reported:
	// precision first. A call has one query per filter that can reach it
	// (a filter extended in a branch); it is reported when any of them is
	// known to be more than a point lookup.
	point := map[*ast.CallExpr]bool{}
	wide := map[*ast.CallExpr]bool{}
	for _, q := range ff.Queries {
		if q.Via != nil {
			continue
		}
		if pointOrUnknown(ff, q) {
			point[q.Call] = true
		} else {
			wide[q.Call] = true
		}
	}
	for c := range wide {
		delete(point, c)
	}
	// Calls of the package's own functions that run a query and hand back
	// its pager behind an interface (wrappedPager): each query known to be
	// more than a point lookup.
	wrapped := map[*ast.CallExpr]bool{}
	for _, q := range ff.Queries {
		if q.Via != nil && q.Pager && !pointOrUnknown(ff, q) && wrappedPager(pass.TypesInfo.TypeOf(q.Call)) {
			wrapped[q.Call] = true
		}
	}
	ins.Preorder([]ast.Node{(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}, func(n ast.Node) {
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.FuncDecl:
			body = n.Body
		case *ast.FuncLit:
			body = n.Body
		}
		if body != nil {
			(&fn{pass: pass, fl: flow.Of(pass), body: body, point: point, wrapped: wrapped}).check()
		}
	})
	return nil, nil
}

// pointOrUnknown reports whether q reads at most one entity, or its filter
// cannot be reconstructed.
func pointOrUnknown(res *filterflow.Result, q *filterflow.Query) bool {
	if !q.Known {
		return q.Options == nil
	}
	if q.Empty {
		return false
	}
	f, p, err, ok := filterflow.Parse(q.Filter)
	if !ok && !fromParam(res, q.Filter) {
		return !notPoint(q.Filter)
	}
	return err == nil && f != nil && p.Kind == plan.Point
}

// notPoint reports whether a filter that names properties at run time
// (prop + " eq '" + value + "'") is no point query whatever the names
// are: one comparison cannot fix both keys.
func notPoint(v values.Value) bool {
	kinds, ok := filterflow.NameKinds(v)
	return ok && !slices.Contains(kinds, plan.Point)
}

// fromParam reports whether a filter has a part that is a parameter of
// the enclosing function, or a field of one (q.Filter of a query
// configuration the caller fills): a repository method running the
// filter it is given is no point lookup, and reading one page of it is
// reported. A hole filterflow converted from flow is a parameter when
// flow says so; only a filter flow did not give (a function ssabuild
// left without a body) is judged by the syntax hole (filterflow's written).
func fromParam(res *filterflow.Result, v values.Value) bool {
	for _, h := range v.Holes() {
		if fh := res.FromFlow[h]; fh != nil {
			if fh.Source == flowParam {
				return true
			}
			continue
		}
		if h.Param != nil {
			return true
		}
	}
	return false
}

type fn struct {
	pass  *analysis.Pass
	fl    *flow.Result
	body  *ast.BlockStmt
	point map[*ast.CallExpr]bool
	// wrapped: calls that run a query and return its pager behind an
	// interface, more than a point lookup.
	wrapped map[*ast.CallExpr]bool
}

// inspect walks the function body without entering nested function
// literals (they are checked on their own), with the stack of nodes.
func (f *fn) inspect(visit func(n ast.Node, stack []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(f.body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if !visit(n, stack) {
			return false
		}
		stack = append(stack, n)
		return true
	})
}

func inLoop(stack []ast.Node) bool {
	for _, s := range stack {
		switch s.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		}
	}
	return false
}

func (f *fn) check() {
	info := f.pass.TypesInfo
	manual := false // reads NextPartitionKey / NextRowKey / NextLink, or calls NextResults
	type pagerUse struct {
		create    *ast.CallExpr
		nextCalls []*ast.CallExpr
		looped    bool
		escapes   bool
		// Legacy results: NextResults calls in a loop on a receiver the
		// same on every iteration (stuck), and any other use beyond
		// reading a field or comparing with nil (followed).
		stuck    ast.Node // the loop of the first such call
		followed bool
	}
	pagers := map[*types.Var]*pagerUse{}
	legacy := map[*types.Var]*pagerUse{}
	var chained []*ast.CallExpr // NewListEntitiesPager(o).NextPage(ctx)

	// Pass 1: pager and result variables, and manual continuation.
	f.inspect(func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			switch n.Sel.Name {
			case "NextPartitionKey", "NextRowKey":
				if s := info.Selections[n]; s != nil && (sdk.IsAztablesType(s.Recv(), "ListEntitiesResponse") || sdk.IsAztablesType(s.Recv(), "ListEntitiesOptions")) {
					manual = true
				}
			case "NextLink":
				if s := info.Selections[n]; s != nil && (sdk.IsLegacyType(s.Recv(), "EntityQueryResult") || sdk.IsLegacyType(s.Recv(), "QueryNextLink")) {
					manual = true
				}
			}
		case *ast.CallExpr:
			if sdk.IsLegacyMethod(info, n, "EntityQueryResult", "NextResults") {
				manual = true
			}
			if sdk.IsPagerMethod(info, n, "NextPage") {
				sel := n.Fun.(*ast.SelectorExpr)
				if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok && sdk.IsListEntitiesCall(info, inner) && !f.point[inner] {
					chained = append(chained, n)
				}
			}
		case *ast.AssignStmt:
			for i, r := range n.Rhs {
				call, ok := ast.Unparen(r).(*ast.CallExpr)
				if !ok {
					continue
				}
				isPager := (sdk.IsListEntitiesCall(info, call) || f.wrapped[call]) && len(n.Lhs) == len(n.Rhs)
				isLegacy := sdk.IsLegacyMethod(info, call, "Table", "QueryEntities") && len(n.Rhs) == 1 && len(n.Lhs) == 2
				if !isPager && !isLegacy {
					continue
				}
				lhs := n.Lhs[i]
				id, ok := lhs.(*ast.Ident)
				if !ok {
					continue
				}
				v, _ := info.ObjectOf(id).(*types.Var)
				if v == nil || f.point[call] {
					continue
				}
				if isPager {
					pagers[v] = &pagerUse{create: call}
				} else {
					legacy[v] = &pagerUse{create: call}
				}
			}
		}
		return true
	})
	// A chained first page is fine when the function resumes by hand
	// (reads NextPartitionKey/NextRowKey and hands them on).
	if !manual {
		for _, n := range chained {
			diag.Report(f.pass, "TL307", n, "a new pager is made and only its first page is read")
		}
	}
	if len(pagers) == 0 && len(legacy) == 0 {
		f.shortPages()
		return
	}

	// Pass 2: how each variable is used.
	f.inspect(func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		if pu := pagers[v]; pu != nil {
			sel, ok := parent.(*ast.SelectorExpr)
			if !ok || sel.X != id || len(stack) < 2 {
				pu.escapes = true
				return true
			}
			call, ok := stack[len(stack)-2].(*ast.CallExpr)
			if !ok || call.Fun != sel {
				pu.escapes = true
				return true
			}
			switch sel.Sel.Name {
			case "NextPage":
				pu.nextCalls = append(pu.nextCalls, call)
				if inLoop(stack) {
					pu.looped = true
				}
			case "More":
				if inLoop(stack) {
					pu.looped = true
				}
			default:
				pu.escapes = true
			}
		}
		if lu := legacy[v]; lu != nil {
			switch p := parent.(type) {
			case *ast.SelectorExpr:
				if p.Sel.Name != "Entities" {
					lu.escapes = true
				}
				if p.Sel.Name == "NextResults" && len(stack) >= 2 {
					if call, ok := stack[len(stack)-2].(*ast.CallExpr); ok && call.Fun == p {
						if loop := f.stuckNext(call, stack); loop != nil {
							if lu.stuck == nil {
								lu.stuck = loop
							}
							break
						}
					}
				}
				if p.Sel.Name != "Entities" && p.Sel.Name != "NextLink" {
					lu.followed = true
				}
			case *ast.BinaryExpr:
				// res == nil, res != nil
			default:
				lu.escapes = true
				lu.followed = true
			}
		}
		return true
	})
	// A legacy result whose only NextResults calls are made in a loop on
	// that same first result, the loop never moving on to the segment it
	// gets: every iteration asks for the second segment again, and the
	// rest is never read.
	for _, lu := range legacy {
		if lu.stuck != nil && !lu.followed {
			diag.Report(f.pass, "TL307", lu.create, "the loop at line %d calls NextResults on the first result each time: later segments are never read", f.pass.Fset.Position(lu.stuck.Pos()).Line)
		}
	}
	if !manual {
		for _, pu := range pagers {
			if pu.escapes || pu.looped || len(pu.nextCalls) == 0 {
				continue
			}
			diag.Report(f.pass, "TL307", pu.nextCalls[0], "only the first page of this query is read: NextPage is called outside a More() loop")
		}
		for _, lu := range legacy {
			if lu.escapes {
				continue
			}
			diag.Report(f.pass, "TL307", lu.create, "only the first segment of this query is read: NextResults is never followed")
		}
	}
	f.shortPages()
}

// stuckNext returns the innermost loop of a legacy NextResults call
// (stack is the call's) when the call's receiver is the same on every
// iteration of that loop (flow's VariesPerIteration): the loop asks for
// the same next segment each time and never moves past it. Nil when the
// call is in no loop, the receiver varies, or flow cannot tell.
func (f *fn) stuckNext(call *ast.CallExpr, stack []ast.Node) ast.Node {
	loop := innermostLoop(stack)
	if loop == nil || f.fl == nil {
		return nil
	}
	v, ok := f.fl.ExprValue(call)
	if !ok {
		return nil
	}
	c, ok := v.(*ssa.Call)
	if !ok || c.Call.IsInvoke() || len(c.Call.Args) == 0 {
		return nil
	}
	if _, varies := f.fl.VariesPerIteration(c.Parent(), c.Call.Args[0], loop); varies {
		return nil
	}
	return loop
}

// shortPages reports TL308.
func (f *fn) shortPages() {
	info := f.pass.TypesInfo
	f.inspect(func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			if n.Cond != nil && testsPageLen(info, n.Cond) && f.pagingLoop(n) {
				diag.Report(f.pass, "TL308", n.Cond, "paging loop continues only while pages are full: loop on pager.More() instead")
			}
		case *ast.IfStmt:
			loop := innermostLoop(stack)
			if loop == nil && stops(n.Body) && shortTest(info, n.Cond) && f.pagingAfter(n, stack) {
				diag.Report(f.pass, "TL308", n.Cond, "paging stops on a short first page: a short page can still have a continuation")
				return true
			}
			if loop == nil || !f.pagingLoop(loop) || !stops(n.Body) {
				return true
			}
			if shortTest(info, n.Cond) {
				diag.Report(f.pass, "TL308", n.Cond, "paging stops on a short page: a short page can still have a continuation")
			}
		}
		return true
	})
}

func innermostLoop(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return stack[i]
		case *ast.FuncLit:
			return nil
		}
	}
	return nil
}

// pagingLoop reports whether a loop fetches pages: it calls NextPage of
// an entities pager, NextResults of a legacy result, or QueryEntities.
func (f *fn) pagingLoop(loop ast.Node) bool {
	info := f.pass.TypesInfo
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sdk.IsPagerMethod(info, call, "NextPage") || wrappedNextPage(info, call) || sdk.IsLegacyMethod(info, call, "EntityQueryResult", "NextResults") ||
				sdk.IsLegacyMethod(info, call, "Table", "QueryEntities") || sdk.IsListEntitiesCall(info, call) {
				found = true
			}
		}
		return !found
	})
	return found
}

// wrappedNextPage reports whether call is NextPage of an interface
// whose NextPage returns the entities pager's page (type Pages interface
// { More() bool; NextPage(context.Context) (aztables.ListEntitiesResponse,
// error) }): the pager wrapped so that a test can fake it, a pager all
// the same.
func wrappedNextPage(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "NextPage" {
		return false
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
		return false
	}
	sig, ok := s.Type().(*types.Signature)
	return ok && sig.Results().Len() == 2 && sdk.IsType(sig.Results().At(0).Type(), sdk.AztablesPath, "ListEntitiesResponse")
}

// wrappedPager reports whether t is an interface with the entities
// pager's More and NextPage (see wrappedNextPage).
func wrappedPager(t types.Type) bool {
	if t == nil || !types.IsInterface(t) {
		return false
	}
	ms := types.NewMethodSet(t)
	more, next := ms.Lookup(nil, "More"), ms.Lookup(nil, "NextPage")
	if more == nil || next == nil {
		return false
	}
	sig, ok := next.Type().(*types.Signature)
	return ok && sig.Results().Len() == 2 && sdk.IsType(sig.Results().At(0).Type(), sdk.AztablesPath, "ListEntitiesResponse")
}

// stops reports whether a block breaks out of the loop or returns.
func stops(b *ast.BlockStmt) bool {
	for _, s := range b.List {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			if s.Tok == token.BREAK || s.Tok == token.GOTO {
				return true
			}
		}
	}
	return false
}

// pageLen reports whether e is len(x.Entities) of a page.
func pageLen(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "len" {
		return false
	}
	if _, ok := info.Uses[call.Fun.(*ast.Ident)].(*types.Builtin); !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Entities" {
		return false
	}
	s := info.Selections[sel]
	return s != nil && (sdk.IsAztablesType(s.Recv(), "ListEntitiesResponse") || sdk.IsLegacyType(s.Recv(), "EntityQueryResult"))
}

// shortTest reports whether cond is len(page) < x, len(page) <= x,
// x > len(page), x >= len(page), or len(page) == 0 (possibly in an ||).
func shortTest(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR:
		return shortTest(info, b.X) || shortTest(info, b.Y)
	case token.LSS, token.LEQ:
		return pageLen(info, b.X)
	case token.GTR, token.GEQ:
		return pageLen(info, b.Y)
	case token.EQL:
		return pageLen(info, b.X) && isZero(info, b.Y) || pageLen(info, b.Y) && isZero(info, b.X)
	}
	return false
}

func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && constant.Sign(tv.Value) == 0
}

// testsPageLen reports whether a loop condition looks at a page's length.
func testsPageLen(info *types.Info, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && pageLen(info, e) {
			found = true
		}
		return !found
	})
	return found
}
