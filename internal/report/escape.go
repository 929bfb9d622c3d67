package report

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// EscapeControl returns s with the characters that control a terminal
// written as escapes: C0 and C1 control characters (ESC, BEL, CR, LF,
// tab, …) as \xNN or \u00NN, and the bidirectional overrides and
// isolates (U+202A–U+202E, U+2066–U+2069) as \uNNNN, so text from a
// design, a trace or a filter can neither retitle nor clear a terminal
// or a CI log, nor reorder what it shows. Everything else, including
// other non-ASCII text, is unchanged. Every text output uses it for text
// that comes from an input.
func EscapeControl(s string) string {
	i := strings.IndexFunc(s, isControl)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case r == utf8.RuneError:
			b.WriteRune(r)
		case r < 0x80 && isControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case isControl(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isControl(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f) ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}
