package odata

import (
	"strconv"
	"strings"
	"testing"
)

// TestLayoutsBounded parses filters of more distinct sizes than
// maxLayouts: the block types stay bounded, and the filters beyond the
// bound parse (without the cache) to the same text as with it.
func TestLayoutsBounded(t *testing.T) {
	var b strings.Builder
	for n := 1; n <= maxLayouts+50; n++ {
		if n > 1 {
			b.WriteString(" and ")
		}
		b.WriteString("P" + strconv.Itoa(n%7) + " eq " + strconv.Itoa(n))
		f, err := Parse(b.String())
		if err != nil {
			t.Fatalf("%d comparisons: %v", n, err)
		}
		if got := len(f.Expr.Terms[0].Factors); got != n {
			t.Fatalf("%d comparisons parsed as %d", n, got)
		}
		if g := f.Expr.Terms[0].Factors[n-1].Cmp; g == nil || g.Value.Value.Int != int64(n) {
			t.Fatalf("%d comparisons: last literal %+v", n, g)
		}
	}
	layouts.Lock()
	got := len(layouts.types)
	layouts.Unlock()
	if got > maxLayouts {
		t.Fatalf("%d block types, more than %d", got, maxLayouts)
	}
}
