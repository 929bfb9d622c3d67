package writes

import (
	"go/ast"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// Write is an SDK call that inserts or updates entities.
type Write struct {
	Call   *ast.CallExpr
	Method string // "AddEntity", "SubmitTransaction", legacy "Insert", "InsertEntity"…
	Legacy bool
	// Entity is the entity written: the []byte argument of an aztables
	// write, the *storage.Entity receiver or argument of a legacy one; nil
	// for SubmitTransaction.
	Entity ast.Expr
	// Actions is SubmitTransaction's []TransactionAction argument.
	Actions ast.Expr
}

// WriteOf reports whether call inserts or updates entities (deletes are
// not writes here), and what it writes.
func WriteOf(info *types.Info, call *ast.CallExpr) (Write, bool) {
	_, _, name, ok := sdk.Method(info, call)
	if !ok {
		return Write{}, false
	}
	w := Write{Call: call, Method: name}
	if a, ok := sdk.CallBatchAction(info, call); ok {
		// A legacy TableBatch action: the entity is the argument.
		if a.Kind == sdk.Delete || len(call.Args) < 1 {
			return Write{}, false
		}
		w.Legacy, w.Entity = true, call.Args[0]
		return w, true
	}
	switch op := sdk.CallOp(info, call); {
	case op == sdk.Op{Kind: sdk.Submit}:
		if len(call.Args) < 2 {
			return Write{}, false
		}
		w.Actions = call.Args[1]
		return w, true
	case op.Kind.Writes() && !op.Legacy:
		if len(call.Args) < 2 {
			return Write{}, false
		}
		w.Entity = call.Args[1]
		return w, true
	case op.Kind.Writes():
		// A legacy Entity method: the entity is the receiver.
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return Write{}, false
		}
		w.Legacy, w.Entity = true, sel.X
		return w, true
	}
	return Write{}, false
}

// Roots are the expressions that build an entity: composite literals
// (struct or map), variables whose fields or entries are set, and legacy
// GetEntityReference calls.
type Roots struct {
	Lits []*ast.CompositeLit
	Vars []*types.Var
	Refs []*ast.CallExpr
}

// Empty reports whether nothing was found.
func (r Roots) Empty() bool { return len(r.Lits) == 0 && len(r.Vars) == 0 && len(r.Refs) == 0 }

// RootsOf follows an entity expression — the []byte given to a write,
// or an entity value — back through json.Marshal, a MarshalJSON method
// (e.MarshalJSON() of an aztables.EDMEntity, a legacy Entity or a type
// of the package), &, *, conversions and variables to what builds it.
// Calls of the package's helpers are left to the caller (which may bind
// their parameters to the call's arguments): see HelperRootsOf.
func (x *Index) RootsOf(e ast.Expr) Roots {
	w := &rootWalk{x: x, seen: map[types.Object]bool{}}
	w.roots(e, 0, 0)
	return w.r
}

// HelperRootsOf is RootsOf also through the results of the package's own
// functions (a helper returning the entity literal, or its marshalled
// bytes: each return statement's result, once per function), a method
// called through an interface through those of the package's types that
// implement it (rec.record(): every local record method): for rules
// about what an entity literal sets wherever it is built (a Timestamp),
// not about values bound to one call's arguments. The Vars among the
// roots may then belong to a helper's body.
func (x *Index) HelperRootsOf(e ast.Expr) Roots {
	w := &rootWalk{x: x, seen: map[types.Object]bool{}, helpers: true}
	w.roots(e, 0, 0)
	return w.r
}

// rootWalk is one RootsOf or HelperRootsOf: the variables and functions
// already followed, and whether helpers are followed.
type rootWalk struct {
	x       *Index
	r       Roots
	seen    map[types.Object]bool
	helpers bool
}

// helper follows the results of a call of a function of the package,
// result i of it, when the walk follows helpers.
func (w *rootWalk) helper(call *ast.CallExpr, i, depth int) {
	if !w.helpers {
		return
	}
	fn := sdk.Callee(w.x.Info, call)
	if fn == nil || w.seen[fn] {
		return // once per walk (recursion, several calls)
	}
	w.seen[fn] = true
	fns := []*types.Func{fn}
	if w.x.FuncDecl(fn) == nil {
		fns = w.x.implementations(fn)
	}
	for _, f := range fns {
		if f != fn {
			if w.seen[f] {
				continue
			}
			w.seen[f] = true
		}
		rets, _ := w.x.Returns(f, i)
		for _, ret := range rets {
			if ret == nil {
				continue
			}
			if tv, ok := w.x.Info.Types[ret]; ok && tv.IsNil() {
				continue // an error path
			}
			w.roots(ret, 0, depth+1)
		}
	}
}

