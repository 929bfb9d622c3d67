package writes

import (
	"go/ast"
	"go/token"
	"go/types"

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
	path, recv, name, ok := sdk.Method(info, call)
	if !ok {
		return Write{}, false
	}
	w := Write{Call: call, Method: name}
	switch {
	case sdk.IsPath(path, sdk.AztablesPath) && recv == "Client":
		switch name {
		case "AddEntity", "UpsertEntity", "UpdateEntity":
			if len(call.Args) < 2 {
				return Write{}, false
			}
			w.Entity = call.Args[1]
			return w, true
		case "SubmitTransaction":
			if len(call.Args) < 2 {
				return Write{}, false
			}
			w.Actions = call.Args[1]
			return w, true
		}
	case sdk.IsPath(path, sdk.LegacyPath) && recv == "Entity":
		switch name {
		case "Insert", "InsertOrReplace", "InsertOrMerge", "Update", "Merge":
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return Write{}, false
			}
			w.Legacy, w.Entity = true, sel.X
			return w, true
		}
	case sdk.IsPath(path, sdk.LegacyPath) && recv == "TableBatch":
		switch name {
		case "InsertEntity", "InsertOrReplaceEntity", "InsertOrReplaceEntityByForce",
			"InsertOrMergeEntity", "InsertOrMergeEntityByForce", "ReplaceEntity", "MergeEntity":
			if len(call.Args) < 1 {
				return Write{}, false
			}
			w.Legacy, w.Entity = true, call.Args[0]
			return w, true
		}
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
	var r Roots
	seen := map[types.Object]bool{}
	x.roots(e, &r, seen, 0)
	return r
}

// HelperRootsOf is RootsOf also through the results of the package's own
// functions (a helper returning the entity literal, or its marshalled
// bytes: each return statement's result, once per function): for rules
// about what an entity literal sets wherever it is built (a Timestamp),
// not about values bound to one call's arguments. The Vars among the
// roots may then belong to a helper's body.
func (x *Index) HelperRootsOf(e ast.Expr) Roots {
	var r Roots
	seen := map[types.Object]bool{helpersKey: true}
	x.roots(e, &r, seen, 0)
	return r
}

// helpersKey in a roots walk's seen set turns on following helpers.
var helpersKey = types.NewLabel(token.NoPos, nil, "helpers")

// returnRoots follows the results of fn, a function of the package, that
// a call gives as result i.
func (x *Index) returnRoots(fn *types.Func, i int, r *Roots, seen map[types.Object]bool, depth int) {
	if seen[fn] {
		return // once per RootsOf (recursion, several calls)
	}
	seen[fn] = true
	rets, _ := x.Returns(fn, i)
	for _, ret := range rets {
		if ret == nil {
			continue
		}
		if tv, ok := x.Info.Types[ret]; ok && tv.IsNil() {
			continue // an error path
		}
		x.roots(ret, r, seen, depth+1)
	}
}

func (x *Index) roots(e ast.Expr, r *Roots, seen map[types.Object]bool, depth int) {
	x.rootsAt(e, 0, r, seen, depth)
}

// rootsAt is roots of result i of e (a call of several results).
func (x *Index) rootsAt(e ast.Expr, i int, r *Roots, seen map[types.Object]bool, depth int) {
	if e == nil || depth > MaxDepth {
		return
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		r.Lits = append(r.Lits, e)
	case *ast.UnaryExpr:
		x.roots(e.X, r, seen, depth+1)
	case *ast.StarExpr:
		x.roots(e.X, r, seen, depth+1)
	case *ast.CallExpr:
		if arg := MarshalArg(x.Info, e); arg != nil {
			x.roots(arg, r, seen, depth+1)
			return
		}
		if sdk.IsLegacyMethod(x.Info, e, "Table", "GetEntityReference") {
			r.Refs = append(r.Refs, e)
			return
		}
		if tv, ok := x.Info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			x.roots(e.Args[0], r, seen, depth+1) // []byte(s), MyEntity(v)
			return
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "MarshalJSON" && len(e.Args) == 0 && i == 0 {
			if s := x.Info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				x.roots(sel.X, r, seen, depth+1) // e.MarshalJSON(): the value marshalled
				return
			}
		}
		if fn := sdk.Callee(x.Info, e); fn != nil && seen[helpersKey] && x.FuncDecl(fn) != nil {
			x.returnRoots(fn, i, r, seen, depth)
		}
	case *ast.Ident:
		v := x.VarOf(e)
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		r.Vars = append(r.Vars, v)
		for _, d := range x.Defs(v) {
			if d.Index > 0 {
				// e, err := build(…): result d.Index of a helper of the package.
				if call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr); ok && seen[helpersKey] {
					if fn := sdk.Callee(x.Info, call); fn != nil && x.FuncDecl(fn) != nil {
						x.returnRoots(fn, d.Index, r, seen, depth+1)
					}
				}
				continue
			}
			x.roots(d.Rhs, r, seen, depth+1)
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
