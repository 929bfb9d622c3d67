package cost

import (
	"math"
	"sort"
)

// The request units (RU) Cosmos DB charges for reading or writing one
// item, by its size: the table of Microsoft Learn, "Understand request
// unit consumption"
// (https://learn.microsoft.com/azure/cosmos-db/understand-request-unit-consumption),
// "Document Size | Read Operation | Write Operation", for session and
// eventual consistency ("Read RUs mentioned are applicable to session and
// eventual consistency."), with the default indexing. Sizes are KiB.
var ruTable = []struct{ kib, read, write float64 }{
	{1, 1.00, 4.95},
	{2, 1.04, 6.29},
	{4, 1.14, 6.67},
	{8, 1.33, 7.04},
	{16, 1.67, 9.52},
	{32, 2.19, 11.23},
	{64, 4.76, 22.67},
	{128, 9.95, 48.19},
	{256, 20.28, 98.29},
	{512, 40.95, 184.57},
	{1024, 145.90, 625.00},
	{2048, 291.80, 1250.00},
}

// ReadRU returns the request units of a point read of an item of bytes
// bytes: the table's value, linear between its rows, the 1 KiB value
// below 1 KiB and proportional to the size past 2 MiB.
func ReadRU(bytes float64) float64 { return ru(bytes, false) }

// WriteRU returns the request units of writing (inserting, replacing,
// upserting) an item of bytes bytes, as ReadRU does for reads.
func WriteRU(bytes float64) float64 { return ru(bytes, true) }

func ru(bytes float64, write bool) float64 {
	at := func(i int) float64 {
		if write {
			return ruTable[i].write
		}
		return ruTable[i].read
	}
	kib := bytes / 1024
	n := len(ruTable)
	switch {
	case kib <= ruTable[0].kib:
		return at(0)
	case kib >= ruTable[n-1].kib:
		return at(n-1) * kib / ruTable[n-1].kib
	}
	i := sort.Search(n, func(i int) bool { return ruTable[i].kib >= kib })
	lo, hi := ruTable[i-1], ruTable[i]
	f := (kib - lo.kib) / (hi.kib - lo.kib)
	return at(i-1) + f*(at(i)-at(i-1))
}

// QueryRU returns the request units of a query that reads bytes bytes of
// entities: one RU per KiB read, at least one — "A point read for a 1-KB
// item is equivalent to one Request Unit (RU)." (Microsoft Learn,
// "Request units", https://learn.microsoft.com/azure/cosmos-db/request-units),
// the point read's rate for small items, since a query's charge grows
// with the data it loads. Real charges also depend on the query and the
// indexing policy.
func QueryRU(bytes float64) float64 { return math.Max(1, math.Ceil(bytes/1024)) }
