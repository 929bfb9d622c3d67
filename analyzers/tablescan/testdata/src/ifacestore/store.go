// Package ifacestore implements ifacedomain.Repo without the service
// importing it: only a whole-program driver links the two.
package ifacestore

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type TableRepo struct{ c *aztables.Client }

func (r *TableRepo) GetAll(ctx context.Context, filter string) (int, error) {
	return r.List(ctx, &aztables.ListEntitiesOptions{Filter: &filter})
}

func (r *TableRepo) ByName(ctx context.Context, name string) (int, error) {
	f := "PartitionKey eq 'people' and Name eq '" + strings.ReplaceAll(name, "'", "''") + "'"
	return r.List(ctx, &aztables.ListEntitiesOptions{Filter: &f})
}

func (r *TableRepo) List(ctx context.Context, o *aztables.ListEntitiesOptions) (int, error) {
	n := 0
	p := r.c.NewListEntitiesPager(o)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// MemCache is a Cache: no table behind it.
type MemCache struct{}

func (MemCache) GetAll(ctx context.Context, filter string) (int, error) { return 0, nil }

func (MemCache) Put(key string) {}
