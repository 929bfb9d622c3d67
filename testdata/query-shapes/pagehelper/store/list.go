// Package store: one paging helper for every query of the app; the
// handlers build the options.
package store

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

func List(ctx context.Context, c *aztables.Client, o *aztables.ListEntitiesOptions) ([][]byte, error) {
	var out [][]byte
	p := c.NewListEntitiesPager(o)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return out, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// Legacy runs legacy queries to the end.
func Legacy(t *storage.Table, o *storage.QueryOptions) int {
	res, err := t.QueryEntities(30, storage.MinimalMetadata, o)
	n := 0
	for err == nil && res != nil {
		n += len(res.Entities)
		if res.NextLink == nil {
			break
		}
		res, err = res.NextResults(nil)
	}
	return n
}
