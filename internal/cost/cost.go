// Package cost holds what review and replay share about prices: the
// month of a monthly estimate, the price of a rate of transactions, and
// how a price is written.
package cost

import (
	"math"
	"strconv"

	"github.com/tablelint/tablelint/internal/numtext"
)

// The list prices of Azure Table storage, Standard, locally redundant
// (LRS), East US, pay-as-you-go, as published on
// https://azure.microsoft.com/pricing/details/storage/tables/ in 2024:
// transactions by the 10,000 and stored data by the GB and month (the
// first terabyte's tier). The design guide asks for both: "you should
// include cost estimates for both capacity usage and the quantity of
// transactions as part of your evaluation of any solution that uses
// Table storage." Prices change, and differ by region and redundancy;
// review and replay take them from the configuration's prices:.
const (
	TableCurrency           = "USD"
	TableRegion             = "eastus"
	TablePer10kTransactions = 0.00036
	TableStoragePerGBMonth  = 0.045
	TablePricesSource       = "https://azure.microsoft.com/pricing/details/storage/tables/ (2024, Standard LRS, East US)"
)

// StorageMonthly returns the month's price of bytes stored, at
// perGBMonth a GB (2^30 bytes) a month.
func StorageMonthly(bytes, perGBMonth float64) float64 {
	return bytes / (1 << 30) * perGBMonth
}

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
		return numtext.Group(int64(math.Round(v)))
	case v >= 0.01:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}
