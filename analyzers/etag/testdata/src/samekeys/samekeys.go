package samekeys

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type quota struct {
	aztables.Entity
	Used  int64
	Limit int64
}

// The row starts with the keys it is then read with, so that a missing
// row counts from zero: written back under the same keys, it is the row
// that was read.
func consume(ctx context.Context, c *aztables.Client, tenant, api string) error {
	q := quota{Entity: aztables.Entity{PartitionKey: tenant, RowKey: api}}
	if got, err := c.GetEntity(ctx, tenant, api, nil); err == nil {
		if err := json.Unmarshal(got.Value, &q); err != nil {
			return err
		}
	}
	q.Used++
	b, _ := json.Marshal(q)
	_, err := c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL414: UpsertEntity, which sends no If-Match, writes back the entity read by GetEntity \(line 21\)`
	return err
}

// Silent below.

// Read under one tenant, written under another: a copy.
func copyQuota(ctx context.Context, c *aztables.Client, from, to, api string) error {
	q := quota{Entity: aztables.Entity{PartitionKey: to, RowKey: api}}
	if got, err := c.GetEntity(ctx, from, api, nil); err == nil {
		if err := json.Unmarshal(got.Value, &q); err != nil {
			return err
		}
	}
	q.PartitionKey = to
	b, _ := json.Marshal(q)
	_, err := c.UpsertEntity(ctx, b, nil)
	return err
}

// The same keys, and the write is conditional on the read's ETag.
func consumeIf(ctx context.Context, c *aztables.Client, tenant, api string) error {
	q := quota{Entity: aztables.Entity{PartitionKey: tenant, RowKey: api}}
	got, err := c.GetEntity(ctx, tenant, api, nil)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(got.Value, &q); err != nil {
		return err
	}
	q.Used++
	b, _ := json.Marshal(q)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &got.ETag})
	return err
}
