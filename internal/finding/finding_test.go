package finding

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	exact := strings.Repeat("é", MaxValueLen)
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"Name eq 'x'", "Name eq 'x'"},
		{exact, exact},
		{exact + "x", strings.Repeat("é", MaxValueLen-1) + "…"},
	} {
		got := Clip(tc.in)
		if got != tc.want {
			t.Errorf("Clip(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if n := utf8.RuneCountInString(got); n > MaxValueLen {
			t.Errorf("Clip(%q) has %d characters", tc.in, n)
		}
	}
}
