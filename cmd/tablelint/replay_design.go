package main

import (
	"github.com/tablelint/tablelint/engine/workload"
	"github.com/tablelint/tablelint/model"
)

// Design-derived workloads: `tablelint replay DESIGN` loads the design
// with the design model and generates its workload from the volumes.
func init() { loadDesignWorkload = designWorkload }

// designWorkload loads a design file and converts it into a workload
// specification: entity types with their key templates, properties,
// counts and write rates; queries with their filters and rates.
func designWorkload(path string) (*workload.Spec, error) {
	d, err := model.Load(path)
	if err != nil {
		return nil, err
	}
	spec := &workload.Spec{}
	for _, t := range d.Tables {
		wt := workload.Table{Name: t.Name}
		for _, e := range t.Entities {
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
	}
	return spec, nil
}
