package flow

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Key equality by value source. Two key values are the same when they
// are one SSA value (a parameter, a local copied from one: pk := s.pk
// is the load itself), equal constants, or the same field read from the
// same value (s.pk twice) of a function that never assigns that field
// of it. Approximation: a call between the two reads that assigns the
// field through another pointer is not seen.

// SameValue reports whether a and b, values of one function, are
// known to be equal at run time by where they come from (see above).
func SameValue(a, b ssa.Value) bool { return sameValue(a, b, 0) }

func sameValue(a, b ssa.Value, depth int) bool {
	a, b = unwrapSame(a), unwrapSame(b)
	if a == nil || b == nil {
		return false
	}
	if a == b {
		return true
	}
	if depth > MaxDepth {
		return false
	}
	switch x := a.(type) {
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		if !ok || x.Value == nil || y.Value == nil || x.Value.Kind() != y.Value.Kind() {
			return false
		}
		switch x.Value.Kind() {
		case constant.String, constant.Int, constant.Float, constant.Bool:
			return constant.Compare(x.Value, token.EQL, y.Value)
		}
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		if !ok || x.Op != token.MUL || y.Op != token.MUL {
			return false
		}
		fx, okx := x.X.(*ssa.FieldAddr)
		fy, oky := y.X.(*ssa.FieldAddr)
		return okx && oky && sameField(fx, fy, depth+1)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	}
	return false
}

// sameField: two addresses of one field of the same struct pointer,
// a field the function never stores to (through any address of it).
func sameField(x, y *ssa.FieldAddr, depth int) bool {
	if x.Field != y.Field || depth > MaxDepth {
		return false
	}
	bx, by := unwrapSame(x.X), unwrapSame(y.X)
	if a, ok := bx.(*ssa.Alloc); ok && bx == by && initOnce(a, x, y) {
		return true
	}
	if bx != by {
		fx, okx := bx.(*ssa.FieldAddr)
		fy, oky := by.(*ssa.FieldAddr)
		if !okx || !oky || !sameField(fx, fy, depth+1) {
			return false
		}
	}
	return !fieldStored(x.Parent(), x)
}

// initOnce: the local variable a is assigned whole exactly once, before
// each of uses, and otherwise only read (its fields loaded, its value
// loaded): its address goes nowhere else, so every read after that
// assignment reads the value assigned (o, _ := parse(b); o.PK … o.PK).
func initOnce(a *ssa.Alloc, uses ...ssa.Instruction) bool {
	var init *ssa.Store
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != a || init != nil {
				return false
			}
			init = r
		case *ssa.FieldAddr:
			if !onlyLoaded(r) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		default:
			return false
		}
	}
	if init == nil {
		return false
	}
	for _, u := range uses {
		if !Dominates(init, u) {
			return false
		}
	}
	return true
}

// fieldStored reports whether fn stores to the field fa addresses, of
// the same base (or its embedding struct stored whole).
func fieldStored(fn *ssa.Function, fa *ssa.FieldAddr) bool {
	if fn == nil {
		return true
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok {
				continue
			}
			other, ok := st.Addr.(*ssa.FieldAddr)
			if !ok {
				if st.Addr == fa.X {
					return true // the whole struct assigned
				}
				continue
			}
			if other.Field == fa.Field && unwrapSame(other.X) == unwrapSame(fa.X) {
				return true
			}
			// The struct holding fa's base assigned whole through its
			// own field address (x.inner = …).
			if inner, ok := fa.X.(*ssa.FieldAddr); ok && other.Field == inner.Field && unwrapSame(other.X) == unwrapSame(inner.X) {
				return true
			}
		}
	}
	return false
}

// Unwrap returns the value v converts without changing it: through
// MakeInterface, ChangeType and ChangeInterface.
func Unwrap(v ssa.Value) ssa.Value { return unwrapSame(v) }

