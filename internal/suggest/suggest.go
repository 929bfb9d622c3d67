// Package suggest finds the likely intended word for a misspelt one, for
// "did you mean" messages.
package suggest

import (
	"math"
	"strings"
)

// Closest returns the candidate closest to s (case-insensitive edit
// distance, with abbreviations counting as close), or "" when none is
// close enough to suggest. It serves "did you mean" messages.
func Closest(s string, candidates []string) string {
	best, bestD := "", math.MaxInt
	ls := strings.ToLower(s)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := distance(ls, lc)
		if len(ls) >= 3 && strings.HasPrefix(lc, ls) {
			d = min(d, 1) // an abbreviation: "warn" for "warning"
		}
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > max(2, len(best)/3) || best == s {
		return ""
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes;
// long strings are never close.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return math.MaxInt / 2
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
