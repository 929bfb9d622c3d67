// Package branchfilter: a filter extended in a branch is two queries; one
// page read of it is reported when either is more than a point lookup.
package branchfilter

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Rows reads a user's rows, or one row when rk is set: without rk it is a
// partition query, and one response of it may not hold every row.
func Rows(t *storage.Table, pk, rk string) ([]*storage.Entity, error) {
	filter := "PartitionKey eq '" + pk + "'"
	if rk != "" {
		filter += " and RowKey eq '" + rk + "'"
	}
	opts := storage.QueryOptions{Filter: filter}
	res, err := t.QueryEntities(30, storage.FullMetadata, &opts) // want `TL307: only the first segment`
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}

// Page is the same with aztables.
func Page(ctx context.Context, c *aztables.Client, pk, rk string) ([][]byte, error) {
	filter := "PartitionKey eq '" + pk + "'"
	if rk != "" {
		filter += " and RowKey eq '" + rk + "'"
	}
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	page, err := p.NextPage(ctx) // want `TL307: only the first page`
	return page.Entities, err
}

// Point is a point lookup on every path: silent.
func Point(t *storage.Table, pk, rk string, upper bool) ([]*storage.Entity, error) {
	filter := "PartitionKey eq '" + pk + "' and RowKey eq '" + rk + "'"
	if upper {
		filter = "PartitionKey eq '" + pk + "' and RowKey eq 'X" + rk + "'"
	}
	opts := storage.QueryOptions{Filter: filter}
	res, err := t.QueryEntities(30, storage.FullMetadata, &opts)
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}

// Opaque: one path's filter cannot be rebuilt and the other is a point
// lookup: silent (it may be a point lookup too).
func Opaque(t *storage.Table, pk, rk string, custom func() string) ([]*storage.Entity, error) {
	filter := "PartitionKey eq '" + pk + "' and RowKey eq '" + rk + "'"
	if rk == "" {
		filter = custom()
	}
	opts := storage.QueryOptions{Filter: filter}
	res, err := t.QueryEntities(30, storage.FullMetadata, &opts)
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}
