package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Element-wise slice summaries. A function that maps its slice
// parameter element by element and joins what it makes,
//
//	var parts []string
//	for _, c := range conds {
//		parts = append(parts, render(c.Col, c.Val))
//	}
//	return strings.Join(parts, " and ")
//
// is summarised as one Joined Param hole for conds whose Each is the
// text one iteration makes of the element: a template in which Elem
// holes (with Field, for a field of the element) stand for the element,
// and whose literal text, quotes and other holes are what render and the
// loop write, variant by variant (never flattened into one hole: a
// rule that judges where a value sits in quotes sees it there, with the
// position inside the mapped function where it entered them). A call
// binds the template to each element of the slice it passes (a
// literal, appends), joined by the separator; an element whose values
// are interfaces made from concrete types picks its type-switch cases
// (typecases.go). A caller that passes its own slice parameter on is
// summarised the same way, the template kept. Only loops that range over
// the parameter itself and append exactly one element per iteration to
// a slice empty before the loop are read so; any other loop stays what
// loops.go says.

// elemCtx is the element of a range loop over a slice: the slice and
// the loop's index.
type elemCtx struct {
	slice, idx ssa.Value
}

// elemRef is one element of a slice a caller passes: its value, and the
// address it is built at in a literal (for its fields), if any.
type elemRef struct {
	val, addr ssa.Value
}

// isElemAddr reports whether a is the address of the element e.elem
// maps.
func (e *eval) isElemAddr(a ssa.Value) bool {
	if e.elem == nil {
		return false
	}
	if al, ok := a.(*ssa.Alloc); ok {
		// The loop's variable, a copy of the element (its address is
		// taken): stored once, from the element.
		vals := storesTo(al)
		if len(vals) != 1 {
			return false
		}
		ld, ok := vals[0].(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return false
		}
		a = ld.X
	}
	ia, ok := a.(*ssa.IndexAddr)
	return ok && ia.X == e.elem.slice && ia.Index == e.elem.idx
}

// elemHole is the Elem hole for field (or the whole element).
func elemHole(field string) Value {
	return holeValue(Hole{Source: Param, Param: -1, Elem: true, Field: field, What: field})
}

// mappedJoin is strings.Join (or a join of sep) of elems when elems is
// a slice a loop fills with one element per element of a slice
// parameter: the Joined hole with its Each template.
func (e *eval) mappedJoin(elems ssa.Value, sep string, depth int) (Value, bool) {
	phi, ok := elems.(*ssa.Phi)
	if !ok || len(phi.Edges) != 2 || depth > MaxDepth {
		return Value{}, false
	}
	var tails [][]ssa.Value
	for _, ed := range phi.Edges {
		if t, ok := loopTails(ed, phi, map[*ssa.Phi]bool{}, depth+1); ok {
			tails = append(tails, t...)
			continue
		}
		heads, ok := e.sliceVariants(ed, depth+1)
		if !ok || len(heads) != 1 || len(heads[0]) != 0 {
			return Value{}, false // elements before the loop
		}
	}
	if len(tails) == 0 {
		return Value{}, false
	}
	for _, t := range tails {
		if len(t) != 1 || t[0] == nil {
			return Value{}, false // an iteration that appends none or several
		}
	}
	// The range: an element read in the loop, of a parameter, at the
	// loop's index.
	ctx, p := rangeOver(phi.Block())
	if ctx == nil || e.fn == nil || p.Parent() != e.fn {
		// Asked in place, a loop keeps what loops.go says: rules read
		// the elements' text there.
		return Value{}, false
	}
	sub := *e
	sub.elem = ctx
	var vs []Value
	for _, t := range tails {
		vs = append(vs, sub.of(t[0], depth))
	}
	each := union(vs...)
	return holeValue(Hole{Source: Param, Param: paramIndex(e.fn, p), What: p.Name(), Joined: true, Sep: sep, Each: &each, owner: e.fn}), true
}

