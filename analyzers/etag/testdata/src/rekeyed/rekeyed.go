// Package rekeyed: a row read by a helper and handed to a put helper
// is written back, unless its keys were replaced first (a move).
package rekeyed

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type shelf struct{ tc *aztables.Client }

// load reads a book's row as a map.
func (s *shelf) load(ctx context.Context, aisle, id string) (map[string]any, error) {
	resp, err := s.tc.GetEntity(ctx, aisle, id, nil)
	if err != nil {
		return nil, err
	}
	row := map[string]any{}
	err = json.Unmarshal(resp.Value, &row)
	return row, err
}

// put replaces the row with no condition.
func put(ctx context.Context, tc *aztables.Client, row map[string]any) error {
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = tc.UpsertEntity(ctx, body, nil)
	return err
}

// Lend flags the book and writes the same row back: a concurrent
// change between the two calls is lost.
func (s *shelf) Lend(ctx context.Context, aisle, id string) error {
	row, err := s.load(ctx, aisle, id)
	if err != nil {
		return err
	}
	row["Lent"] = true
	return put(ctx, s.tc, row) // want `put writes back an entity read by GetEntity with UpsertEntity and no IfMatch`
}

// Keep sets the keys to the row's own: still the row read.
func (s *shelf) Keep(ctx context.Context, aisle, id string) error {
	row, err := s.load(ctx, aisle, id)
	if err != nil {
		return err
	}
	row["RowKey"] = row["RowKey"]
	return put(ctx, s.tc, row) // want `put writes back an entity read by GetEntity with UpsertEntity and no IfMatch`
}

// Shelve moves the book to another aisle: the row is stored under a new
// PartitionKey (a new entity) and the old one is dropped.
func (s *shelf) Shelve(ctx context.Context, from, to, id string) error {
	row, err := s.load(ctx, from, id)
	if err != nil {
		return err
	}
	row["PartitionKey"] = to
	if err := put(ctx, s.tc, row); err != nil {
		return err
	}
	_, err = s.tc.DeleteEntity(ctx, from, id, nil)
	return err
}

// Relabel copies the row under a new RowKey and writes it directly.
func (s *shelf) Relabel(ctx context.Context, aisle, id, label string) error {
	row, err := s.load(ctx, aisle, id)
	if err != nil {
		return err
	}
	row["RowKey"] = label
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.tc.UpsertEntity(ctx, body, nil)
	return err
}
