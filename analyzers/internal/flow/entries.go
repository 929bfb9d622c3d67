package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// MapEntry is one entry put into a map under a constant string key: an
// element of the map's literal or an assignment m["k"] = v.
type MapEntry struct {
	Key string
	// Value is the value as written.
	Value ast.Expr
	// At is the position of the entry: the literal element's key, or the
	// assigned index expression m["k"].
	At token.Pos
	// Assigned marks an assignment m["k"] = v (not a literal element).
	Assigned bool
}

// MapEntries returns, in the order of the source, the entries with a
// constant string key the package puts into the map m: the updates of
// the map value itself, and of the variable that holds it when the
// variable lives in memory (a closure captures it, its address is
// taken), in the function and the closures that share the variable.
// Entries whose key is not constant, and maps of other packages, are not
// listed.
func (r *Result) MapEntries(m ssa.Value) []MapEntry {
	var out []MapEntry
	seen := map[*ssa.MapUpdate]bool{}
	for _, mv := range mapAliases(m) {
		for _, u := range mapUpdatesOf(mv) {
			if seen[u] {
				continue
			}
			seen[u] = true
			c, ok := unwrapConst(u.Key)
			if !ok || c.Value == nil || c.Value.Kind() != constant.String {
				continue
			}
			if e, ok := r.entryAt(u.Pos()); ok {
				e.Key = constant.StringVal(c.Value)
				out = append(out, e)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At < out[j].At })
	return out
}

// mapAliases returns the values that denote the map m: m, and when m is
// kept in a variable in memory, the variable's loads in its function
// and in the closures that capture it.
func mapAliases(m ssa.Value) []ssa.Value {
	out := []ssa.Value{m}
	var cell ssa.Value
	switch x := m.(type) {
	case *ssa.Alloc:
		cell = x // the variable itself
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				cell = a
			}
		}
	case *ssa.MakeMap:
		for _, ref := range *x.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Val == x {
				if a, ok := st.Addr.(*ssa.Alloc); ok {
					cell = a
				}
			}
		}
	}
	if cell == nil {
		return out
	}
	for _, ref := range *cell.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr == cell && ref.Val != m {
				out = append(out, ref.Val)
			}
		case *ssa.MakeClosure:
			fn, ok := ref.Fn.(*ssa.Function)
			if !ok {
				continue
			}
			for i, b := range ref.Bindings {
				if b == cell && i < len(fn.FreeVars) {
					out = append(out, loadsOf(fn.FreeVars[i])...)
				}
			}
		}
	}
	return append(out, loadsOf(cell)...)
}

// entryAt finds the syntax of the map update at pos: a literal element
// (at its colon) or an assignment to an index expression (at its
// bracket).
func (r *Result) entryAt(pos token.Pos) (MapEntry, bool) {
	f := r.fileOf(pos)
	if f == nil {
		return MapEntry{}, false
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	for i, n := range path {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if n.Colon == pos {
				return MapEntry{Value: n.Value, At: n.Key.Pos()}, true
			}
		case *ast.IndexExpr:
			if n.Lbrack != pos || i+1 >= len(path) {
				continue
			}
			as, ok := path[i+1].(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN {
				return MapEntry{}, false
			}
			for k, l := range as.Lhs {
				if ast.Unparen(l) == n {
					return MapEntry{Value: as.Rhs[k], At: n.Pos(), Assigned: true}, true
				}
			}
		}
	}
	return MapEntry{}, false
}

// VarValue returns the value the local variable v is given where it is
// declared (v := e, var v = e), or the parameter v is, when its function
// assigns it nowhere else; ok false otherwise.
func (r *Result) VarValue(v *types.Var) (ssa.Value, bool) {
	f := r.fileOf(v.Pos())
	if f == nil {
		return nil, false
	}
	path, _ := astutil.PathEnclosingInterval(f, v.Pos(), v.Pos())
	body := enclosingBody(path)
	if body == nil {
		return nil, false
	}
	defs, addressed := assignmentsOf(r.Pass.TypesInfo, body, v)
	if addressed {
		return nil, false
	}
	if p := r.params[v]; p != nil && len(defs) == 0 {
		return p, true
	}
	if len(defs) != 1 || defs[0] == nil {
		return nil, false
	}
	return r.ExprValue(defs[0])
}

// VarMapEntries is MapEntries of the map the local variable (or
// parameter) v holds: the value it is declared with (VarValue), or,
// for a variable in memory whose address is taken (var m map[…]…;
// json.Unmarshal(b, &m)), the variable itself — the updates made
// through any of its reads.
func (r *Result) VarMapEntries(v *types.Var) []MapEntry {
	if m, ok := r.VarValue(v); ok {
		return r.MapEntries(m)
	}
	for _, in := range r.instrsAt(v.Pos()) {
		if a, ok := in.(*ssa.Alloc); ok && a.Comment == v.Name() {
			return r.MapEntries(a)
		}
	}
	return nil
}
