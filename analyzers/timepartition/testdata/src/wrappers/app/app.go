// Package app builds entities and writes them through the store
// package's helpers (another package: followed with facts).
package app

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"wrappers/store"
)

type Reading struct {
	PartitionKey string
	RowKey       string
	Celsius      float64
}

func daily(ctx context.Context, c *aztables.Client, id string, t float64) error {
	now := time.Now()
	r := Reading{PartitionKey: now.Format("2006-01-02"), RowKey: id, Celsius: t} // want `TL209: PartitionKey written by UpsertEntity \(through store.Put\) comes only from time.Now\(\)`
	return store.Put(ctx, c, &r)
}

func logged(ctx context.Context, c *aztables.Client, id string) error {
	r := Reading{PartitionKey: time.Now().Format("200601021504"), RowKey: id} // want `TL209: PartitionKey written by UpsertEntity \(through store.PutLogged\)`
	return store.PutLogged(ctx, c, r)
}

func generic(ctx context.Context, repo *store.Repo[Reading], id string) error {
	r := Reading{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id} // want `TL209: PartitionKey written by AddEntity \(through store.Repo.Save\)`
	return repo.Save(ctx, r)
}

// Must stay silent: the time is prefixed with a well-spread device id.
func spread(ctx context.Context, c *aztables.Client, device, id string) error {
	r := Reading{PartitionKey: device + "_" + time.Now().Format("2006-01-02"), RowKey: id}
	return store.Put(ctx, c, &r)
}

// Must stay silent: Describe does not write the entity it is given.
func described(ctx context.Context, c *aztables.Client, id string) error {
	r := Reading{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id}
	return store.Describe(ctx, c, r)
}

// Must stay silent: the entity is only logged, never written.
func notWritten(id string) Reading {
	return Reading{PartitionKey: time.Now().Format("2006-01-02"), RowKey: id}
}

// Must stay silent: the generic repository writes a well-spread key.
func genericSpread(ctx context.Context, repo *store.Repo[Reading], device, id string) error {
	r := Reading{PartitionKey: device + "/" + time.Now().Format("2006-01-02"), RowKey: id}
	return repo.Save(ctx, r)
}
