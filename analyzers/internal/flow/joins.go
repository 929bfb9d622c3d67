package flow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Joins of a slice parameter. A helper that joins the slice it is
// given — strings.Join(parts, sep), or the same written by hand:
//
//	out := ""
//	for i, c := range parts {
//		if i > 0 { // or out != "", len(out) > 0
//			out += sep
//		}
//		out += c // or string(c) of a string type
//	}
//
// — is summarised as one Param hole with Joined set: "the elements of
// that parameter, each as text, joined by Sep". Each call binds it to
// the elements its argument has (a variadic call's arguments, a slice
// literal, clauses appended in branches), so that a small combinator
// library (all(is("PartitionKey", p), below("RowKey", r))) gives the
// filter its callers build. An argument whose elements are not known
// stays an unknown hole. A hand-written join is recognised only in the
// shape above (a range over the slice with a constant separator before
// every element but the first); any other loop stays what loops.go
// says. The loop's accumulator read inside the loop body is not
// rewritten: only its value after the loop is the join.

// handJoin reports whether phi is the accumulator of a hand-written
// join of a slice: the slice and the separator.
func handJoin(phi *ssa.Phi) (ssa.Value, string, bool) {
	if len(phi.Edges) != 2 || !isStringType(phi.Type()) {
		return nil, "", false
	}
	init, back := phi.Edges[0], phi.Edges[1]
	if c, ok := init.(*ssa.Const); !ok || c.Value == nil || c.Value.Kind() != constant.String || constant.StringVal(c.Value) != "" {
		return nil, "", false
	}
	add, ok := back.(*ssa.BinOp)
	if !ok || add.Op != token.ADD {
		return nil, "", false
	}
	slice, idx, ok := rangeElement(add.Y)
	if !ok || !rangeIndexOf(idx, phi.Block()) {
		return nil, "", false
	}
	sep := ""
	if add.X != phi {
		psi, ok := add.X.(*ssa.Phi)
		if !ok || len(psi.Edges) != 2 {
			return nil, "", false
		}
		var withSep *ssa.BinOp
		plain := 0
		for _, ed := range psi.Edges {
			if ed == phi {
				plain++
				continue
			}
			if b, ok := ed.(*ssa.BinOp); ok && b.Op == token.ADD && b.X == phi {
				withSep = b
			}
		}
		if plain != 1 || withSep == nil {
			return nil, "", false
		}
		c, ok := withSep.Y.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.String || !firstSkipped(withSep.Block(), phi, idx) {
			return nil, "", false
		}
		sep = constant.StringVal(c.Value)
	}
	return slice, sep, true
}

// rangeElement returns the slice and index of v, an element of a slice
// read in a range loop (*&s[i], possibly converted to a string type).
func rangeElement(v ssa.Value) (ssa.Value, ssa.Value, bool) {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			if !isStringType(x.X.Type()) {
				return nil, nil, false
			}
			v = x.X
			continue
		}
		break
	}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || !isStringType(ld.Type()) {
		return nil, nil, false
	}
	ia, ok := ld.X.(*ssa.IndexAddr)
	if !ok {
		return nil, nil, false
	}
	return ia.X, ia.Index, true
}

// rangeIndexOf reports whether idx is the index of a range loop over a
// slice whose header is block h: a φ there from -1, plus one.
func rangeIndexOf(idx ssa.Value, h *ssa.BasicBlock) bool {
	inc, ok := idx.(*ssa.BinOp)
	if !ok || inc.Op != token.ADD {
		return false
	}
	one, ok := inc.Y.(*ssa.Const)
	if !ok || one.Int64() != 1 {
		return false
	}
	p, ok := inc.X.(*ssa.Phi)
	if !ok || p.Block() != h || len(p.Edges) != 2 {
		return false
	}
	start, ok := p.Edges[0].(*ssa.Const)
	return ok && start.Int64() == -1
}

// firstSkipped reports whether block b (where the separator is added)
// runs only under a test that is false on the first iteration: i > 0 or
// i != 0 on the range index, acc != "" or len(acc) > 0 on the
// accumulator.
func firstSkipped(b *ssa.BasicBlock, acc, idx ssa.Value) bool {
	for n := 0; n < 4 && len(b.Preds) == 1; n++ {
		p := b.Preds[0]
		if iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok {
			if len(p.Succs) != 2 || p.Succs[0] != b {
				return false // the separator on the false branch
			}
			c, ok := iff.Cond.(*ssa.BinOp)
			if !ok || (c.Op != token.GTR && c.Op != token.NEQ) {
				return false
			}
			z, ok := c.Y.(*ssa.Const)
			if !ok || z.Value == nil {
				return false
			}
			switch x := c.X.(type) {
			case *ssa.Call:
				bl, ok := x.Call.Value.(*ssa.Builtin)
				return ok && bl.Name() == "len" && len(x.Call.Args) == 1 && x.Call.Args[0] == acc && z.Value.ExactString() == "0"
			default:
				return (x == idx && z.Value.ExactString() == "0") || (x == acc && z.Value.ExactString() == `""`)
			}
		}
		b = p
	}
	return false
}

// joinedParam is the Joined hole for the slice parameter p of the
// function being summarised; false for any other slice.
func (e *eval) joinedParam(s ssa.Value, sep string) (Value, bool) {
	p, ok := s.(*ssa.Parameter)
	if !ok || e.fn == nil || p.Parent() != e.fn {
		return Value{}, false
	}
	for i, q := range e.fn.Params {
		if q == p {
			return holeValue(Hole{Source: Param, Param: i, What: p.Name(), Joined: true, Sep: sep, owner: e.fn}), true
		}
	}
	return Value{}, false
}

// constText returns the text of v when it is constant.
func constText(v Value) (string, bool) {
	if !v.IsConst() {
		return "", false
	}
	return v.Variants[0].Text(), true
}

