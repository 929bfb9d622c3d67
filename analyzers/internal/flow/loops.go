package flow

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Slices appended to in a loop (for _, t := range terms { parts =
// append(parts, clause(t)) }): the loop header's φ-node has an edge that
// is the φ-node itself with elements appended, possibly in branches of
// the body. Its element lists are approximated by what one iteration
// may append, after the elements before the loop, followed by a nil
// element that stands for "possibly more" (a hole of unknown text,
// Approx, when joined); and by the elements before the loop followed
// by that nil element alone. Zero iterations are not a separate list:
// the nil element keeps the value unknown rather than empty, so a rule
// never concludes from a loop that a filter is absent.
//
// strings.Join of such a list (and of a slice filled by index, below)
// reads the nil element after known elements as one more element like
// the last: "RowKey eq 'a' or RowKey eq 'b'" for clauses appended in a
// loop, a shape the loop reaches when it runs twice, so that rules see
// what the separator joins (an or over RowKey comparisons); the value
// is Approx. A nil element with nothing known before it stays an
// unknown hole.

// loopTails reports whether ed, an edge of the loop header phi, is phi
// with elements appended, and returns the lists of elements one
// iteration may append.
func loopTails(ed ssa.Value, phi *ssa.Phi, seen map[*ssa.Phi]bool, depth int) ([][]ssa.Value, bool) {
	if depth > MaxDepth {
		return nil, false
	}
	switch ed := ed.(type) {
	case *ssa.Phi:
		if ed == phi {
			return [][]ssa.Value{nil}, true
		}
		if seen[ed] {
			// An inner loop's header met again: its further iterations
			// are the nil element's "possibly more".
			return [][]ssa.Value{nil}, true
		}
		seen[ed] = true
		defer delete(seen, ed)
		var out [][]ssa.Value
		for _, in := range ed.Edges {
			l, ok := loopTails(in, phi, seen, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
			if len(out) > MaxVariants {
				out = out[:MaxVariants]
			}
		}
		return out, true
	case *ssa.Call:
		b, ok := ed.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(ed.Call.Args) != 2 {
			return nil, false
		}
		heads, ok := loopTails(ed.Call.Args[0], phi, seen, depth+1)
		if !ok {
			return nil, false
		}
		return appendLiteral(heads, ed.Call.Args[1])
	}
	return nil, false
}

// iterations returns, for each list before the loop, that list with
// "possibly more" (nil) and that list with each tail one iteration may
// append and "possibly more"; bounded by MaxVariants.
func iterations(heads, tails [][]ssa.Value) [][]ssa.Value {
	var out [][]ssa.Value
	for _, h := range heads {
		out = append(out, append(append([]ssa.Value(nil), h...), nil))
		for _, t := range tails {
			if len(t) == 0 {
				continue
			}
			l := append(append([]ssa.Value(nil), h...), t...)
			out = append(out, append(l, nil))
		}
	}
	if len(out) > MaxVariants {
		out = out[:MaxVariants]
	}
	return out
}

// moreElements is the text of the nil element: unknown, Approx.
func moreElements() Value {
	v := holeValue(Hole{What: "…"})
	v.Approx = true
	return v
}

// appendLiteral is append(h, lit...) for each variant h of a slice, when
// lit is a slice literal; false otherwise.
func appendLiteral(heads [][]ssa.Value, lit ssa.Value) ([][]ssa.Value, bool) {
	tail, ok := sliceLiteral(lit)
	if !ok {
		return nil, false
	}
	out := make([][]ssa.Value, 0, len(heads))
	for _, h := range heads {
		out = append(out, append(append([]ssa.Value(nil), h...), tail...))
	}
	return out, true
}

// indexFilled returns the element lists of a slice made with make and
// filled by index (terms[i] = clause(id) in a loop): when every index is
// a constant below a constant length, the one list of what is stored
// (the zero value where nothing is); otherwise the values stored, in
// order, followed by the nil element. False when the slice is used other
// than by its index stores and loads, len, cap and strings.Join (given
// to a call that may fill it, sliced, kept).
func indexFilled(ms ssa.Value) ([][]ssa.Value, bool) {
	n := int64(-1)
	switch v := ms.(type) {
	case *ssa.MakeSlice:
		if c, ok := v.Len.(*ssa.Const); ok {
			n, _ = constant.Int64Val(c.Value)
		}
	case *ssa.Slice:
		// make([]T, 2) is an array sliced whole; its elements are
		// assigned through the slice.
		a, ok := v.X.(*ssa.Alloc)
		if !ok || v.Low != nil || v.Max != nil {
			return nil, false
		}
		arr, ok := a.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
		if !ok || len(*a.Referrers()) != 1 {
			return nil, false
		}
		n = arr.Len()
		if h, ok := v.High.(*ssa.Const); v.High != nil && (!ok || h.Int64() != n) {
			return nil, false
		}
	default:
		return nil, false
	}
	exact := n >= 0 && n <= MaxParts
	at := map[int64]ssa.Value{}
	var vals []ssa.Value
	for _, ref := range *ms.Referrers() {
		switch ref := ref.(type) {
		case *ssa.IndexAddr:
			for _, r2 := range *ref.Referrers() {
				switch r2 := r2.(type) {
				case *ssa.Store:
					if r2.Addr != ref {
						return nil, false
					}
					vals = append(vals, r2.Val)
					c, ok := ref.Index.(*ssa.Const)
					if !ok {
						exact = false
						continue
					}
					i, _ := constant.Int64Val(c.Value)
					if _, dup := at[i]; dup || i < 0 || i >= n {
						exact = false
					}
					at[i] = r2.Val
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return nil, false
				}
			}
		case *ssa.DebugRef:
		case *ssa.Call:
			if b, ok := ref.Call.Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				continue
			}
			if f := ref.Call.StaticCallee(); f != nil && callee(f) == "strings.Join" && ref.Call.Args[0] == ms {
				continue
			}
			return nil, false
		default:
			return nil, false
		}
	}
	if exact {
		list := make([]ssa.Value, n)
		for i := range list {
			if v, ok := at[int64(i)]; ok {
				list[i] = v
			} else {
				list[i] = ssa.NewConst(nil, ms.Type().Underlying().(*types.Slice).Elem())
			}
		}
		return [][]ssa.Value{list}, true
	}
	if len(vals) == 0 || len(vals) > MaxVariants {
		return nil, false
	}
	return [][]ssa.Value{append(vals, nil)}, true
}
