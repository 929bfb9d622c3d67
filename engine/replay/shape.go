package replay

import "strings"

// Shape returns a filter's shape: its text with every literal lifted out
// and replaced by "?" (typed literals keep their prefix or suffix, so
// "datetime?" and "?L" stay apart from strings), and runs of spaces
// collapsed. Filters of one shape are the same query with different
// parameters; the report groups unnamed queries by shape. Shape is
// lexical and never fails: an invalid filter has a shape too.
func Shape(filter string) string {
	var b strings.Builder
	b.Grow(len(filter))
	space := false
	s := filter
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			space = true
			i++
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		switch {
		case c == '\'':
			i = skipQuoted(s, i)
			b.WriteByte('?')
		case isDigit(c) || (c == '-' && i+1 < len(s) && isDigit(s[i+1]) && !identBefore(s, i)):
			j := i + 1
			for j < len(s) && (isDigit(s[j]) || s[j] == '.' || s[j] == 'e' || s[j] == 'E' ||
				((s[j] == '+' || s[j] == '-') && (s[j-1] == 'e' || s[j-1] == 'E'))) {
				j++
			}
			b.WriteByte('?')
			if j < len(s) && strings.IndexByte("LlDdMmFf", s[j]) >= 0 && (j+1 == len(s) || !isIdent(s[j+1])) {
				b.WriteByte(s[j] &^ 0x20) // the type suffix, upper case
				j++
			}
			i = j
		case isIdentStart(c):
			j := i
			for j < len(s) && isIdent(s[j]) {
				j++
			}
			word := s[i:j]
			if j < len(s) && s[j] == '\'' {
				// A typed literal: datetime'…', guid'…', X'…', binary'…'.
				b.WriteString(strings.ToLower(word))
				b.WriteByte('?')
				i = skipQuoted(s, j)
				continue
			}
			switch word {
			case "true", "false":
				b.WriteByte('?')
			default:
				b.WriteString(word)
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// skipQuoted returns the index after the quoted literal starting at s[i]
// (a quote), where two quotes stand for one.
func skipQuoted(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\'' {
			if j+1 < len(s) && s[j+1] == '\'' {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || c >= 0x80 || ('a' <= c|0x20 && c|0x20 <= 'z') }
func isIdent(c byte) bool      { return isIdentStart(c) || isDigit(c) }

// identBefore reports whether s[i] directly follows an identifier
// character (so "-" is an operator, not a sign).
func identBefore(s string, i int) bool { return i > 0 && isIdent(s[i-1]) }
