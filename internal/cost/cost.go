// Package cost holds what review and replay share about prices: the
// month of a monthly estimate, the price of a rate of transactions, and
// how a price is written.
package cost

import (
	"math"
	"strconv"
	"strings"
)

// SecondsPerMonth is the month of the monthly estimates: 30 days.
const SecondsPerMonth = 30 * 24 * 3600

// Monthly returns the price of txPerSecond billable transactions a
// second over a month, at pricePer10k per 10,000 transactions.
func Monthly(txPerSecond, pricePer10k float64) float64 {
	return txPerSecond * SecondsPerMonth / 10_000 * pricePer10k
}

// Text formats a price with enough digits to show small amounts:
// 1,234 from 100, 46.66 from 0.01, two significant digits below.
func Text(v float64) string {
	switch {
	case v == 0:
		return "0"
	case v >= 100:
		return group(int64(math.Round(v)))
	case v >= 0.01:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}

func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