func unwrapSame(v ssa.Value) ssa.Value {
	for i := 0; i < MaxDepth; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// EntityKey returns the value an entity built in the function gives
// its key ("PartitionKey" or "RowKey"): v is what is written (the
// bytes of json.Marshal of a map or struct literal, or the literal
// itself; a struct's key may be promoted from an embedded struct such
// as aztables.Entity). ok is false unless exactly one value is stored
// into the key.
func EntityKey(v ssa.Value, key string) (ssa.Value, bool) {
	v = unwrapSame(v)
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		c, ok := ex.Tuple.(*ssa.Call)
		if !ok {
			return nil, false
		}
		f := c.Call.StaticCallee()
		if f == nil || len(c.Call.Args) != 1 {
			return nil, false
		}
		switch callee(f) {
		case "encoding/json.Marshal":
			v = unwrapSame(c.Call.Args[0])
		default:
			if f.Name() != "MarshalJSON" || f.Signature.Recv() == nil {
				return nil, false
			}
			v = unwrapSame(c.Call.Args[0])
		}
	}
	return literalKey(v, key, 0)
}

func literalKey(v ssa.Value, key string, depth int) (ssa.Value, bool) {
	if depth > 3 {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.MakeMap:
		return mapKey(mapUpdates(x), key)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				if isMap(a.Type()) {
					// A map variable (decoded into, then assigned):
					// the entries assigned through its loads, up to
					// this load.
					return mapKeyAt(mapUpdates(a), key, x)
				}
				return structKey(a, key, depth)
			}
		}
	case *ssa.Alloc:
		return structKey(x, key, depth)
	}
	return nil, false
}

// structKey: the one value stored into the key field of the struct a,
// or of the struct embedded in it (stored field by field, or whole
// from a literal).
func structKey(a ssa.Value, key string, depth int) (ssa.Value, bool) {
	st := structOf(a.Type())
	if st == nil {
		return nil, false
	}
	var found ssa.Value
	n := 0
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == a {
				return nil, false // assigned whole
			}
		case *ssa.FieldAddr:
			if r.X != a {
				continue
			}
			f := st.Field(r.Field)
			switch {
			case f.Name() == key:
				for _, s := range storesTo(r) {
					found, n = s, n+1
				}
			case f.Embedded() && structOf(f.Type()) != nil:
				if v, ok := structKey(r, key, depth+1); ok {
					found, n = v, n+1
				}
				for _, s := range storesTo(r) {
					// The embedded struct assigned whole, from a literal.
					v, ok := literalKey(s, key, depth+1)
					if !ok {
						return nil, false
					}
					found, n = v, n+1
				}
			}
		}
	}
	return found, n == 1
}

// storesTo returns the values stored at the address addr.
func storesTo(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *addr.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st.Val)
		}
	}
	return out
}

// mapUpdates returns the entries written into the map m: a MakeMap's,
// or those written through the loads of a map variable's Alloc.
func mapUpdates(m ssa.Value) []*ssa.MapUpdate {
	maps := []ssa.Value{m}
	if a, ok := m.(*ssa.Alloc); ok {
		maps = maps[:0]
		for _, ref := range *a.Referrers() {
			if ld, ok := ref.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == a {
				maps = append(maps, ld)
			}
		}
	}
	var out []*ssa.MapUpdate
	for _, mv := range maps {
		if mv.Referrers() != nil {
			out = append(out, mapUpdatesOf(mv)...)
		}
	}
	return out
}

// mapKey: the one value the entries give key; not found when a computed
// entry may be the key.
func mapKey(us []*ssa.MapUpdate, key string) (ssa.Value, bool) {
	var found ssa.Value
	for _, u := range us {
		k, ok := unwrapSame(u.Key).(*ssa.Const)
		if !ok {
			return nil, false // a computed entry may be the key
		}
		if k.Value == nil || k.Value.Kind() != constant.String || constant.StringVal(k.Value) != key {
			continue
		}
		if found != nil {
			return nil, false
		}
		found = u.Value
	}
	return found, found != nil
}

