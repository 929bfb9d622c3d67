// Package store is a small persistence layer: callers build entities,
// these helpers marshal and write them.
package store

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Put writes any entity value.
func Put(ctx context.Context, c *aztables.Client, e any) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}

// PutLogged goes through Put: a wrapper of a wrapper.
func PutLogged(ctx context.Context, c *aztables.Client, e any) error {
	return Put(ctx, c, e)
}

// Repo is a generic repository.
type Repo[T any] struct{ C *aztables.Client }

// Save writes one entity.
func (r *Repo[T]) Save(ctx context.Context, e T) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = r.C.AddEntity(ctx, b, nil)
	return err
}

// Describe marshals its argument but writes something else.
func Describe(ctx context.Context, c *aztables.Client, e any) error {
	_, _ = json.Marshal(e)
	b, _ := json.Marshal(map[string]string{"PartitionKey": "audit", "RowKey": "last"})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
