package flow

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Package variables. SSA keeps no referrers for a package variable, so
// the package's functions (its init included) are read once for every
// use of each of its own variables: a store into it, a load of it, or
// anything else (its address passed on, kept, converted).
//
// A variable the package only ever stores constants into, and whose
// address it never lets go, is a constant: its value is the union of
// those constants (var sep = ",", var mode string set to "a" or "b" in
// flag handling). The zero value a variable set at start-up has before
// that (var pk string; pk = "models" in Init) is left out: it is not a
// value the code means to use, and queries built from it would be
// shapes the program never runs. A variable stored into once, by the package's init
// (var esc = strings.NewReplacer("'", "''"), var re =
// regexp.MustCompile(`…`)), is made by that one value: Made gives it,
// so that what a method of it does can be modelled (calls.go). Any
// other variable stays unknown: another package, or a function given
// its address, may set it.

// globalUse is what the package does with one of its variables.
type globalUse struct {
	stores []*ssa.Store // every store into it
	init   int          // how many of them the package's init makes
	other  bool         // used other than by a store into it or a load
	loads  []*ssa.UnOp  // every load of it, when it holds a map
}

// indexGlobals records the uses of the package's variables by in.
func (r *Result) indexGlobals(in ssa.Instruction, inInit bool) {
	if st, ok := in.(*ssa.Store); ok {
		if g, ok := st.Addr.(*ssa.Global); ok && r.ownGlobal(g) {
			u := r.globalUse(g)
			u.stores = append(u.stores, st)
			if inInit {
				u.init++
			}
		}
		if g, ok := st.Val.(*ssa.Global); ok && r.ownGlobal(g) {
			r.globalUse(g).other = true
		}
		return
	}
	if un, ok := in.(*ssa.UnOp); ok && un.Op == token.MUL {
		// Loads are kept only of maps, which globalMapUpdates reads.
		if g, ok := un.X.(*ssa.Global); ok && isMap(un.Type()) && r.ownGlobal(g) {
			u := r.globalUse(g)
			u.loads = append(u.loads, un)
		}
		return // a load
	}
	if _, ok := in.(*ssa.DebugRef); ok {
		return
	}
	r.rands = in.Operands(r.rands[:0])
	for _, op := range r.rands {
		if op == nil {
			continue
		}
		if g, ok := (*op).(*ssa.Global); ok && r.ownGlobal(g) {
			r.globalUse(g).other = true
		}
	}
}

func (r *Result) ownGlobal(g *ssa.Global) bool {
	return g.Pkg != nil && g.Pkg == r.SSA.Pkg
}

func (r *Result) globalUse(g *ssa.Global) *globalUse {
	u := r.globals[g]
	if u == nil {
		u = &globalUse{}
		r.globals[g] = u
	}
	return u
}

// constGlobal returns the value of a package variable the package only
// stores constants into (see above); ok is false for any other.
func (r *Result) constGlobal(g *ssa.Global) (Value, bool) {
	u := r.globals[g]
	if !r.ownGlobal(g) || u == nil || u.other || len(u.stores) == 0 || len(u.stores) > MaxVariants {
		return Value{}, false
	}
	var vs []Value
	for _, st := range u.stores {
		c, ok := st.Val.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.String {
			return Value{}, false
		}
		vs = append(vs, constValue(c))
	}
	return union(vs...), true
}

// Made returns the one value a package variable holds: what the
// package's init stores into it when that is the only store and the
// variable's address is never let go (var re = regexp.MustCompile(…));
// v itself for any other value. A load of the variable is followed.
func (r *Result) Made(v ssa.Value) ssa.Value {
	un, ok := v.(*ssa.UnOp)
	if !ok || un.Op != token.MUL {
		return v
	}
	g, ok := un.X.(*ssa.Global)
	if !ok || !r.ownGlobal(g) {
		return v
	}
	u := r.globals[g]
	if u == nil || u.other || len(u.stores) != 1 || u.init != 1 {
		return v
	}
	return u.stores[0].Val
}

// globalMapUpdates returns every update the package makes to the maps of
// g, an unexported package variable whose every store is a map the
// package makes (var ops = map[string]string{…}) and whose every load is
// only read, updated, ranged over or measured (mapUsesKnown): then no
// other code can write its maps. ok is false for any other variable.
func (r *Result) globalMapUpdates(g *ssa.Global) ([]*ssa.MapUpdate, bool) {
	u := r.globals[g]
	if !r.ownGlobal(g) || g.Object() == nil || g.Object().Exported() || u == nil || u.other || len(u.stores) == 0 {
		return nil, false
	}
	var out []*ssa.MapUpdate
	for _, st := range u.stores {
		mm, ok := st.Val.(*ssa.MakeMap)
		if !ok || !mapUsesKnownStoredIn(mm, g) {
			return nil, false
		}
		out = append(out, mapUpdatesOf(mm)...)
	}
	for _, ld := range u.loads {
		if !mapUsesKnown(ld) {
			return nil, false
		}
		out = append(out, mapUpdatesOf(ld)...)
	}
	return out, true
}

// mapUsesKnownStoredIn is mapUsesKnown for a map made to be stored in
// the package variable g: that store is known too.
func mapUsesKnownStoredIn(mm *ssa.MakeMap, g *ssa.Global) bool {
	for _, ref := range *mm.Referrers() {
		switch ref := ref.(type) {
		case *ssa.MapUpdate:
			if ref.Map != mm {
				return false
			}
		case *ssa.Store:
			if ref.Addr != g || ref.Val != mm {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}