// mapKeyAt is mapKey for the map as the instruction use sees it: an
// entry of a computed key (entries copied in a loop) does not hide a
// constant key's entry that always comes after it and before use (its
// block dominates use's, and no path leads from it back to the
// computed entry).
func mapKeyAt(us []*ssa.MapUpdate, key string, use ssa.Instruction) (ssa.Value, bool) {
	var konst, computed []*ssa.MapUpdate
	for _, u := range us {
		if _, ok := unwrapSame(u.Key).(*ssa.Const); ok {
			konst = append(konst, u)
		} else {
			computed = append(computed, u)
		}
	}
	v, ok := mapKey(konst, key)
	if !ok || len(computed) == 0 {
		return v, ok
	}
	var last *ssa.MapUpdate
	for _, u := range konst {
		if k := unwrapSame(u.Key).(*ssa.Const); k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == key {
			last = u
		}
	}
	if last == nil || !last.Block().Dominates(use.Block()) {
		return nil, false
	}
	for _, c := range computed {
		if !before(c, last) {
			return nil, false
		}
	}
	return v, true
}

// Dominates reports whether instruction a runs before b on every path
// to b: in one block, earlier; else a's block dominates b's.
func Dominates(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return earlierInBlock(a, b)
	}
	return a.Block().Dominates(b.Block())
}

// earlierInBlock reports whether a comes before b in their one block.
func earlierInBlock(a, b ssa.Instruction) bool {
	for _, in := range a.Block().Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// before reports whether a always runs before b when both run: in one
// block, earlier; else no path leads from b's block to a's.
func before(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return earlierInBlock(a, b)
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{b.Block()}
	for len(work) > 0 {
		bl := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range bl.Succs {
			if s == a.Block() {
				return false
			}
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return true
}

// MapKeyed reports whether m, a map built in the function (a MakeMap,
// or a map variable's Alloc), is given a PartitionKey or RowKey entry
// by a constant key: an entity whose keys the code chose.
func MapKeyed(m ssa.Value) bool {
	switch m.(type) {
	case *ssa.MakeMap, *ssa.Alloc:
	default:
		return false
	}
	if !isMap(m.Type()) {
		return false
	}
	for _, u := range mapUpdates(m) {
		if k, ok := unwrapSame(u.Key).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			if s := constant.StringVal(k.Value); s == "PartitionKey" || s == "RowKey" {
				return true
			}
		}
	}
	return false
}

// FieldAssigned reports whether the function of fa stores to the field
// fa addresses, of the same base (or its struct assigned whole): such
// a field is not one value throughout the function.
func FieldAssigned(fa *ssa.FieldAddr) bool { return fieldStored(fa.Parent(), fa) }

// MapRekeyed reports whether the function of m, a map value of any
// source (a helper's result, a decoded row, a map variable's Alloc or a
// load of it), stores a PartitionKey or RowKey entry in it by a
// constant key whose value is not the map's own entry under that key:
// an entity written from it afterwards is a copy under keys the code
// chose, not the row the map came from.
func MapRekeyed(m ssa.Value) bool {
	m = unwrapSame(m)
	if ld, ok := m.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok {
			m = a
		}
	}
	if !isMap(m.Type()) {
		return false
	}
	us := mapUpdates(m)
	own := map[ssa.Value]bool{m: true}
	for _, u := range us {
		own[u.Map] = true
	}
	for _, u := range us {
		s, ok := constString(unwrapSame(u.Key))
		if !ok || s != "PartitionKey" && s != "RowKey" {
			continue
		}
		if !ownEntry(u.Value, own, s) {
			return true
		}
	}
	return false
}

// ownEntry: v is a lookup, in one of the maps own, of the entry key.
func ownEntry(v ssa.Value, own map[ssa.Value]bool, key string) bool {
	m, ok := LookedUp(v, key)
	return ok && own[m]
}

// LookedUp reports whether v is the entry key of a map (m[key], or the
// value of its
// comma-ok form); the map.
func LookedUp(v ssa.Value, key string) (ssa.Value, bool) {
	v = unwrapSame(v)
	if e, ok := v.(*ssa.Extract); ok && e.Index == 0 {
		v = e.Tuple
	}
	l, ok := v.(*ssa.Lookup)
	if !ok {
		return nil, false
	}
	if k, ok := constString(unwrapSame(l.Index)); !ok || k != key {
		return nil, false
	}
	return l.X, true
}
