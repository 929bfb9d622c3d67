// Package numtext formats the numbers of tablelint's text output and
// messages: counts with thousands separators, rates, percentages and
// plurals, so every report writes a number the same way.
package numtext

import (
	"math"
	"strconv"
	"strings"
)

// Group formats n with thousands separators: 12,345 (and -12,345).
func Group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Plural formats a count of word: "1 second", "12,345 seconds".
func Plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return Group(n) + " " + word + "s"
}

// Percent formats a fraction as a percentage with one decimal: 12.5%,
// "<0.1%" for a small non-zero fraction, "0%" for none.
func Percent(f float64) string {
	p := 100 * f
	switch {
	case p == 0:
		return "0%"
	case p < 0.1:
		return "<0.1%"
	}
	return strconv.FormatFloat(p, 'f', 1, 64) + "%"
}

// Decimal formats a measured figure: whole numbers and figures of 100 or
// more as whole numbers with separators (1,235), smaller fractions with
// one decimal (2.5).
func Decimal(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return Group(int64(f))
	}
	if f >= 100 {
		return Group(int64(math.Round(f)))
	}
	return strconv.FormatFloat(f, 'f', 1, 64)
}

// Rate formats a target: whole numbers with separators, fractions as
// they are (0.5).
func Rate(r float64) string {
	if r == math.Trunc(r) && math.Abs(r) < 1e15 {
		return Group(int64(r))
	}
	return strconv.FormatFloat(r, 'g', -1, 64)
}

// Round rounds f to digits decimal places, for figures written to JSON.
func Round(f float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(f*p) / p
}
