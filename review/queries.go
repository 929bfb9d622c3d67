package review

import (
	"fmt"
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/filtercheck"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// FrequentRate is the rate (runs per second) from which a scan by a unique
// non-key property is worth an index (TL314).
const FrequentRate = 1.0

// QueryRow is one query's plan and estimated cost.
type QueryRow struct {
	Query       *model.Query
	Table, Name string
	// Kind is the plan kind, or "unsupported" for a filter the service
	// rejects.
	Kind string
	// Partition is the PartitionKey read, "" for a table scan.
	Partition string
	// RowKeys is the RowKey point or range read, "" for none.
	RowKeys string
	// Scanned is the estimated entities read per run (when ScannedKnown),
	// Rate the runs per second (when RateKnown) and Cost their product:
	// entities read per second.
	Scanned                 float64
	ScannedKnown, RateKnown bool
	Rate                    float64
	Cost                    float64
	CostKnown               bool
	// Costs is the query's billable cost: transactions, bytes returned
	// and the monthly price.
	Costs QueryCost
	// RU is the request units of one run on the Cosmos DB Table API
	// (target: cosmos), when RUKnown.
	RU      float64
	RUKnown bool
}

func (r *reviewer) query(q *model.Query) {
	row := QueryRow{Query: q, Table: q.Table.Name, Name: q.Name}
	if q.RateNode != nil {
		row.Rate, row.RateKnown = q.Rate.PerSecond(), true
	}
	name := q.Table.Name + "." + q.Name
	if q.Unsupported != nil {
		row.Kind = "unsupported"
		r.res.Queries = append(r.res.Queries, row)
		e := q.Unsupported
		r.addSpan(e.Rule, q.FilterNode, e.Offset, e.Len, "query %s: %s", name, e.Msg)
		return
	}
	p := q.Plan
	row.Kind = p.Kind.String()
	if p.PartitionKey != nil {
		row.Partition = p.PartitionKey.String()
	}
	switch {
	case p.RowKey != nil:
		row.RowKeys = "= " + p.RowKey.String()
	case p.Low.Set() || p.High.Set():
		row.RowKeys = plan.RangeText(p.Low, p.High)
	}
	if p.Kind == plan.TableScan && (p.PKLow.Set() || p.PKHigh.Set()) {
		row.Partition = "range " + plan.RangeText(p.PKLow, p.PKHigh)
	}
	row.Scanned, row.ScannedKnown = scanned(q)
	// The bytes returned: the entities read, narrowed by the filter's
	// eq comparisons (whatever reads them).
	row.Costs = queryCost(q, row.Scanned, row.ScannedKnown, row.Rate, row.RateKnown, r.opt.prices())
	if r.d.Target == model.Cosmos && row.ScannedKnown {
		row.Scanned = cosmosRead(q, row.Scanned)
		row.RU, row.RUKnown = requestUnits(q, row.Scanned), true
	}
	if r.d.Target == model.Cosmos {
		// Cosmos DB bills request units, not transactions: a query has
		// a price of its own only on a serverless account.
		c := &row.Costs
		c.Monthly, c.MonthlyKnown = 0, false
		if r.d.Throughput.Mode == model.Serverless && row.RUKnown && row.RateKnown {
			c.Monthly, c.MonthlyKnown = r.opt.cosmosPrices().Serverless(row.RU*row.Rate), true
		}
	}
	if row.ScannedKnown && row.RateKnown {
		row.Cost, row.CostKnown = row.Scanned*row.Rate, true
	}
	r.res.Queries = append(r.res.Queries, row)

	target := r.opt.partitionRate()
	for _, d := range filtercheck.Check(q.Filter, p, filtercheck.Options{Query: name}) {
		msg := d.Message
		if !strings.HasPrefix(msg, "query ") {
			msg = "query " + name + ": " + msg
		}
		frequent := d.Rule == "TL303" && row.CostKnown && row.Cost >= target && r.d.Target != model.Cosmos
		if frequent {
			msg += fmt.Sprintf(", ~%s entities/s", num(row.Cost))
		}
		it := r.addSpan(d.Rule, q.FilterNode, d.Offset, d.Len, "%s", msg)
		// The plan and its cost are detail: they go with the hint.
		it.Hint = finding.HintWith(d.Rule, planText(row))
		if frequent {
			it.Severity = warningSeverity
			it.Hint = finding.HintWith(d.Rule, fmt.Sprintf("%s; over a partition's target of %s entities/s", planText(row), num(target)))
		}
		if r.d.Target == model.Cosmos && (d.Rule == "TL301" || d.Rule == "TL303") {
			cosmosScan(it, q)
		}
	}
	if d, ok := filtercheck.CheckTop(q.Top); ok && r.d.Target.Limits().MaxTop > 0 {
		r.add(d.Rule, q.TopNode, -1, "query %s: %s", name, d.Message)
	}
	r.declaredTypes(q, name)
	r.secondaryIndex(q, name, row)
	r.projection(q, name, row)
	r.cosmosOrdering(q, name)
}

// planText describes the plan and cost of a query.
func planText(row QueryRow) string {
	var b strings.Builder
	b.WriteString("plan: ")
	b.WriteString(row.Kind)
	if row.Partition != "" {
		b.WriteString(" of partition " + row.Partition)
	}
	if row.RowKeys != "" {
		b.WriteString(", RowKey " + row.RowKeys)
	}
	if row.ScannedKnown {
		b.WriteString(", ~" + num(row.Scanned) + " entities read per run")
		if row.CostKnown {
			fmt.Fprintf(&b, ", ~%s/s at %s", num(row.Cost), rateText(row.Rate))
		}
	}
	return b.String()
}

func rateText(perSecond float64) string { return model.Rate(perSecond).String() }

// typeClass groups EDM types whose values the service could compare:
// numbers with numbers, and every other type only with itself. TL323 is
// reported only across classes, to stay clear of numeric promotion.
func typeClass(t edm.Type) int {
	switch t {
	case edm.Int32, edm.Int64, edm.Double:
		return int(edm.Int32)
	}
	return int(t)
}

// literalType returns the EDM type of the value a comparison's literal
// stands for, and false when it is not known (a bare built-in).
func literalType(q *model.Query, l *odata.Literal) (edm.Type, bool) {
	if !l.IsParam() {
		return l.Value.Type, true
	}
	if len(l.Parts) == 1 && l.Parts[0].Param != nil && strings.HasPrefix(l.Raw, "{") {
		res, ok := q.Params[l.Parts[0].Param]
		if !ok || res.Prop == nil || res.Builtin != model.NotBuiltin {
			return 0, false
		}
		return res.Type, true
	}
	return l.Value.Type, l.Value.Type != edm.Invalid
}

// declaredTypes reports comparisons of a non-key property with a literal
// whose type can never match any type the table declares for it (TL323).
func (r *reviewer) declaredTypes(q *model.Query, name string) {
	for _, c := range q.Filter.Comparisons() {
		if c.Property == plan.PartitionKey || c.Property == plan.RowKey {
			continue // filtercheck's TL323
		}
		var declared []edm.Type
		if c.Property == "Timestamp" {
			declared = []edm.Type{edm.DateTime}
		}
		for _, e := range q.Table.Entities {
			if p := e.Property(c.Property); p != nil {
				declared = append(declared, p.Type)
			}
		}
		lt, ok := literalType(q, &c.Value)
		if !ok || len(declared) == 0 {
			continue
		}
		match := false
		for _, d := range declared {
			match = match || typeClass(d) == typeClass(lt)
		}
		if match {
			continue
		}
		r.addSpan("TL323", q.FilterNode, c.Value.Offset, len(c.Value.Raw),
			"query %s compares %s, declared %s, with %s literal: never matches",
			name, c.Property, typeList(declared), article(lt))
	}
}

func typeList(ts []edm.Type) string {
	seen := map[edm.Type]bool{}
	var out []string
	for _, t := range ts {
		if !seen[t] {
			seen[t] = true
			out = append(out, t.String())
		}
	}
	return strings.Join(out, " or ")
}

func article(t edm.Type) string {
	s := t.String()
	if strings.ContainsRune("AEIOU", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// secondaryIndex suggests the secondary index pattern for a frequent
// equality lookup, by scan, on a property the design says is unique.
func (r *reviewer) secondaryIndex(q *model.Query, name string, row QueryRow) {
	if r.d.Target == model.Cosmos {
		return // Cosmos DB indexes every property
	}
	p := q.Plan
	if (p.Kind != plan.PartitionScan && p.Kind != plan.TableScan) || !row.RateKnown || row.Rate < FrequentRate {
		return
	}
	for _, f := range q.Filter.Conjuncts() {
		c := f.Cmp
		if c == nil || c.Op != odata.OpEq || c.Property == plan.PartitionKey || c.Property == plan.RowKey {
			continue
		}
		var unique *model.Property
		for _, e := range q.Table.Entities {
			if pr := e.Property(c.Property); pr != nil && pr.Cardinality > 0 && e.CountNode != nil && e.Count > 0 && pr.Cardinality >= e.Count {
				unique = pr
			}
		}
		if unique == nil {
			continue
		}
		if idx := keyedBy(q.Table, c.Property); idx != nil {
			r.addSpan("TL314", q.FilterNode, c.Offset, 0, "query %s looks up %s, unique per %s, by a %s",
				name, c.Property, unique.Entity.Name, p.Kind).Hint = sprintf("at %s: entity type %s is keyed by %s; query it with a point query (secondary index pattern)",
				rateText(row.Rate), idx.Name, c.Property)
			continue
		}
		pattern := "inter-partition secondary index pattern: a copy with PartitionKey and RowKey built from " + c.Property
		if p.Kind == plan.PartitionScan {
			pattern = "intra-partition secondary index pattern: a copy in the same partition with RowKey \"" + strings.ToLower(c.Property) + "_{" + c.Property + "}\""
		}
		r.addSpan("TL314", q.FilterNode, c.Offset, 0, "query %s looks up %s, unique per %s, by a %s",
			name, c.Property, unique.Entity.Name, p.Kind).Hint = sprintf("at %s: store a copy keyed by it and use a point query (%s)",
			rateText(row.Rate), pattern)
	}
}

// keyedBy returns an entity type whose RowKey template uses the property.
func keyedBy(t *model.Table, prop string) *model.Entity {
	for _, e := range t.Entities {
		for i := range e.RowKey.Parts {
			if pt := &e.RowKey.Parts[i]; pt.Builtin == model.NotBuiltin && pt.Name == prop {
				return e
			}
		}
	}
	return nil
}