// rangeOver returns the element of the range loop whose header is h
// when the loop ranges over a parameter of its function.
func rangeOver(h *ssa.BasicBlock) (*elemCtx, *ssa.Parameter) {
	for _, in := range h.Instrs {
		idx, ok := in.(*ssa.BinOp)
		if !ok || idx.Op != token.ADD || !rangeIndexOf(idx, h) {
			continue
		}
		refs := idx.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok || ia.Index != idx {
				continue
			}
			if p, ok := ia.X.(*ssa.Parameter); ok {
				return &elemCtx{slice: p, idx: idx}, p
			}
		}
	}
	return nil, nil
}

// elemValue is field (or the whole, for "") of the element el.
func (e *eval) elemValue(el *elemRef, field string, depth int) Value {
	switch {
	case field == "" && el.val != nil:
		return e.of(el.val, depth)
	case field == "":
		return e.load(el.addr, depth)
	case el.addr != nil:
		return e.fieldOf(el.addr, field, depth)
	}
	return e.fieldOf(el.val, field, depth)
}

// elemDynType is the dynamic type of field (or the whole) of el, when
// the code shows it.
func elemDynType(el *elemRef, field string) ssa.Value {
	if field == "" {
		if el.val != nil {
			return el.val
		}
		if vals := storesTo(el.addr); len(vals) == 1 {
			return vals[0]
		}
		return nil
	}
	base := el.addr
	if base == nil {
		if ld, ok := el.val.(*ssa.UnOp); ok && ld.Op == token.MUL {
			base = ld.X
		}
	}
	if base == nil {
		return nil
	}
	st := structOf(base.Type())
	if st == nil {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == field {
			return storedIntoField(base, i)
		}
	}
	return nil
}

// bindEach binds the Joined hole h with an Each template to a, the
// slice a call passes: each element's text joined by h.Sep; the hole
// again, for a slice parameter passed on; unknown otherwise.
func (e *eval) bindEach(h Hole, a ssa.Value, args []ssa.Value, depth int) Value {
	tmpl := *h.Each
	if lists, ok := e.elemRefs(a, depth); ok {
		var vs []Value
		for _, list := range lists {
			cur := Value{Variants: []Variant{{}}}
			for i, el := range list {
				if i > 0 {
					cur = concat(cur, textValue(h.Sep))
				}
				if el == nil {
					if i > 0 && list[i-1] != nil {
						// One more like the last (loops.go).
						cur = concat(cur, e.bindElem(tmpl, args, list[i-1], depth))
						cur.Approx = true
						continue
					}
					cur = concat(cur, moreElements())
					continue
				}
				cur = concat(cur, e.bindElem(tmpl, args, el, depth))
			}
			vs = append(vs, cur)
		}
		return union(vs...)
	}
	if p, ok := a.(*ssa.Parameter); ok {
		each := e.bindElem(tmpl, args, nil, depth)
		out := Hole{Source: Param, Param: paramIndex(p.Parent(), p), What: p.Name(), Joined: true, Sep: h.Sep, Each: &each, owner: p.Parent()}
		if p.Parent() != e.fn {
			if obj := p.Parent().Object(); obj != nil {
				out.Exported = obj.Exported()
			}
		}
		return holeValue(out)
	}
	return moreElements()
}

// elemRefs returns the element lists of the slice v, as sliceVariants
// does, with the address of each element of a literal (whose fields
// are stored one by one).
func (e *eval) elemRefs(v ssa.Value, depth int) ([][]*elemRef, bool) {
	if sl, ok := v.(*ssa.Slice); ok {
		if alloc, ok := sl.X.(*ssa.Alloc); ok && !writtenThrough(sl) {
			if elems, ok := sliceLiteral(sl); ok {
				refs := make([]*elemRef, len(elems))
				for i := range elems {
					refs[i] = &elemRef{val: elems[i]}
				}
				for _, ref := range *alloc.Referrers() {
					ia, ok := ref.(*ssa.IndexAddr)
					if !ok {
						continue
					}
					if c, ok := ia.Index.(*ssa.Const); ok {
						if i := c.Int64(); i >= 0 && int(i) < len(refs) && len(storesTo(ia)) == 0 {
							refs[i] = &elemRef{addr: ia}
						}
					}
				}
				return [][]*elemRef{refs}, true
			}
		}
	}
	lists, ok := e.sliceVariants(v, depth)
	if !ok {
		return nil, false
	}
	out := make([][]*elemRef, len(lists))
	for i, l := range lists {
		out[i] = make([]*elemRef, len(l))
		for j, el := range l {
			if el != nil {
				out[i][j] = &elemRef{val: el}
			}
		}
	}
	return out, true
}

