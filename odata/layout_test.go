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

// TestFlatKinds holds the block types declared in Go for conjunctions of
// comparisons to the ones blockType makes for the same counts: the same
// fields, offsets and size.
func TestFlatKinds(t *testing.T) {
	for n := 1; n < len(flatKinds); n++ {
		got, want := flatKinds[n].typ, blockType(n, 0, n, 0, 0, 0)
		if got.Size() != want.Size() || got.NumField() != want.NumField() {
			t.Fatalf("%d comparisons: %v (%d bytes), want %v (%d bytes)", n, got, got.Size(), want, want.Size())
		}
		for i := range want.NumField() {
			g, w := got.Field(i), want.Field(i)
			if g.Name != w.Name || g.Type != w.Type || g.Offset != w.Offset {
				t.Errorf("%d comparisons: field %d is %s %v at %d, want %s %v at %d", n, i, g.Name, g.Type, g.Offset, w.Name, w.Type, w.Offset)
			}
		}
		if p := flatKinds[n].alloc(); p == nil {
			t.Errorf("%d comparisons: alloc returned nil", n)
		}
	}
}
