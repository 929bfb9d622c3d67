package flow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A map element read back (m[k]) is what the package stored in the map
// under k, when the package can see every write to the map:
//
//   - a map made in the function (a literal, make) that is only read,
//     updated, ranged over, measured, marshalled or printed there;
//   - a map held in an unexported package variable (var ops =
//     map[string]string{…}) whose every value is such a map and whose
//     every read is used only in those ways (globals.go);
//   - a map held in an unexported field of one of the package's own
//     struct types (no other package can write it), when every value
//     stored into the field is such a map and every read of the field is
//     used only in those ways.
//
// With a constant key, only the updates under that key (and under
// non-constant keys) count. Anything else (a map from a parameter, one
// handed to a function, its address taken) is unknown, as before.

// mapWrites is what the package writes into the maps of one field.
type mapWrites struct {
	updates []*ssa.MapUpdate
	// open: a map of the field may be written where the package cannot
	// see it, or comes from somewhere other than a make in the package.
	open bool
}

// mapElement is m[key] from the updates the package makes, or ok false.
func (e *eval) mapElement(m, key ssa.Value, depth int) (Value, bool) {
	var updates []*ssa.MapUpdate
	switch x := m.(type) {
	case *ssa.MakeMap:
		if !mapUsesKnown(x) {
			return Value{}, false
		}
		updates = mapUpdatesOf(x)
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			ups, ok := e.r.globalMapUpdates(g)
			if !ok {
				return Value{}, false
			}
			updates = ups
			break
		}
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL {
			return Value{}, false
		}
		w := e.r.mapFields[fieldVar(fa)]
		if w == nil || w.open {
			return Value{}, false
		}
		updates = w.updates
	default:
		return Value{}, false
	}
	var vs []Value
	for _, u := range updates {
		if differentKeys(u.Key, key) {
			continue
		}
		vs = append(vs, e.of(u.Value, depth))
		if len(vs) > MaxVariants {
			return Value{}, false
		}
	}
	if len(vs) == 0 {
		return Value{}, false // never stored under key: the zero value, or unknown
	}
	return union(vs...), true
}

// differentKeys reports whether a and b are constants of different values.
func differentKeys(a, b ssa.Value) bool {
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && ca.Value != nil && cb.Value != nil && !constant.Compare(ca.Value, token.EQL, cb.Value)
}

// fieldVar is the field fa addresses.
func fieldVar(fa *ssa.FieldAddr) *types.Var {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field)
}

// indexMapField records, while the package is indexed, what fa's uses
// write into the maps of its field (read by mapElement). Built before any
// analyzer asks, so that analyzers running at once only read it.
func (r *Result) indexMapField(fa *ssa.FieldAddr) {
	f := fieldVar(fa)
	if f == nil || f.Exported() || f.Pkg() != r.Pass.Pkg {
		return
	}
	if _, ok := f.Type().Underlying().(*types.Map); !ok {
		return
	}
	w := r.mapFields[f]
	if w == nil {
		w = &mapWrites{}
		r.mapFields[f] = w
	}
	for _, ref := range *fa.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			mm, ok := ref.Val.(*ssa.MakeMap)
			if ref.Addr != fa || !ok || !mapUsesKnown(mm) {
				w.open = true
				continue
			}
			w.updates = append(w.updates, mapUpdatesOf(mm)...)
		case *ssa.UnOp:
			if ref.Op != token.MUL || !mapUsesKnown(ref) {
				w.open = true
				continue
			}
			w.updates = append(w.updates, mapUpdatesOf(ref)...)
		case *ssa.DebugRef:
		default:
			w.open = true // the field's address taken
		}
	}
}

// LookupAt returns the map lookup m[k] written at lbrack (an
// *ast.IndexExpr's Lbrack), or nil.
func (r *Result) LookupAt(lbrack token.Pos) *ssa.Lookup { return r.lookups[lbrack] }

// mapUpdatesOf returns the updates made through the map value m.
func mapUpdatesOf(m ssa.Value) []*ssa.MapUpdate {
	var out []*ssa.MapUpdate
	for _, ref := range *m.Referrers() {
		if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == m {
			out = append(out, u)
		}
	}
	return out
}

// mapUsesKnown reports whether every use of the map value m is one that
// cannot write it unseen: a lookup, an update of it, a range over it,
// len or delete, a store into a field (followed there) or a value
// handed to encoding/json's or fmt's printing functions.
func mapUsesKnown(m ssa.Value) bool {
	refs := m.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
		case *ssa.MapUpdate:
			if ref.Map != m {
				return false // stored as a value of another map
			}
		case *ssa.Store:
			if _, ok := ref.Addr.(*ssa.FieldAddr); !ok || ref.Val != m {
				return false
			}
		case *ssa.Call:
			if !readOnlyCall(ref.Common()) {
				return false
			}
		case *ssa.MakeInterface:
			for _, r2 := range *ref.Referrers() {
				c, ok := r2.(*ssa.Call)
				if !ok || !readOnlyCall(c.Common()) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// readOnlyCall reports whether cc reads its arguments without keeping
// or writing them: len, delete, encoding/json's Marshal and fmt's
// printing functions.
func readOnlyCall(cc *ssa.CallCommon) bool {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		return b.Name() == "len" || b.Name() == "delete"
	}
	f := cc.StaticCallee()
	if f == nil {
		return false
	}
	switch callee(f) {
	case "encoding/json.Marshal", "encoding/json.MarshalIndent",
		"fmt.Sprint", "fmt.Sprintf", "fmt.Sprintln", "fmt.Print", "fmt.Printf", "fmt.Println",
		"fmt.Fprint", "fmt.Fprintf", "fmt.Fprintln", "fmt.Errorf":
		return true
	}
	return false
}
