package review

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

func sprintf(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
}

// thousands formats n with comma separators: 1234567 → "1,234,567".
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// num formats a non-negative estimate: whole numbers with separators,
// small fractions with two significant digits.
func num(v float64) string {
	switch {
	case math.IsInf(v, 0) || math.IsNaN(v):
		return "?"
	case math.Abs(v) >= 1e15:
		// Beyond int64's exact range: a float, never a wrapped integer.
		return strconv.FormatFloat(v, 'e', 2, 64)
	case v >= 100 || v == math.Trunc(v):
		return thousands(int64(math.Round(v)))
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}

// bytesText formats a byte count: "60,964 B (59.5 KiB)".
func bytesText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%s B (%.2f MiB)", thousands(n), float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%s B (%.1f KiB)", thousands(n), float64(n)/(1<<10))
	}
	return thousands(n) + " B"
}
