package review

import (
	"math"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// Prices is the price table of the monthly estimate: what the service
// bills for requests and for data sent out.
type Prices struct {
	// Currency and Region say what the prices are (for the report).
	Currency, Region string
	// PerTenThousandTransactions is the price of 10,000 billable
	// transactions (each request: a write, a get, a batch, a page of a
	// query).
	PerTenThousandTransactions float64
	// EgressPerGiB is the price of a GiB of data returned, 0 for clients
	// in the same region (transfer within a region is not billed).
	EgressPerGiB float64
	// StoragePerGBMonth is the price of a GB (2^30 bytes) stored for a
	// month: the capacity part of the bill.
	StoragePerGBMonth float64
}

// DefaultPrices are the pay-as-you-go prices of Azure Table storage
// (internal/cost: Standard, locally redundant, East US, 2024): $0.00036
// per 10,000 transactions and $0.045 per GB stored a month. Data transfer
// within a region is free, so egress defaults to 0. Prices change and
// differ by region and redundancy: set yours in .tablelint.yaml
// (prices:).
var DefaultPrices = Prices{Currency: cost.TableCurrency, Region: cost.TableRegion,
	PerTenThousandTransactions: cost.TablePer10kTransactions, StoragePerGBMonth: cost.TableStoragePerGBMonth}

// StorageBill is the capacity part of a design's monthly bill on Table
// storage: the data its entity counts hold, priced by the GB and month.
type StorageBill struct {
	// StoredBytes is the data the entity types' counts hold (typical
	// sizes, else declared), when Known: every entity type has a count;
	// NoCount names one that has none otherwise.
	StoredBytes float64
	Known       bool
	NoCount     string
	// Monthly is its price, at PerGBMonth.
	Monthly, PerGBMonth float64
}

// storageBill prices the design's stored data on Table storage, when at
// least one entity type declares a count.
func (r *reviewer) storageBill() {
	if r.d.Target == model.Cosmos {
		return
	}
	var b StorageBill
	counted := false
	for _, t := range r.d.Tables {
		for _, e := range t.Entities {
			if e.CountNode != nil {
				counted = true
			} else if b.NoCount == "" {
				b.NoCount = t.Name + "." + e.Name
			}
		}
	}
	if !counted {
		return
	}
	p := r.opt.prices()
	b.PerGBMonth = p.StoragePerGBMonth
	b.StoredBytes, b.Known = storedBytes(r.d)
	if b.Known {
		b.Monthly = cost.StorageMonthly(b.StoredBytes, b.PerGBMonth)
	}
	r.res.Storage = &b
}

// SecondsPerMonth is the month of the monthly estimate: 30 days.
const SecondsPerMonth = cost.SecondsPerMonth

// QueryCost is what one run of a query costs, and at its rate.
type QueryCost struct {
	// TxPerRun is the billable transactions (requests) of one run: one
	// per page of at most 1,000 entities and one more per partition
	// boundary a scan crosses; one for a query with a top of at most
	// 1,000, which takes the first page.
	TxPerRun float64
	TxKnown  bool
	// BytesPerRun is the size of the entities one run returns, whole;
	// SelectedBytesPerRun with the query's select applied (the keys and
	// Timestamp alone when it has none). The entities returned are those
	// read, divided by the cardinality of each property the filter
	// compares with eq.
	BytesPerRun, SelectedBytesPerRun float64
	BytesKnown                       bool
	// TxPerSecond and Monthly are at the query's rate (when RateKnown):
	// transactions a second, and the month's price of its transactions
	// and, with egress priced, of the bytes it returns.
	TxPerSecond, Monthly float64
	MonthlyKnown         bool
}

// queryCost estimates the cost of q, which reads n entities a run.
func queryCost(q *model.Query, n float64, nKnown bool, rate float64, rateKnown bool, prices Prices) QueryCost {
	var c QueryCost
	p := q.Plan
	switch {
	case p.Kind == plan.Point:
		c.TxPerRun, c.TxKnown = 1, true
	case q.Top > 0 && q.Top <= limits.MaxPageEntities:
		c.TxPerRun, c.TxKnown = 1, true
	case !nKnown:
	case p.Kind == plan.TableScan:
		parts, ok := tablePartitions(q.Table)
		if ok {
			c.TxPerRun, c.TxKnown = max(1, math.Ceil(n/limits.MaxPageEntities)+max(parts-1, 0)), true
		}
	default:
		c.TxPerRun, c.TxKnown = max(1, math.Ceil(n/limits.MaxPageEntities)), true
	}
	if nKnown {
		returned := n / selectivity(q)
		if q.Top > 0 {
			returned = min(returned, float64(q.Top))
		}
		whole, selected := entityBytes(q.Table, q.Select)
		c.BytesPerRun, c.SelectedBytesPerRun, c.BytesKnown = returned*whole, returned*selected, true
	}
	if rateKnown && c.TxKnown {
		c.TxPerSecond = c.TxPerRun * rate
		c.Monthly = cost.Monthly(c.TxPerSecond, prices.PerTenThousandTransactions)
		c.MonthlyKnown = true
		if prices.EgressPerGiB > 0 {
			if !c.BytesKnown {
				c.MonthlyKnown = false
			} else {
				bytes := c.BytesPerRun
				if len(q.Select) > 0 {
					bytes = c.SelectedBytesPerRun
				}
				c.Monthly += bytes * rate * SecondsPerMonth / (1 << 30) * prices.EgressPerGiB
			}
		}
	}
	return c
}

// selectivity is by how much the filter's equality comparisons of
// properties with a cardinality divide the entities read: a run returns
// about n/selectivity of the n it reads.
func selectivity(q *model.Query) float64 {
	s := 1.0
	if q.Filter == nil {
		return s
	}
	for _, f := range q.Filter.Conjuncts() {
		c := f.Cmp
		if c == nil || c.Op != odata.OpEq || c.Property == plan.PartitionKey || c.Property == plan.RowKey {
			continue
		}
		card := int64(0)
		for _, e := range q.Table.Entities {
			if p := e.Property(c.Property); p != nil && p.Cardinality > 0 {
				card = max(card, p.Cardinality)
			}
		}
		if card > 0 {
			s *= float64(card)
		}
	}
	return s
}

// tablePartitions estimates the partitions of a table: the most any of
// its entity types spreads over.
func tablePartitions(t *model.Table) (float64, bool) {
	best := 0.0
	for _, e := range t.Entities {
		n, ok := partitions(e)
		if !ok {
			return 0, false
		}
		best = max(best, n)
	}
	return best, len(t.Entities) > 0
}

// entityBytes returns the size of an entity a query on t returns, whole
// and with sel applied (the keys and Timestamp alone when sel is
// empty): the entity types' sizes weighted by their counts (the largest
// when a count is missing). A property's size is its typical size, else
// its declared bound; an unbounded one without a typical size counts as
// empty.
func entityBytes(t *model.Table, sel []string) (whole, selected float64) {
	var total, weight float64
	var maxWhole, maxSel float64
	counts := true
	for _, e := range t.Entities {
		w, s := entitySize(e, sel)
		maxWhole, maxSel = max(maxWhole, w), max(maxSel, s)
		if e.CountNode == nil {
			counts = false
			continue
		}
		c := float64(e.Count)
		total += c * w
		selected += c * s
		weight += c
	}
	if !counts || weight == 0 {
		return maxWhole, maxSel
	}
	return total / weight, selected / weight
}

// boundedOnly reports whether a size of entities of t counts some value
// at its declared bound for want of a typical size.
func boundedOnly(t *model.Table) bool {
	for _, e := range t.Entities {
		if !e.Size().TypicalKnown {
			return true
		}
	}
	return false
}

func entitySize(e *model.Entity, sel []string) (whole, selected float64) {
	width := func(t *model.Template) int64 {
		if w, ok := t.TypicalWidth(); ok {
			return int64(w)
		}
		return int64(t.DeclaredWidth())
	}
	pk, rk := width(e.PartitionKey), width(e.RowKey)
	whole = float64(limits.EntitySize(pk, rk, 0))
	selected = whole
	if sel != nil {
		// The service returns only what $select lists, keys included
		// (engine/conformance/DEVIATIONS.md); the .NET library adds the
		// keys to the list itself, the Go SDK does not.
		if !slices.Contains(sel, plan.PartitionKey) {
			pk = 0
		}
		if !slices.Contains(sel, plan.RowKey) {
			rk = 0
		}
		selected = float64(limits.EntitySize(pk, rk, 0))
	}
	for _, p := range e.Properties {
		b := float64(propertyBytes(p))
		whole += b
		if slices.Contains(sel, p.Name) {
			selected += b
		}
	}
	return whole, selected
}

// propertyBytes is a property's typical size, else its declared bound
// (an unbounded value counts as empty).
func propertyBytes(p *model.Property) int64 {
	over := model.PropertyOverhead(p.Name)
	switch {
	case p.Type == edm.String && p.TypicalLength > 0:
		return over + model.ValueSize(edm.String, p.TypicalLength)
	case p.Type == edm.Binary && p.TypicalBytes > 0:
		return over + model.ValueSize(edm.Binary, p.TypicalBytes)
	case p.Bounded():
		return over + p.MaxValueSize()
	}
	return over + model.ValueSize(p.Type, 0)
}

// Projection thresholds of TL310: a query returning whole entities of at
// least wideEntityBytes (boundEntityBytes when a size counts values at
// their declared bound, which is a maximum), of which the keys are at
// most a quarter.
const (
	wideEntityBytes  = 4 << 10
	boundEntityBytes = 16 << 10
)

// projection reports TL310 for a query that returns wide entities whole
// and TL311 for a select that lists a key its filter fixes.
func (r *reviewer) projection(q *model.Query, name string, row QueryRow) {
	if len(q.Select) == 0 {
		c := row.Costs
		if !c.BytesKnown || c.BytesPerRun == 0 {
			return
		}
		whole, keys := entityBytes(q.Table, nil)
		wide := float64(wideEntityBytes)
		if boundedOnly(q.Table) {
			wide = boundEntityBytes
		}
		if whole < wide || keys*4 > whole {
			return
		}
		detail := "about " + num(c.BytesPerRun) + " bytes a run"
		if row.RateKnown {
			detail += ", " + num(c.BytesPerRun*row.Rate) + " bytes/s"
		}
		detail += "; the keys alone take about " + num(keys) + " bytes"
		r.add("TL310", q.Node, -1, "query %s returns whole entities of about %s bytes", name, num(whole)).Hint = finding.HintWith("TL310", detail)
		return
	}
	// The service returns only what $select lists: a key is redundant in
	// it only when the filter fixes its value, which the caller has.
	for _, s := range q.Select {
		var fixed *odata.Literal
		switch s {
		case plan.PartitionKey:
			fixed = q.Plan.PartitionKey
		case plan.RowKey:
			fixed = q.Plan.RowKey
		}
		if fixed != nil {
			r.add("TL311", selectNode(q), -1, "query %s selects %s, which its filter fixes", name, s).Hint =
				sprintf("the caller already has %s (%s); other keys and Timestamp come back only if listed (the .NET library adds them itself, the Go SDK and REST do not)", s, fixed.Raw)
		}
	}
}

// selectNode returns the node of a query's select, else its name's.
func selectNode(q *model.Query) *yaml.Node {
	if v := q.Value; v != nil && v.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(v.Content); i += 2 {
			if strings.EqualFold(v.Content[i].Value, "select") {
				return v.Content[i+1]
			}
		}
	}
	return q.Node
}
