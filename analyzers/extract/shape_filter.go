package extract

import (
	"sort"
	"strings"

	"github.com/tablelint/tablelint/odata"
)

// Shape returns a filter template's shape: every value — literal or
// placeholder — replaced by ?, runs of blanks made one space, and the
// conditions of a top-level `and` sorted. Filters of one shape are one
// access pattern.
func Shape(filter string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(filter); i++ {
		c := filter[i]
		switch {
		case c == '\'':
			quoted = !quoted
			b.WriteByte(c)
		case !quoted && c == '{' && i+1 < len(filter) && filter[i+1] == '{':
			b.WriteByte('{')
			i++
		case !quoted && c == '{':
			end := strings.IndexByte(filter[i:], '}')
			if end < 0 {
				b.WriteString(filter[i:])
				i = len(filter)
				continue
			}
			b.WriteString("0")
			i += end
		default:
			b.WriteByte(c)
		}
	}
	s := odata.Shape(b.String())
	s = strings.NewReplacer("?L", "?", "?D", "?").Replace(s)
	return sortConjuncts(s)
}

// sortConjuncts sorts the conditions of a top-level `and` (when the top
// level has no `or`).
func sortConjuncts(s string) string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ' ':
			if depth != 0 {
				continue
			}
			if strings.HasPrefix(s[i:], " or ") {
				return s
			}
			if strings.HasPrefix(s[i:], " and ") {
				parts = append(parts, s[start:i])
				start = i + 5
				i += 4
			}
		}
	}
	parts = append(parts, s[start:])
	sort.Strings(parts)
	return strings.Join(parts, " and ")
}
