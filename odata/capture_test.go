package odata

import (
	"errors"
	"testing"
)

// A comparison cut short at the end of the filter used to panic in
// Comparison.Capture (participle passes the tokens matched so far).
func TestTruncatedComparison(t *testing.T) {
	for _, s := range []string{"X eq", "X", "A eq 1 and B ne", "not (X gt"} {
		_, err := Parse(s)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want *Error", s, err)
		}
	}
}
