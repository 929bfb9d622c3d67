package flow

import "golang.org/x/tools/go/ssa"

// addressPassed reports whether the address of the variable a is given
// to a call (fill(&f), fmt.Sscan(s, &f)): code the engine does not
// follow may write it, so its value is unknown (unknownWrite), neither
// the zero value nor only what the function stores. (Decoding into it is
// recognised before: decodedInto. Storing the address in a struct field,
// opts.Filter = &f, is followed.)
func addressPassed(a *ssa.Alloc) bool {
	refs := a.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case ssa.CallInstruction:
			if _, builtin := ref.Common().Value.(*ssa.Builtin); !builtin {
				return true
			}
		case *ssa.MakeInterface:
			return true
		}
	}
	return false
}

// unknownWrite is the value of a variable written by code not followed.
func unknownWrite() Value {
	v := holeValue(Hole{What: "…"})
	v.Approx = true
	return v
}
