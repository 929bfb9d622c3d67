package flow

import (
	"go/constant"
	"go/token"

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
