package review

import (
	"fmt"
	"math"
	"strconv"

	"github.com/tablelint/tablelint/internal/numtext"
)

func sprintf(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
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
		return numtext.Group(int64(math.Round(v)))
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}

// bytesText formats a byte count: "60,964 B (59.5 KiB)".
func bytesText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%s B (%.2f MiB)", numtext.Group(n), float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%s B (%.1f KiB)", numtext.Group(n), float64(n)/(1<<10))
	}
	return numtext.Group(n) + " B"
}
