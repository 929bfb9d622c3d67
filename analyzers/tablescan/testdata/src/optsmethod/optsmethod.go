// Package optsmethod builds the SDK's list options in a method (or a
// function) of its own struct, whose fields the call site fills: the
// filter is what the caller's struct holds.
package optsmethod

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// query is the program's description of a listing.
type query struct {
	Where *string
	Limit int32
	Cols  *string
}

// sdk turns the description into the SDK's options (value receiver).
func (q query) sdk() *aztables.ListEntitiesOptions {
	n := q.Limit
	return &aztables.ListEntitiesOptions{Filter: q.Where, Select: q.Cols, Top: &n}
}

// ptrSDK is the same through a pointer receiver.
func (q *query) ptrSDK() *aztables.ListEntitiesOptions {
	return &aztables.ListEntitiesOptions{Filter: q.Where}
}

// toSDK takes the description as a parameter.
func toSDK(q query) *aztables.ListEntitiesOptions {
	top := q.Limit
	return &aztables.ListEntitiesOptions{Filter: q.Where, Top: &top}
}

func either(a, b string) string {
	return "Region eq '" + a + "' or Owner eq '" + b + "'"
}

func scans(ctx context.Context, c *aztables.Client, a, b string) {
	w := either(a, b)
	desc := query{Where: &w, Limit: 20}
	p := c.NewListEntitiesPager(desc.sdk()) // want `TL301: query scans the whole table`
	_, _ = p.NextPage(ctx)

	c.NewListEntitiesPager(query{Where: &w}.sdk()) // want `TL301: query scans the whole table`
	c.NewListEntitiesPager(toSDK(desc))            // want `TL301: query scans the whole table`
	ref := &query{Where: &w}
	c.NewListEntitiesPager(ref.ptrSDK()) // want `TL301: query scans the whole table`

	none := query{Limit: 5}
	c.NewListEntitiesPager(none.sdk()) // want `TL301: query has no filter`
}

// Silent twins: the same shapes with a partition in the filter.
func partition(ctx context.Context, c *aztables.Client, pk, from string) {
	w := "PartitionKey eq '" + pk + "' and RowKey ge '" + from + "'"
	desc := query{Where: &w, Limit: 20}
	p := c.NewListEntitiesPager(desc.sdk())
	_, _ = p.NextPage(ctx)
	c.NewListEntitiesPager(query{Where: &w}.sdk())
	c.NewListEntitiesPager(toSDK(desc))
	ref := &query{Where: &w}
	c.NewListEntitiesPager(ref.ptrSDK())
}