// implementations returns, for fn a method of an interface, the methods
// of that name of the package's own types that implement the interface
// and are declared here (flow.LocalImplementationsOf): what a call
// through the interface (item.row(), with item a rowMaker) may run.
// Nil for any other function.
func (x *Index) implementations(fn *types.Func) []*types.Func {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	pkg := x.pkg()
	if pkg == nil {
		return nil
	}
	var out []*types.Func
	for _, sel := range flow.LocalImplementationsOf(pkg, sig.Recv().Type(), fn.Name(), flow.MaxVariants) {
		if m, ok := sel.Obj().(*types.Func); ok && x.FuncDecl(m.Origin()) != nil {
			out = append(out, m.Origin())
		}
	}
	return out
}

// pkg returns the package the index's files declare, from the first
// function or type they declare; nil when they declare neither.
func (x *Index) pkg() *types.Package {
	for _, f := range x.Files {
		for _, d := range f.Decls {
			var id *ast.Ident
			switch d := d.(type) {
			case *ast.FuncDecl:
				id = d.Name
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok {
						id = ts.Name
						break
					}
				}
			}
			if id == nil {
				continue
			}
			if obj := x.Info.Defs[id]; obj != nil && obj.Pkg() != nil {
				return obj.Pkg()
			}
		}
	}
	return nil
}

// roots follows e, result i of it when e is a call of several results.
func (w *rootWalk) roots(e ast.Expr, i, depth int) {
	x := w.x
	if e == nil || depth > MaxDepth {
		return
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		w.r.Lits = append(w.r.Lits, e)
	case *ast.UnaryExpr:
		w.roots(e.X, 0, depth+1)
	case *ast.StarExpr:
		w.roots(e.X, 0, depth+1)
	case *ast.CallExpr:
		if arg := MarshalArg(x.Info, e); arg != nil {
			w.roots(arg, 0, depth+1)
			return
		}
		if sdk.IsLegacyMethod(x.Info, e, "Table", "GetEntityReference") {
			w.r.Refs = append(w.r.Refs, e)
			return
		}
		if tv, ok := x.Info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			w.roots(e.Args[0], 0, depth+1) // []byte(s), MyEntity(v)
			return
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "MarshalJSON" && len(e.Args) == 0 && i == 0 {
			if s := x.Info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				w.roots(sel.X, 0, depth+1) // e.MarshalJSON(): the value marshalled
				return
			}
		}
		w.helper(e, i, depth)
	case *ast.Ident:
		v := x.VarOf(e)
		if v == nil || w.seen[v] {
			return
		}
		w.seen[v] = true
		w.r.Vars = append(w.r.Vars, v)
		for _, d := range x.Defs(v) {
			if d.Index > 0 {
				// e, err := build(…): result d.Index of a helper of the package.
				if call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr); ok {
					w.helper(call, d.Index, depth+1)
				}
				continue
			}
			w.roots(d.Rhs, max(d.Index, 0), depth+1)
		}
		// for _, m := range []T{a, b}: each element of the list.
		if elems, ok := x.RangedElems(v); ok {
			for _, el := range elems {
				w.roots(el, 0, depth+1)
			}
		}
	}
}

// MarshalArg returns the value json.Marshal / json.MarshalIndent
// marshals, or nil if call is not such a call.
func MarshalArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	if (sdk.IsFunc(info, call, "encoding/json", "Marshal") || sdk.IsFunc(info, call, "encoding/json", "MarshalIndent")) && len(call.Args) >= 1 {
		return call.Args[0]
	}
	return nil
}

// KeysOf returns the key sinks of the entity built by roots. body is
// where variables among the roots are looked for field and entry
// assignments (the function that writes the entity).
func (x *Index) KeysOf(r Roots, body ast.Node) []KeySink {
	var out []KeySink
	add := func(k KeySink) { out = append(out, k) }
	for _, l := range r.Lits {
		x.KeysIn(l, add)
	}
	for _, c := range r.Refs {
		x.callKeys(c, add)
	}
	if len(r.Vars) > 0 && body != nil {
		vars := map[*types.Var]bool{}
		for _, v := range r.Vars {
			vars[v] = true
		}
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				if vars[x.VarOf(baseOf(l))] {
					if k := x.KeyTarget(l); k != "" {
						add(KeySink{Key: k, Value: as.Rhs[i]})
					}
				}
			}
			return true
		})
	}
	return out
}

// BaseOf returns the variable expression at the base of a selector or
// index chain (e in e.A.B, e["k"]).
func BaseOf(e ast.Expr) ast.Expr { return baseOf(e) }

func baseOf(e ast.Expr) ast.Expr {
	for range MaxDepth {
		switch s := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = s.X
		case *ast.IndexExpr:
			e = s.X
		case *ast.StarExpr:
			e = s.X
		default:
			return e
		}
	}
	return e
}
