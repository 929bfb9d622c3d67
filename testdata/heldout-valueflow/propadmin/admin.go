// Package propadmin is a small HTTP admin for one table: the handlers copy
// query parameters into a request struct whose methods talk to the table.
package propadmin

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// rowStore is what the admin needs of a table client.
type rowStore interface {
	GetEntity(ctx context.Context, pk, rk string, o *aztables.GetEntityOptions) (aztables.GetEntityResponse, error)
	UpdateEntity(ctx context.Context, e []byte, o *aztables.UpdateEntityOptions) (aztables.UpdateEntityResponse, error)
	UpsertEntity(ctx context.Context, e []byte, o *aztables.UpsertEntityOptions) (aztables.UpsertEntityResponse, error)
	NewListEntitiesPager(o *aztables.ListEntitiesOptions) *aztablesPager
}

type aztablesPager = runtimePager

// job is one admin request.
type job struct {
	store     *aztables.Client
	rows      rowStore
	part, row string
	prop, val string
}

func (j job) list(ctx context.Context) ([]aztables.EDMEntity, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", j.part)                                                          // L: TL321
	pager := j.store.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: to.Ptr(int32(500))}) // S
	var out []aztables.EDMEntity
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err == nil && e.RowKey == j.row {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

func (j job) set(ctx context.Context) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: j.part, // L: TL201
			RowKey:       j.row,  // L: TL201
		},
		Properties: map[string]any{j.prop: j.val},
	}
	b, _ := json.Marshal(e)
	_, err := j.store.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// drop removes one property: the row is read, the property deleted and
// the rest written back with Replace, with no ETag.
func (j job) drop(ctx context.Context) error {
	found, err := j.list(ctx)
	if err != nil || len(found) == 0 {
		return err
	}
	e := found[0]
	delete(e.Properties, j.prop)
	b, _ := json.Marshal(e)
	_, err = j.store.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// rename reads through the interface and writes back through it, the
// ETag of the read dropped.
func (j job) rename(ctx context.Context) error {
	resp, err := j.rows.GetEntity(ctx, j.part, j.row, nil)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(resp.Value, &m); err != nil {
		return err
	}
	m["Name"] = j.val
	b, _ := json.Marshal(m)
	_, err = j.rows.UpdateEntity(ctx, b, nil) // L: TL414
	return err
}

// renameGuarded is rename with the read's ETag.
func (j job) renameGuarded(ctx context.Context) error {
	resp, err := j.rows.GetEntity(ctx, j.part, j.row, nil)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(resp.Value, &m); err != nil {
		return err
	}
	m["Name"] = j.val
	b, _ := json.Marshal(m)
	_, err = j.rows.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // S
	return err
}

// Handlers wires the admin.
type Handlers struct{ base job }

func (h Handlers) fill(r *http.Request) job {
	j := h.base
	q := r.URL.Query()
	j.part = q.Get("pk")
	j.row = q.Get("rk")
	j.prop = q.Get("prop")
	j.val = q.Get("value")
	return j
}

// Get lists a row.
func (h Handlers) Get(w http.ResponseWriter, r *http.Request) {
	rows, err := h.fill(r).list(r.Context())
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	_ = json.NewEncoder(w).Encode(rows)
}

// Set writes one property.
func (h Handlers) Set(w http.ResponseWriter, r *http.Request) {
	if err := h.fill(r).set(r.Context()); err != nil {
		http.Error(w, err.Error(), 500)
	}
}

// Drop removes one property.
func (h Handlers) Drop(w http.ResponseWriter, r *http.Request) {
	if err := h.fill(r).drop(r.Context()); err != nil {
		http.Error(w, err.Error(), 500)
	}
}
