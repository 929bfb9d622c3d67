package review

import (
	"math"
	"strings"
	"testing"
)

// TestNumLarge: estimates beyond int64 print as floats, never as a
// wrapped negative integer.
func TestNumLarge(t *testing.T) {
	for v, want := range map[float64]string{
		1e29:                "1.00e+29",
		9.3e18:              "9.30e+18",
		math.MaxInt64:       "9.22e+18",
		999_999_999_999_999: "999,999,999,999,999",
		1234.4:              "1,234",
	} {
		if got := num(v); got != want || strings.HasPrefix(got, "-") {
			t.Errorf("num(%g) = %q, want %q", v, got, want)
		}
	}
}
