package etag

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

// A struct decoded whole from a row read is the row: each of its fields
// holds the row's value of the field's JSON name (the keys of an
// embedded aztables.Entity their own), and a struct decoded from a
// property of the row (a document kept as one string) is that
// property's document. When such a struct reaches a function with
// RewritesFields (through helpers that return it, slices they collect
// and filter, range loops and interface calls: flow's Origins) with its
// key fields never assigned on the way, the function writes the row
// back under its own keys: the names it writes those fields under are
// the ones the row holds them under, or the property it stores the
// struct in whole is the one the struct was decoded from.

// decodedRowGiven: the struct the call c gives r.Param is decoded from
// a row read, whole or from a property r stores the struct in; the read
// is named.
func (rs *readers) decodedRowGiven(c ssa.CallInstruction, impl *ssa.Function, r *RewritesFields, ck *checker) (string, bool) {
	args := callArgs(c.Common())
	if r.Param >= len(args) {
		return "", false
	}
	arg := args[r.Param]
	st := structType(arg.Type())
	if st == nil || len(r.Names) == 0 {
		return "", false
	}
	keys := sortedKeys(r.Names)
	if keyFieldStored(arg, keys, 0) {
		return "", false // a copy under new keys
	}
	os := rs.fl.Origins(arg)
	if len(os) == 0 {
		return "", false
	}
	read := ""
	var readers []string
	for _, o := range os {
		base := readWhat(o.What)
		if o.Source != flow.Entity || base == "" {
			return "", false
		}
		if prop, whole := readPart(o.What); !whole {
			if prop == "" || !slices.Contains(r.Whole, prop) {
				return "", false
			}
		} else {
			for _, f := range keys {
				name, ok := jsonName(arg.Type(), f)
				if !ok || !slices.Contains(r.Names[f], name) {
					return "", false
				}
			}
		}
		readers = append(readers, o.Via)
		if o.Via != "" {
			base += " (through " + o.Via + ")"
		}
		read = joinRead(read, base)
	}
	if ck != nil && rs.readsOtherTables(ck, c, readers, impl) {
		return "", false // a copy into another table
	}
	return read, true
}

// readsOtherTables reports whether every read of the functions named
// in readers (the helpers whose own reads the rows came from, flow's
// Origin.Via; "" for the function of the call c) lists or gets a table
// other than the one impl's write (its SDK call, however deep in the
// package) writes: the rows are copied, not written back. False when
// a helper or a write is not the package's, or any table may be the
// same.
func (rs *readers) readsOtherTables(ck *checker, c ssa.CallInstruction, readers []string, impl *ssa.Function) bool {
	wpos, ok := rs.fieldWriteSDK[impl]
	if !ok {
		return false
	}
	wc := ck.callAt(wpos)
	if wc == nil {
		return false
	}
	// Across functions only table names tell tables apart: a client
	// variable of one function may be another's parameter.
	wt, ok := ck.x.Writes.TableAt(ck.fl, wc).(string)
	if !ok {
		return false
	}
	for _, name := range readers {
		var fns []*ssa.Function
		if name == "" {
			fns = []*ssa.Function{c.Parent()}
		} else {
			for _, f := range rs.fl.SSA.SrcFuncs {
				if f.Name() == name {
					fns = append(fns, f)
				}
			}
		}
		reads := 0
		for _, f := range fns {
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					call, ok := in.(ssa.CallInstruction)
					if !ok || !isListPager(call.Common()) && !isGetEntity(call.Common()) {
						continue
					}
					reads++
					rc := ck.callAt(call.Pos())
					if rc == nil {
						return false
					}
					if rt, ok := ck.x.Writes.TableAt(ck.fl, rc).(string); !ok || !writes.DifferentTables(rt, wt) {
						return false
					}
				}
			}
		}
		if reads == 0 {
			return false // read elsewhere: not known
		}
	}
	return true
}

// jsonName is the name encoding/json gives field (promoted fields
// included) of the struct t (or pointer to one): its tag's, or its own.
func jsonName(t types.Type, field string) (string, bool) {
	st := structType(t)
	if st == nil {
		return "", false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Embedded() {
			if _, tagged := reflect.StructTag(st.Tag(i)).Lookup("json"); !tagged {
				if n, ok := jsonName(f.Type(), field); ok {
					return n, true
				}
			}
			continue
		}
		if f.Name() != field {
			continue
		}
		if tag, ok := reflect.StructTag(st.Tag(i)).Lookup("json"); ok {
			n, _, _ := strings.Cut(tag, ",")
			if n == "-" {
				return "", false
			}
			if n != "" {
				return n, true
			}
		}
		return f.Name(), true
	}
	return "", false
}