// bindCase translates the case c of a summary's variant to the call
// with args (and the element el): false when the argument's dynamic
// type rules the case out; the case kept for the caller's own parameter
// or element when the type is not known here; nil when decided or not
// followed further.
func (e *eval) bindCase(c *TypeCase, args []ssa.Value, el *elemRef, depth int) (*TypeCase, bool) {
	if c == nil {
		return nil, true
	}
	var a ssa.Value
	switch {
	case c.Elem && el == nil:
		return c, true
	case c.Elem:
		a = elemDynType(el, c.Field)
	case c.Param >= 0 && c.Param < len(args):
		a = args[c.Param]
	default:
		return nil, true
	}
	if t := dynType(a, depth); t != nil {
		return nil, c.admits(t)
	}
	if a == nil {
		return nil, true
	}
	// Not known here: the caller's parameter, or the element mapped.
	if p, ok := a.(*ssa.Parameter); ok && p.Parent() == e.fn && e.fn != nil {
		out := *c
		out.Param, out.Elem, out.Field = paramIndex(e.fn, p), false, ""
		return &out, true
	}
	if field, ok := e.elemRead(a); ok {
		out := *c
		out.Param, out.Elem, out.Field = -1, true, field
		return &out, true
	}
	return nil, true
}

// elemRead reports whether v reads the element e.elem maps (or a field
// of it): the field's name.
func (e *eval) elemRead(v ssa.Value) (string, bool) {
	if e.elem == nil {
		return "", false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if e.isElemAddr(x.X) {
				return "", true
			}
			if fa, ok := x.X.(*ssa.FieldAddr); ok {
				if ld, ok := fa.X.(*ssa.UnOp); ok && ld.Op == token.MUL && e.isElemAddr(ld.X) {
					return fieldName(fa.X.Type(), fa.Field), true
				}
				if e.isElemAddr(fa.X) {
					return fieldName(fa.X.Type(), fa.Field), true
				}
			}
		}
	case *ssa.Field:
		if ld, ok := x.X.(*ssa.UnOp); ok && ld.Op == token.MUL && e.isElemAddr(ld.X) {
			return fieldName(x.X.Type(), x.Field), true
		}
	}
	return "", false
}

// BindJoined is what the call c gives a Joined hole with an Each
// template of its callee's summary (a parameter of the callee): the
// template bound to each element of the slice c passes, joined; the
// hole again, for c's function's own slice parameter passed on.
func (r *Result) BindJoined(c ssa.CallInstruction, h *Hole) Value {
	args := paramArgs(c.Common())
	if h == nil || !h.Joined || h.Each == nil || h.Param < 0 || h.Param >= len(args) {
		return Value{}
	}
	e := &eval{r: r}
	return e.bindEach(*h, args[h.Param], args, 0)
}

// Element returns the text one element of the slice makes, for a
// Joined hole with an Each template: the template, its Elem holes
// become holes of h's parameter (with the field read); every variant,
// whatever type-switch case it is built under. Zero Value for any other
// hole.
func (h *Hole) Element() Value {
	if !h.Joined || h.Each == nil {
		return Value{}
	}
	return mapHoles(*h.Each, func(x Hole) Hole {
		if x.Elem {
			x.Elem, x.Param, x.Exported, x.owner = false, h.Param, h.Exported, h.owner
			x.What = joinWhat(h.What, x.Field)
		}
		return x
	})
}

// WithoutPositions returns h with every position cleared (its Each
// template's too): for a hole from another package's fact.
func (h *Hole) WithoutPositions() *Hole {
	v := withoutAt(holeValue(*h))
	return v.Variants[0].Parts[0].Hole
}
