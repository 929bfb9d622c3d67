// Package review checks YAML table designs: names and limits, key
// templates, queries (planned by the engine's planner and checked by
// filtercheck, so they agree with `tablelint explain`), transaction groups
// and the design patterns of the Table design guide. It also estimates
// each entity type's size and each query's scan cost, which
// `tablelint review` prints as tables.
package review

import (
	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
	"gopkg.in/yaml.v3"
)

// Options tune the review.
type Options struct {
	// PartitionRate is the throughput target of one partition in
	// entities per second; 0 means limits.PartitionEntitiesPerSecond. It
	// decides TL209 (writes) and when a partition scan (TL303) is frequent
	// enough to be a warning.
	PartitionRate float64
	// Prices is the price table of the monthly estimate; the zero value
	// means DefaultPrices.
	Prices Prices
	// CosmosPrices is the price table of the Cosmos DB bill (target:
	// cosmos); the zero value means cost.DefaultCosmosPrices.
	CosmosPrices cost.CosmosPrices
}

func (o Options) cosmosPrices() cost.CosmosPrices {
	if o.CosmosPrices == (cost.CosmosPrices{}) {
		return cost.DefaultCosmosPrices
	}
	return o.CosmosPrices
}

func (o Options) prices() Prices {
	if o.Prices == (Prices{}) {
		return DefaultPrices
	}
	return o.Prices
}

func (o Options) partitionRate() float64 {
	if o.PartitionRate > 0 {
		return o.PartitionRate
	}
	return limits.PartitionEntitiesPerSecond
}

// Item is a finding with the YAML node it is about, so that suppression
// comments (`# tablelint:ignore TLnnn reason`) can be matched by the
// node's line or span.
type Item struct {
	finding.Finding
	Node *yaml.Node
}

// Result is the review of one design.
type Result struct {
	Design *model.Design
	// Prices is the price table the monthly costs are in.
	Prices   Prices
	Items    []Item
	Entities []EntityRow
	Queries  []QueryRow
	// Cosmos is the monthly bill on Cosmos DB for Table (target: cosmos
	// only).
	Cosmos *CosmosBill
	// Storage is the capacity part of the monthly bill on Table storage
	// (target: storage, when an entity type has a count).
	Storage *StorageBill
}

// Findings returns the findings, in the order they were found.
func (r *Result) Findings() []finding.Finding {
	out := make([]finding.Finding, len(r.Items))
	for i, it := range r.Items {
		out[i] = it.Finding
	}
	return out
}

// Review checks a design.
func Review(d *model.Design, opt Options) *Result {
	r := &reviewer{d: d, opt: opt, res: &Result{Design: d, Prices: opt.prices()}}
	r.tableNames()
	for _, t := range d.Tables {
		for _, e := range t.Entities {
			r.res.Entities = append(r.res.Entities, entityRow(e, d.Target))
			r.properties(e)
			r.size(e)
			r.keys(e)
		}
		r.partitionLoad(t)
		r.logData(t)
		for _, q := range t.Queries {
			r.query(q)
		}
		for _, x := range t.Transactions {
			r.transaction(x)
		}
		r.guide(t)
		if len(t.Queries) == 0 && len(t.Entities) > 0 {
			r.add("TL516", t.Node, -1, "table %s declares no queries", t.Name)
		}
	}
	r.cosmosBill()
	r.storageBill()
	return r.res
}

type reviewer struct {
	d   *model.Design
	opt Options
	res *Result
}

// add records a finding at node n, or at byte off of n's scalar value
// when off >= 0.
func (r *reviewer) add(id string, n *yaml.Node, off int, format string, args ...any) *Item {
	return r.addSpan(id, n, off, 0, format, args...)
}

func (r *reviewer) addSpan(id string, n *yaml.Node, off, length int, format string, args ...any) *Item {
	f := finding.New(id, sprintf(format, args...))
	f.File = r.d.File
	if off >= 0 {
		f.Line, f.Col = r.d.PosIn(n, off)
		if length > 0 {
			f.EndLine, f.EndCol = r.d.PosIn(n, off+length)
		}
	} else {
		f.Line, f.Col = r.d.Pos(n)
	}
	r.res.Items = append(r.res.Items, Item{Finding: f, Node: n})
	return &r.res.Items[len(r.res.Items)-1]
}
