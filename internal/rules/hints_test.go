package rules

import (
	"strings"
	"testing"
)

// TestHintFor: the Go hints belong to rules that apply to Go code, and
// other targets fall back to the rule's Hint.
func TestHintFor(t *testing.T) {
	for id := range goHints {
		r, ok := Get(id)
		if !ok || !r.AppliesToTarget(GoCode) || r.Hint == "" {
			t.Errorf("%s: a Go hint for a rule that is missing, has no Hint or does not apply to Go code", id)
		}
	}
	// The Go message names the verb at the width of the integer type
	// (%019d for an int64): the hint must not give another width.
	if h := HintFor("TL204", GoCode); !strings.Contains(h, `fmt.Sprintf("%0Nd", id)`) {
		t.Errorf("TL204 Go hint %q", h)
	}
	if h := HintFor("TL204", Design); h != "" {
		t.Errorf("TL204 design hint %q, want the rule's", h)
	}
}
