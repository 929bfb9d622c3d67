package review

import (
	"fmt"
	"math"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// The Cosmos DB Table API (target: cosmos) differs from Table storage in
// what the review says about queries: its results are not sorted by
// PartitionKey and RowKey, every property is indexed, and throughput is
// request units (RU).

// cosmosOrdering reports TL317 for a query whose use depends on results
// in key order: one that takes the first `top` entities of more than one
// (the log tail), or that declares the order the application needs.
func (r *reviewer) cosmosOrdering(q *model.Query, name string) {
	if r.d.Target != model.Cosmos || q.Unsupported != nil || q.Plan.Kind == plan.Point {
		return
	}
	switch {
	case q.Top > 0 && q.TopNode != nil:
		r.add("TL317", q.TopNode, -1, "query %s takes the first %d entities, which Cosmos DB does not sort by key", name, q.Top).Hint =
			finding.HintWith("TL317", fmt.Sprintf("they are not the %d lowest keys: a log tail \"isn't suitable for Azure Cosmos DB\"", q.Top))
	case q.Order != "" && q.OrderNode != nil:
		r.add("TL317", q.OrderNode, -1, "query %s needs results by %s, which Cosmos DB does not sort by key", name, q.Order).Hint =
			finding.HintWith("TL317", "the Cosmos DB Table API returns results unsorted: sort them in the client")
	}
}

// indexedProperty reports whether the filter has a top-level comparison
// of a property other than the keys that an index answers (eq or a
// bound): on Cosmos DB every property is indexed.
func indexedProperty(f *odata.Filter) bool {
	if f == nil {
		return false
	}
	for _, c := range f.Conjuncts() {
		if c.Cmp == nil || c.Cmp.Property == plan.PartitionKey || c.Cmp.Property == plan.RowKey {
			continue
		}
		switch c.Cmp.Op {
		case odata.OpEq, odata.OpGt, odata.OpGe, odata.OpLt, odata.OpLe:
			return true
		}
	}
	return false
}

// cosmosScan adjusts a TL301/TL303 finding for Cosmos DB: a scan whose
// filter compares an indexed property reads only the matching entities,
// so it is information, and the message says why.
func cosmosScan(it *Item, q *model.Query) {
	if !indexedProperty(q.Filter) {
		return
	}
	it.Severity = rules.Info
	switch it.Rule {
	case "TL303":
		it.Hint += "; on the Cosmos DB Table API every property is indexed, so the partition's matching entities are read from the index, not scanned"
	case "TL301":
		it.Hint += "; on the Cosmos DB Table API every property is indexed, so the index finds the matching entities, though the query still runs in every partition"
	}
}

// cosmosRead returns the entities a query reads on Cosmos DB: those its
// indexed property comparisons match, not the whole partition or table.
func cosmosRead(q *model.Query, n float64) float64 {
	if q.Plan.Kind == plan.Point || !indexedProperty(q.Filter) {
		return n
	}
	return max(1, n/selectivity(q))
}

// Request units (external, approximate): "The cost to do a point read
// for a 1-KB item is one Request Unit (or one RU)" (Azure Cosmos DB,
// "Request Units", https://learn.microsoft.com/azure/cosmos-db/request-units).
// tablelint charges a point read one RU per KiB of the entity (at least
// one), and a query one RU per KiB of each entity it reads (at least
// one), which is how the RU charge grows with the data a request reads.
func requestUnits(q *model.Query, read float64) float64 {
	whole, _ := entityBytes(q.Table, nil)
	kib := math.Max(1, math.Ceil(whole/1024))
	if q.Plan.Kind == plan.Point {
		return kib
	}
	return math.Max(1, math.Ceil(read*whole/1024))
}
