package cost

import "math"

// Cosmos DB for Table bills throughput and storage, not transactions:
// "Provisioned Throughput: You are billed hourly for the maximum
// provisioned throughput for a given hour, in increments of 100 RU/s.",
// "Serverless: You are billed hourly for the total amount of Request
// Units consumed by your database operations." and "Storage: You are
// billed a flat rate for the total amount of storage (in GBs) consumed by
// your data and indexes for a given hour." (Microsoft Learn, "Understand
// your Azure Cosmos DB bill",
// https://learn.microsoft.com/azure/cosmos-db/understand-your-bill). It
// bills from the moment a table exists: "even empty tables without any
// requests, cost money" (Frequently asked questions about Azure Cosmos
// DB for Table).

// CosmosPrices is the price table of a Cosmos DB for Table estimate.
type CosmosPrices struct {
	// Currency and Region say what the prices are.
	Currency, Region string
	// ProvisionedPer100RUHour is the price of 100 RU/s of standard
	// (manual) provisioned throughput for an hour; AutoscalePer100RUHour
	// that of 100 RU/s of autoscale throughput.
	ProvisionedPer100RUHour, AutoscalePer100RUHour float64
	// ServerlessPerMillionRU is the price of a million request units
	// consumed on a serverless account.
	ServerlessPerMillionRU float64
	// StoragePerGBMonth is the price of a GB (2^30 bytes) of data and
	// index stored for a month.
	StoragePerGBMonth float64
	// Source names where the prices come from.
	Source string
}

// DefaultCosmosPrices are the list prices of Azure Cosmos DB, one
// region (East US), no reserved capacity, as published on
// https://azure.microsoft.com/pricing/details/cosmos-db/ in 2024: standard
// provisioned throughput $0.008 and autoscale $0.012 per 100 RU/s an
// hour, serverless $0.25 per million RU, transactional storage $0.25 per
// GB a month. Prices change and differ by region, by the number of
// regions and with reserved capacity.
var DefaultCosmosPrices = CosmosPrices{
	Currency: "USD", Region: "eastus",
	ProvisionedPer100RUHour: 0.008, AutoscalePer100RUHour: 0.012,
	ServerlessPerMillionRU: 0.25, StoragePerGBMonth: 0.25,
	Source: "https://azure.microsoft.com/pricing/details/cosmos-db/ (2024, East US, one region)",
}

// HoursPerMonth is the hours of the 30-day month.
const HoursPerMonth = SecondsPerMonth / 3600

// AutoscaleFloor is the share of the autoscale maximum an autoscale
// table is billed for at least: autoscale scales "between 10% and 100%"
// of the maximum RU/s (Microsoft Learn, "Create Azure Cosmos DB
// containers and databases with autoscale throughput").
const AutoscaleFloor = 0.1

// roundUp100 rounds RU/s up to the billing increment of 100.
func roundUp100(ru float64) float64 { return math.Ceil(ru/100) * 100 }

// Provisioned returns the month's price of ru RU/s of standard
// provisioned throughput, billed whether used or not.
func (p CosmosPrices) Provisioned(ru float64) float64 {
	return roundUp100(ru) / 100 * p.ProvisionedPer100RUHour * HoursPerMonth
}

// Autoscale returns the month's price of an autoscale table of maximum
// maxRU RU/s whose requests need used RU/s on average: each hour is
// billed at the RU/s it scaled to, taken here as used, between 10% of the
// maximum and the maximum.
func (p CosmosPrices) Autoscale(maxRU, used float64) float64 {
	ru := min(max(used, maxRU*AutoscaleFloor), maxRU)
	return roundUp100(ru) / 100 * p.AutoscalePer100RUHour * HoursPerMonth
}

// Serverless returns the month's price of used RU/s consumed on a
// serverless account.
func (p CosmosPrices) Serverless(used float64) float64 {
	return used * SecondsPerMonth / 1e6 * p.ServerlessPerMillionRU
}

// Storage returns the month's price of bytes stored.
func (p CosmosPrices) Storage(bytes float64) float64 {
	return bytes / (1 << 30) * p.StoragePerGBMonth
}
