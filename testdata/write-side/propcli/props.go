// Package propcli is the engine of a command-line tool that reads, sets
// and removes single properties of a row.
package propcli

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// DefaultTable is used when --table is not given.
const DefaultTable = "cli-props"

// Target names one property of one row.
type Target struct {
	Client          *aztables.Client
	PartitionKey    string
	RowKey          string
	Property, Value string
}

// Open returns the client of the default table.
func Open(svc *aztables.ServiceClient) *aztables.Client {
	return svc.NewClient("cli-props") // L: TL101
}

// Get prints the row as JSON.
func (t Target) Get(ctx context.Context) (string, error) {
	resp, err := t.Client.GetEntity(ctx, t.PartitionKey, t.RowKey, nil)
	if err != nil {
		return "", err
	}
	return string(resp.Value), nil
}

// Set merges one property into the row, creating the row if needed.
func (t Target) Set(ctx context.Context) error {
	m := map[string]any{"PartitionKey": t.PartitionKey, "RowKey": t.RowKey, t.Property: t.Value}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = t.Client.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// Remove deletes one property: it reads the row, drops the property and
// replaces the row. A change made by someone else between the read and
// the replace is overwritten.
func (t Target) Remove(ctx context.Context) error {
	resp, err := t.Client.GetEntity(ctx, t.PartitionKey, t.RowKey, nil)
	if err != nil {
		return err
	}
	var row map[string]any
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return fmt.Errorf("decode row: %w", err)
	}
	delete(row, t.Property)
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = t.Client.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}
