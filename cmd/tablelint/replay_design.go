package main

import (
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/engine/workload"
	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/review"
)

// loadDesignWorkload loads a design file for `tablelint replay DESIGN`
// and generates its workload from the volumes.
func loadDesignWorkload(path string) (*designLoad, error) {
	d, err := model.Load(path)
	if err != nil {
		return nil, err
	}
	spec, sizes := designWorkloadSizes(d)
	return &designLoad{spec: spec, entityBytes: sizes, predicted: predictions(d), cosmos: cosmosReplay(d)}, nil
}

// cosmosReplay returns how a design with target: cosmos replays: held
// against its provisioned throughput (or autoscale maximum), priced as
// design review prices it; nil for target: storage.
func cosmosReplay(d *model.Design) *replay.CosmosOptions {
	if d.Target != model.Cosmos {
		return nil
	}
	t := d.Throughput
	prices := cost.DefaultCosmosPrices
	c := &replay.CosmosOptions{Currency: prices.Currency,
		Monthly: func(used float64) float64 { return review.ThroughputMonthly(prices, t, used) }}
	c.Mode = t.Mode.String()
	if t.Mode == model.Provisioned || t.Mode == model.Autoscale {
		c.RUPerSecond = float64(t.RUPerSecond)
	}
	return c
}

// predictions returns the design review's estimate of each query's cost
// per run, for replay to show beside what it measures.
func predictions(d *model.Design) map[string]replay.Prediction {
	out := map[string]replay.Prediction{}
	for _, q := range review.Review(d, review.Options{}).Queries {
		out[replay.PredictionKey(q.Table, q.Name)] = replay.Prediction{
			ScannedPerRun: q.Scanned, ScannedKnown: q.ScannedKnown,
			TxPerRun: q.Costs.TxPerRun, TxKnown: q.Costs.TxKnown,
			RUPerRun: q.RU, RUKnown: q.RUKnown,
		}
	}
	return out
}

// designWorkload loads a design file and converts it into a workload
// specification (designWorkloadSizes without the sizes).
func designWorkload(path string) (*workload.Spec, error) {
	d, err := model.Load(path)
	if err != nil {
		return nil, err
	}
	spec, _ := designWorkloadSizes(d)
	return spec, nil
}

// designWorkloadSizes converts a loaded design into a workload
// specification: entity types with their key templates, properties,
// counts and write rates; queries with their filters and rates. sizes
// holds each entity type's typical size in bytes (by table, then entity,
// as in the spec), for estimating the replay's memory.
func designWorkloadSizes(d *model.Design) (spec *workload.Spec, sizes [][]int64) {
	spec = &workload.Spec{}
	for _, t := range d.Tables {
		wt := workload.Table{Name: t.Name}
		var ts []int64
		for _, e := range t.Entities {
			ts = append(ts, typicalBytes(e))
			line, _ := d.Pos(e.Node)
			we := workload.Entity{
				Name:         e.Name,
				PartitionKey: e.PartitionKey,
				RowKey:       e.RowKey,
				Count:        e.Count,
				Writes:       e.Writes.PerSecond(),
				Line:         line,
			}
			for _, p := range e.Properties {
				we.Properties = append(we.Properties, workload.Property{
					Name: p.Name, Type: p.Type, Cardinality: p.Cardinality, MaxLength: int(p.MaxLength),
				})
			}
			wt.Entities = append(wt.Entities, we)
		}
		for _, q := range t.Queries {
			if q.Filter == nil {
				continue // a filter the service rejects (TL306): review reports it, replay cannot run it
			}
			line, _ := d.Pos(q.Node)
			wt.Queries = append(wt.Queries, workload.Query{
				Name: q.Name, Filter: q.Filter, Rate: q.Rate.PerSecond(),
				Top: int(q.Top), Select: q.Select, Line: line,
			})
		}
		spec.Tables = append(spec.Tables, wt)
		sizes = append(sizes, ts)
	}
	return spec, sizes
}

// typicalBytes is the size, in the service's accounting, of the
// entities the workload generator makes for e: keys at their typical
// width (else their maximum, at most 1 KiB), and the generated values:
// strings of the property's name and a number (within maxLength),
// 8-byte binaries, fixed-size types.
func typicalBytes(e *model.Entity) int64 {
	width := func(t *model.Template) int64 {
		if t == nil {
			return 0
		}
		if w, ok := t.TypicalWidth(); ok {
			return int64(w)
		}
		w, _ := t.MaxWidth()
		return min(int64(w), limits.MaxKeyBytes)
	}
	var props int64
	for _, p := range e.Properties {
		v := int64(8) // binary
		if p.Type == edm.String {
			v = int64(len(p.Name)) + 20
			if p.MaxLength > 0 {
				v = min(v, p.MaxLength)
			}
		}
		props += model.PropertyOverhead(p.Name) + model.ValueSize(p.Type, v)
	}
	return limits.EntitySize(width(e.PartitionKey), width(e.RowKey), props)
}