// keyFieldStored reports whether the function of v may assign one of
// the fields (promoted ones too) of the struct v is, or points to,
// holds or was loaded from: a store to the field, or to an embedded
// struct holding it.
func keyFieldStored(v ssa.Value, fields []string, depth int) bool {
	if depth > 3 {
		return true
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	st := structType(v.Type())
	if st == nil || v.Referrers() == nil {
		return false
	}
	for _, ref := range *v.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != v {
			continue
		}
		f := st.Field(fa.Field)
		switch {
		case slices.Contains(fields, f.Name()):
			if storedTo(fa) {
				return true
			}
		case f.Embedded():
			if storedTo(fa) || keyFieldStored(fa, fields, depth+1) {
				return true
			}
		}
	}
	return false
}

// marshalledParam is the parameter val is json.Marshal of, as bytes or
// converted to a string: a struct written whole into one property.
func marshalledParam(val ssa.Value) *ssa.Parameter {
	val = flow.Unwrap(val)
	if cv, ok := val.(*ssa.Convert); ok {
		val = flow.Unwrap(cv.X) // string(b)
	}
	ex, ok := val.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil
	}
	c, ok := ex.Tuple.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return nil
	}
	if f := c.Call.StaticCallee(); f == nil || !isJSONMarshal(f) {
		return nil
	}
	return heldParam(flow.Unwrap(c.Call.Args[0]))
}

// heldParam is the parameter v is, or loads from the variable that
// holds it (its one whole store).
func heldParam(v ssa.Value) *ssa.Parameter {
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if a, ok := ld.X.(*ssa.Alloc); ok {
			return allocParam(a)
		}
	}
	p, _ := v.(*ssa.Parameter)
	return p
}

// allocParam is the parameter the variable a holds (its one whole
// store, of a parameter); nil otherwise.
func allocParam(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			q, ok := st.Val.(*ssa.Parameter)
			if !ok || p != nil {
				return nil
			}
			p = q
		}
	}
	return p
}

// propagateFieldWrites gives RewritesFields to the functions that hand
// their struct parameter, its key fields unassigned, to a function
// with RewritesFields (Put(r) setting r.Owner, then store.Save(r)),
// through interface calls too, up to maxRowHops functions deep.
func (rs *readers) propagateFieldWrites() {
	for range maxRowHops {
		grew := false
		for fn, call := range rs.fl.Calls() {
			if fn.Object() == nil || rs.fieldWriters[fn] != nil {
				continue
			}
			args := callArgs(call.Common())
			for _, impl := range rs.fl.Implementations(call.Common()) {
				r := rs.fieldWritesOf(impl)
				if r == nil || r.Param >= len(args) {
					continue
				}
				p := heldParam(args[r.Param])
				j := slices.Index(fn.Params, p)
				if p == nil || j < 0 || fn.Signature.Recv() != nil && j == 0 || keyFieldStored(args[r.Param], sortedKeys(r.Names), 0) {
					continue
				}
				rs.fieldWriters[fn] = &RewritesFields{Param: j, Names: r.Names, Whole: r.Whole, Method: r.Method}
				rs.fieldWritePos[fn] = call.Pos()
				if pos, ok := rs.fieldWriteSDK[impl]; ok {
					rs.fieldWriteSDK[fn] = pos
				}
				grew = true
				break
			}
		}
		if !grew {
			return
		}
	}
}

// readPart splits the What of an entity origin: whole when it is the
// row itself (a page's element, a GetEntity response's Value), else the
// name of the property it is ("page.Entities.Properties.Doc", or a
// field of a struct the row was decoded into: "GetEntity.Value.Doc");
// "" when it is neither.
func readPart(what string) (prop string, whole bool) {
	for _, row := range []string{"page.Entities", "page", "GetEntity.Value", "GetEntity"} {
		rest, ok := strings.CutPrefix(what, row)
		if !ok {
			continue
		}
		if rest == "" {
			return "", true
		}
		rest = strings.TrimPrefix(rest, ".")
		rest = strings.TrimPrefix(rest, "Properties.")
		if rest == "" || strings.Contains(rest, ".") {
			return "", false
		}
		return rest, false
	}
	return "", false
}

// changedAt reports whether the function of the call c assigns a field
// of the struct it gives its callee's parameter i (Hole.Param counts):
// the caller changed the row it hands on.
func changedAt(c ssa.CallInstruction, i int) bool {
	args := callArgs(c.Common())
	if i < 0 || i >= len(args) {
		return false
	}
	v := args[i]
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	st := structType(v.Type())
	if st == nil {
		return false
	}
	var all []string
	for f := range st.Fields() {
		all = append(all, f.Name())
	}
	return keyFieldStored(v, all, 0)
}
