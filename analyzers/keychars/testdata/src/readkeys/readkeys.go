// Package readkeys: a struct with PartitionKey and RowKey fields is a
// key sink only when flow shows it, or something made from it, reaching
// a write. The same slot type filled from the request is silent where it
// only builds a query's filter (through the package's own method and a
// helper), and reported where a wrapper of the package marshals and adds
// it, or where it leaves the package (an exported function returns it).
package readkeys

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// slot names a row and carries its label.
type slot struct {
	PartitionKey string
	RowKey       string
	Label        string
}

// where is the point filter of a slot.
func (s slot) where() string {
	return "PartitionKey eq '" + s.PartitionKey + "' and RowKey eq '" + s.RowKey + "'"
}

type shelf struct{ tc *aztables.Client }

// find reads the rows a slot names.
func (sh *shelf) find(ctx context.Context, s slot) (int, error) {
	f := s.where()
	pager := sh.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// put adds any value as an entity.
func (sh *shelf) put(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = sh.tc.AddEntity(ctx, b, nil)
	return err
}

// Count only reads: its slot reaches a filter, never a write.
func (sh *shelf) Count(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s := slot{PartitionKey: q.Get("shelf"), RowKey: q.Get("pos")}
	n, err := sh.find(r.Context(), s)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(n)
}

// Store writes the slot through the package's wrapper.
func (sh *shelf) Store(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s := slot{
		PartitionKey: q.Get("shelf"), // want `TL201: PartitionKey comes from the request \(r.URL.Query\(\).Get\) unchecked`
		RowKey:       "head",
		Label:        q.Get("label"),
	}
	if err := sh.put(r.Context(), s); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// SlotOf hands the slot to its callers, who may write it.
func SlotOf(r *http.Request) slot {
	return slot{
		PartitionKey: r.FormValue("shelf"), // want `TL201: PartitionKey comes from the request \(r.FormValue\) unchecked`
		RowKey:       "tail",
	}
}
