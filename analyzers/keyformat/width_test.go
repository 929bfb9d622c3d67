package keyformat

import (
	"strings"
	"testing"
)

func TestVerbWidth(t *testing.T) {
	for _, c := range []struct {
		verb  string
		width int
		zero  bool
	}{{"%d", 0, false}, {"%06d", 6, true}, {"%019d", 19, true}, {"%-8s", 8, false}, {"%+05d", 5, true}, {"%0*d", -1, true}, {"%*d", -1, false}} {
		w, z := verbWidth(c.verb)
		if w != c.width || z != c.zero {
			t.Errorf("verbWidth(%q) = %d, %v; want %d, %v", c.verb, w, z, c.width, c.zero)
		}
	}
}

// FuzzVerbWidth: verbWidth never panics, and reports a negative width
// (-1) only for a width given at run time (*).
func FuzzVerbWidth(f *testing.F) {
	for _, s := range []string{"%d", "%06d", "%-+ #019d", "%", "%9999999999999999999d", "%.3f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, verb string) {
		if w, _ := verbWidth(verb); w < -1 || w == -1 && !strings.Contains(verb, "*") {
			t.Fatalf("verbWidth(%q) = %d", verb, w)
		}
	})
}
