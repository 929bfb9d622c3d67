package designdrift

import (
	"cmp"
	"encoding/json"
	"slices"

	"github.com/tablelint/tablelint/model"
)

// encoded is a Result by the names of the design's elements: table and
// query or entity type names ([table, name]), tables by name.
type encoded struct {
	Queries  [][2]string `json:",omitempty"`
	Entities [][2]string `json:",omitempty"`
	Written  []string    `json:",omitempty"`
}

// MarshalJSON encodes r by the names of the design elements it holds,
// for drivers that keep results beyond the pass (tablelint check keeps
// them in its cache); Decode reads them back.
func (r *Result) MarshalJSON() ([]byte, error) {
	var w encoded
	for k := range r.Used {
		switch k := k.(type) {
		case *model.Query:
			w.Queries = append(w.Queries, [2]string{k.Table.Name, k.Name})
		case *model.Entity:
			w.Entities = append(w.Entities, [2]string{k.Table.Name, k.Name})
		}
	}
	for t := range r.Written {
		w.Written = append(w.Written, t.Name)
	}
	less := func(a, b [2]string) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }
	slices.SortFunc(w.Queries, less)
	slices.SortFunc(w.Entities, less)
	slices.Sort(w.Written)
	return json.Marshal(w)
}

// Decode returns the Result that data (MarshalJSON's) encodes, holding
// d's elements of those names; names d does not have are left out.
func Decode(d *model.Design, data []byte) (*Result, error) {
	var w encoded
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, err
	}
	res := &Result{Used: map[any]bool{}, Written: map[*model.Table]bool{}}
	table := func(name string) *model.Table {
		for _, t := range d.Tables {
			if t.Name == name {
				return t
			}
		}
		return nil
	}
	for _, n := range w.Written {
		if t := table(n); t != nil {
			res.Written[t] = true
		}
	}
	for _, n := range w.Queries {
		if t := table(n[0]); t != nil {
			for _, q := range t.Queries {
				if q.Name == n[1] {
					res.Used[q] = true
				}
			}
		}
	}
	for _, n := range w.Entities {
		if t := table(n[0]); t != nil {
			for _, e := range t.Entities {
				if e.Name == n[1] {
					res.Used[e] = true
				}
			}
		}
	}
	return res, nil
}
