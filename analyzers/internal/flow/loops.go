package flow

import "golang.org/x/tools/go/ssa"

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
