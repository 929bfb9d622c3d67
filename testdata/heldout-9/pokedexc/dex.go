// Package pokedexc is the storage side of a small Functions-hosted API: a
// table of creatures and a queue of commands, both in the account named by
// the host's storage connection string.
package pokedexc

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

// Mon is one creature as the API returns it.
type Mon struct {
	Name string
	Type string
}

type command struct {
	Function string
}

// Dex holds the table and the command queue.
type Dex struct {
	table   *aztables.Client
	queue   *azqueue.QueueClient
	replace bool
}

// Open connects both clients from one connection string.
func Open(ctx context.Context, conn string) (*Dex, error) {
	if conn == "" {
		return nil, errors.New("pokedexc: storage connection string is empty")
	}
	tables, err := aztables.NewServiceClientFromConnectionString(conn, nil) // S
	if err != nil {
		return nil, err
	}
	queues, err := azqueue.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	_, _ = tables.CreateTable(ctx, "Pokemon", nil)
	return &Dex{table: tables.NewClient("Pokemon"), queue: queues.NewQueueClient("pokemon")}, nil
}

// List returns every creature in the table.
func (d *Dex) List(ctx context.Context) ([]Mon, error) {
	pager := d.table.NewListEntitiesPager(nil) // L: TL301
	out := make([]Mon, 0)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var m Mon
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, err
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// Add inserts one creature, keyed by its name in the one partition.
func (d *Dex) Add(ctx context.Context, m Mon) error {
	row := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "pokemon", RowKey: m.Name}, // S
		Properties: map[string]any{"Name": m.Name},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = d.table.AddEntity(ctx, body, nil) // L: TL409
	return err
}

// Put writes the creature whether or not it is there already.
func (d *Dex) Put(ctx context.Context, m Mon) error {
	row := aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "pokemon", RowKey: m.Name},
		Properties: map[string]any{"Name": m.Name},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = d.table.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// RequestSync asks the worker to refresh the table.
func (d *Dex) RequestSync(ctx context.Context) error {
	body, err := json.Marshal(command{Function: "SyncPokemon"})
	if err != nil {
		return err
	}
	_, err = d.queue.EnqueueMessage(ctx, string(body), nil)
	return err
}