// Element-wise joins. A helper that maps each element of a slice
// parameter through an expression and joins the results —
//
//	var parts []string
//	for _, t := range terms {
//		parts = append(parts, predicate(t.col, t.val))
//	}
//	return strings.Join(parts, " and ")
//
// — is summarised as a Joined hole with a Template: the value one
// element gives, its Elem holes standing for the element (t.col: Elem
// with Field col). Each call binds the template to each element of its
// slice literal in turn (a struct element's fields as the literal sets
// them) and joins the results, so that a small query builder gives its
// callers' filters element by element. Only that shape (a slice that
// starts empty and gets one mapped element per iteration of a range
// over the parameter) is mapped; an argument whose elements are not
// known stays an unknown hole.

// mappedJoin is the templated Joined hole of a join of elems by sep,
// when elems is a slice filled as above in the function summarised.
func (e *eval) mappedJoin(elems ssa.Value, sep string, depth int) (Value, bool) {
	phi, ok := elems.(*ssa.Phi)
	if !ok || e.fn == nil || phi.Parent() != e.fn || len(phi.Edges) != 2 {
		return Value{}, false
	}
	var el ssa.Value
	empty := false
	for _, ed := range phi.Edges {
		if l, ok := sliceLiteral(ed); ok && len(l) == 0 {
			empty = true
			continue
		}
		c, ok := ed.(*ssa.Call)
		if !ok {
			return Value{}, false
		}
		b, ok := c.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(c.Call.Args) != 2 || c.Call.Args[0] != phi {
			return Value{}, false
		}
		l, ok := sliceLiteral(c.Call.Args[1])
		if !ok || len(l) != 1 {
			return Value{}, false
		}
		el = l[0]
	}
	if !empty || el == nil {
		return Value{}, false
	}
	was := e.mapping
	e.mapping = true
	tv := e.of(el, depth)
	e.mapping = was
	param := -1
	for _, h := range tv.Holes() {
		if h.Source == Param && h.Elem {
			if param >= 0 && h.Param != param {
				return Value{}, false
			}
			param = h.Param
		}
	}
	if param < 0 || tv.Approx {
		return Value{}, false
	}
	p := e.fn.Params[param]
	return holeValue(Hole{Source: Param, Param: param, What: p.Name(), Joined: true, Sep: sep, Template: &tv, owner: e.fn}), true
}

// elemHole is the Elem hole for x[idx] (and its field, when field is
// set): an element of a slice parameter of the function summarised,
// read in a range loop over it.
func (e *eval) elemHole(x, idx ssa.Value, field string) (Value, bool) {
	p, ok := x.(*ssa.Parameter)
	if !ok || !e.mapping || e.fn == nil || p.Parent() != e.fn || !isRangeIndex(idx) {
		return Value{}, false
	}
	for i, q := range e.fn.Params {
		if q == p {
			what := p.Name() + "[i]"
			if field != "" {
				what += "." + field
			}
			return holeValue(Hole{Source: Param, Param: i, Elem: true, Field: field, What: what, owner: e.fn}), true
		}
	}
	return Value{}, false
}

// isRangeIndex: idx is the index of a range loop over a slice (a φ
// from -1, plus one).
func isRangeIndex(idx ssa.Value) bool {
	inc, ok := idx.(*ssa.BinOp)
	if !ok {
		return false
	}
	p, ok := inc.X.(*ssa.Phi)
	return ok && rangeIndexOf(idx, p.Block())
}

// joinMapped binds a templated Joined hole h to the slice a the call
// passes: each element of a slice literal through the template, joined
// by h.Sep; a parameter of the function summarised passed on is that
// parameter's templated join in turn (a template that reads no other
// parameter); anything else is unknown.
func (e *eval) joinMapped(a ssa.Value, h Hole, args []ssa.Value, depth int) Value {
	if p, ok := a.(*ssa.Parameter); ok && e.fn != nil && p.Parent() == e.fn {
		for _, t := range h.Template.Holes() {
			if t.Source == Param && !t.Elem {
				return moreElements()
			}
		}
		for i, q := range e.fn.Params {
			if q == p {
				return holeValue(Hole{Source: Param, Param: i, What: p.Name(), Joined: true, Sep: h.Sep, Template: h.Template, owner: e.fn})
			}
		}
	}
	elems, ok := literalElems(a)
	if !ok || depth > MaxDepth {
		return moreElements()
	}
	cur := textValue("")
	for i, el := range elems {
		if i > 0 {
			cur = concat(cur, textValue(h.Sep))
		}
		cur = concat(cur, e.bindElem(*h.Template, args, el, depth+1))
	}
	return cur
}

// literalElems returns the elements of a slice literal: the value
// stored in each, or, for an element set field by field (a struct
// literal), its address.
func literalElems(v ssa.Value) ([]ssa.Value, bool) {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		if c, isC := v.(*ssa.Const); isC && c.IsNil() {
			return nil, true
		}
		return nil, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok || writtenThrough(sl) {
		return nil, false
	}
	arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	elems := make([]ssa.Value, arr.Len())
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		i, _ := constant.Int64Val(c.Value)
		if int(i) >= len(elems) {
			return nil, false
		}
		elems[i] = ia
		for _, r2 := range *ia.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == ia {
				elems[i] = st.Val
			}
		}
	}
	for _, el := range elems {
		if el == nil {
			return nil, false
		}
	}
	return elems, true
}

// elemValue is the value of a slice literal's element: the value
// stored, or what its address holds.
func (e *eval) elemValue(el ssa.Value, depth int) Value {
	if ia, ok := el.(*ssa.IndexAddr); ok {
		return e.load(ia, depth)
	}
	return e.of(el, depth)
}
