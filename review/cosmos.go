package review

import (
	"fmt"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/numtext"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/model"
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

// cosmosScan adjusts a TL301/TL303 finding for Cosmos DB: a scan whose
// filter compares an indexed property reads only the matching entities,
// so it is information, and the message says why.
func cosmosScan(it *Item, q *model.Query) {
	if !plan.IndexedComparison(q.Filter) {
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
	if q.Plan.Kind == plan.Point || !plan.IndexedComparison(q.Filter) {
		return n
	}
	return max(1, n/selectivity(q))
}

// requestUnits returns the request units of one run of q, which reads
// read entities (external, approximate). A point read costs what
// Microsoft's table gives for reading an item of the entity's size
// (cost.ReadRU: "Understand request unit consumption", 1 RU for 1 KB, 4.76
// for 64 KB); a query one RU per KiB of the entities it reads (at least
// one), the point read's rate for small items — "A point read for a 1-KB
// item is equivalent to one Request Unit (RU)." ("Request units") — since
// the query's charge grows with the data it loads. Real charges also
// depend on the query and the indexing policy.
func requestUnits(q *model.Query, read float64) float64 {
	whole, _ := entityBytes(q.Table, nil)
	if q.Plan.Kind == plan.Point {
		return cost.ReadRU(whole)
	}
	return cost.QueryRU(read * whole)
}

// The limits that differ on Azure Cosmos DB for Table (package limits,
// CosmosLimits), each quoted from the "Frequently asked questions about
// Azure Cosmos DB for Table" page: the 255-byte RowKey (keys.go), the
// 2 MB batch (tx.go), case-sensitive table names (names.go), $top not
// limited (queries.go), the reserved property names and Binary values
// inflated by their encoding (below).

// cosmosReservedName reports TL116 for a property named like one Cosmos
// DB reserves (ID, rid, etag, ResourceId; without case).
func (r *reviewer) cosmosReservedName(p *model.Property) {
	svc := r.d.Target.Limits()
	if reserved, ok := svc.ReservedPropertyName(p.Name); ok {
		r.add("TL116", p.Node, -1, "property name %q is reserved on %s (%s)", p.Name, svc.Name, reserved).Hint =
			"\"Azure Cosmos DB reserves the entity property names ID, rid, etag, and ResourceId and they're currently not supported.\" (" + svc.Source + "): rename the property"
	}
}

// cosmosBinaryHint says, on a TL121 finding for an entity type with
// Binary properties on Cosmos DB, that they count twice.
func (r *reviewer) cosmosBinaryHint(it *Item, e *model.Entity) {
	if r.d.Target != model.Cosmos {
		return
	}
	var raw int64
	for _, p := range e.Properties {
		if p.Type == edm.Binary && p.Bounded() {
			raw += p.MaxBytes
		}
	}
	if raw == 0 {
		return
	}
	it.Hint = sprintf("its Binary values (%s of data) count %d times over, as Cosmos DB encodes them: \"currently one couldn't use the full one Meg of a table entity to store binary data because the encoding increases the data's size.\" (%s); keep them in Blob storage",
		bytesText(raw), limits.CosmosBinaryFactor, r.d.Target.Limits().Source)
}

// CosmosBill is a design's monthly bill on Azure Cosmos DB for Table:
// its throughput (provisioned or autoscale RU/s an hour, or serverless
// RU consumed) and its stored data.
type CosmosBill struct {
	Prices cost.CosmosPrices
	// Throughput is the design's; Mode NoThroughput when it declares
	// none (the throughput is then priced as the least provisioned
	// throughput that serves the queries).
	Throughput model.Throughput
	// NeededRU is the request units a second the queries with a rate
	// and the entity types' writes need, WriteRU the writes' part;
	// Unknown counts the queries whose RU/s is not known.
	NeededRU, WriteRU float64
	Unknown           int
	// ThroughputMonthly is the month's price of the throughput.
	ThroughputMonthly float64
	// StoredBytes is the data the entity types' counts hold (typical
	// sizes, else declared), when StoredKnown: every entity type has a
	// count. StorageMonthly is its price.
	StoredBytes    float64
	StoredKnown    bool
	StorageMonthly float64
}

// Monthly is the whole bill (storage only when known).
func (b *CosmosBill) Monthly() float64 {
	if b.StoredKnown {
		return b.ThroughputMonthly + b.StorageMonthly
	}
	return b.ThroughputMonthly
}

// MinProvisionedRU is the least standard throughput a table is billed
// for when the design does not declare its throughput: 400 RU/s, the
// least Cosmos DB provisions for a container.
const MinProvisionedRU = 400

// ThroughputMonthly returns the month's price of throughput t when the
// requests need used RU a second: provisioned throughput billed whether
// used or not, autoscale at what is used (between 10% of its maximum and
// the maximum), serverless per RU consumed, and an undeclared throughput
// as the least provisioned throughput that serves used (at least
// MinProvisionedRU).
func ThroughputMonthly(p cost.CosmosPrices, t model.Throughput, used float64) float64 {
	switch t.Mode {
	case model.Provisioned:
		return p.Provisioned(float64(t.RUPerSecond))
	case model.Autoscale:
		return p.Autoscale(float64(t.RUPerSecond), used)
	case model.Serverless:
		return p.Serverless(used)
	}
	return p.Provisioned(max(used, MinProvisionedRU))
}

// cosmosBill prices the design on Cosmos DB and reports TL319 when the
// queries and writes need more RU/s than its provisioned (or autoscale
// maximum) throughput.
func (r *reviewer) cosmosBill() {
	if r.d.Target != model.Cosmos {
		return
	}
	b := &CosmosBill{Prices: r.opt.cosmosPrices(), Throughput: r.d.Throughput}
	for _, q := range r.res.Queries {
		if q.RUKnown && q.RateKnown {
			b.NeededRU += q.RU * q.Rate
		} else if q.RateKnown || q.Kind == "unsupported" {
			b.Unknown++
		}
	}
	// Writes: each entity type's writes a second at the write charge of
	// its size (cost.WriteRU, Microsoft's table: 4.95 RU for 1 KB).
	for _, t := range r.d.Tables {
		for _, e := range t.Entities {
			if e.WritesNode == nil {
				continue
			}
			size := e.SizeOn(r.d.Target)
			bytes := size.Declared
			if size.TypicalKnown {
				bytes = size.Typical
			}
			b.WriteRU += e.Writes.PerSecond() * cost.WriteRU(float64(bytes))
		}
	}
	b.NeededRU += b.WriteRU
	b.StoredBytes, b.StoredKnown = storedBytes(r.d)
	if b.StoredKnown {
		b.StorageMonthly = b.Prices.Storage(b.StoredBytes)
	}
	t := r.d.Throughput
	b.ThroughputMonthly = ThroughputMonthly(b.Prices, t, b.NeededRU)
	r.res.Cosmos = b
	if t.Mode != model.Provisioned && t.Mode != model.Autoscale {
		return
	}
	budget := float64(t.RUPerSecond)
	unknown := ""
	if b.Unknown > 0 {
		unknown = sprintf(", and %d queries with a rate whose request units are not known", b.Unknown)
	}
	switch {
	case b.NeededRU > budget:
		r.add("TL319", t.Node, -1, "the design needs ~%s RU/s, over its %s throughput of %s RU/s%s",
			num(b.NeededRU), t.Mode, numtext.Group(t.RUPerSecond), unknown).Hint =
			finding.HintWith("TL319", "\"If, in any given second, the operations consume more RUs than the provisioned RU/s, Azure Cosmos DB will return a 429 exception.\"; "+ruParts(b, r.res.Queries))
	case b.NeededRU*100 >= budget*limits.SizeWarnPercent:
		it := r.add("TL319", t.Node, -1, "the design needs ~%s RU/s, %d%% of its %s throughput of %s RU/s%s",
			num(b.NeededRU), int(b.NeededRU*100/budget), t.Mode, numtext.Group(t.RUPerSecond), unknown)
		it.Severity = rules.Info
		it.Hint = finding.HintWith("TL319", ruParts(b, r.res.Queries))
	}
}

// ruParts says where the RU/s go: the writes and the heaviest query.
func ruParts(b *CosmosBill, qs []QueryRow) string {
	s := "the heaviest query: " + heaviestRU(qs)
	if b.WriteRU > 0 {
		s = sprintf("writes ~%s RU/s; %s", num(b.WriteRU), s)
	}
	return s
}

// heaviestRU names the query that needs the most RU/s, with its RU/s.
func heaviestRU(qs []QueryRow) string {
	best, name := -1.0, ""
	for _, q := range qs {
		if q.RUKnown && q.RateKnown && q.RU*q.Rate > best {
			best, name = q.RU*q.Rate, q.Table+"."+q.Name
		}
	}
	return sprintf("%s at ~%s RU/s", name, num(best))
}

// storedBytes is the data the design's entity counts hold on its target:
// each entity type's count times its typical size (its declared size
// when not every value has a typical size); unknown when a count is.
func storedBytes(d *model.Design) (float64, bool) {
	var total float64
	for _, t := range d.Tables {
		for _, e := range t.Entities {
			if e.CountNode == nil {
				return 0, false
			}
			s := e.SizeOn(d.Target)
			size := s.Declared
			if s.TypicalKnown {
				size = s.Typical
			}
			total += float64(e.Count) * float64(size)
		}
	}
	return total, true
}
