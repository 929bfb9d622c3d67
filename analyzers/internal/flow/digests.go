package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// commonBound returns the bits of b that every hole of v has (0 when v
// has no hole).
func commonBound(v Value, b Bound) Bound {
	hs := v.Holes()
	if len(hs) == 0 {
		return 0
	}
	for _, h := range hs {
		b &= h.Bound
	}
	return b
}

// storedWhole reports whether the local variable a is only ever stored
// whole (sum := sha256.Sum256(b), then sliced: sum[:]), never element by
// element nor through its address given away: what it holds is what was
// stored.
func storedWhole(a *ssa.Alloc) bool {
	n := 0
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != a {
				return false
			}
			n++
		case *ssa.Slice, *ssa.DebugRef:
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		default:
			return false
		}
	}
	return n > 0
}
