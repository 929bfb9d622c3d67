// Package batchimport loads CSV rows into a table in transactions (shape
// of a data-import command).
package batchimport

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Row is one imported record.
type Row struct {
	Region string
	ID     string
	Name   string
}

func action(pk, rk, name string) aztables.TransactionAction {
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": rk, "Name": name})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b}
}

// All sends every row of a region in one transaction.
func All(ctx context.Context, c *aztables.Client, region string, rows []Row) error {
	var actions []aztables.TransactionAction
	for _, r := range rows {
		actions = append(actions, action(region, r.ID, r.Name))
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // L: TL401
	return err
}

// Chunked sends the rows of a region 100 at a time.
func Chunked(ctx context.Context, c *aztables.Client, region string, rows []Row) error {
	for start := 0; start < len(rows); start += 100 {
		end := start + 100
		if end > len(rows) {
			end = len(rows)
		}
		var actions []aztables.TransactionAction
		for _, r := range rows[start:end] {
			actions = append(actions, action(region, r.ID, r.Name))
		}
		if _, err := c.SubmitTransaction(ctx, actions, nil); err != nil { // S
			return err
		}
	}
	return nil
}

// Seed writes the two default rows of a new install.
func Seed(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{ // L: TL403
		action("defaults", "theme", "light"),
		action("settings", "locale", "en"),
	}, nil)
	return err
}

// Rename moves a row to a new RowKey inside its partition.
func Rename(ctx context.Context, c *aztables.Client, region, oldID, newID, name string) error {
	del, _ := json.Marshal(map[string]any{"PartitionKey": region, "RowKey": oldID})
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: del},
		action(region, newID, name), // S
	}, nil)
	return err
}

// Touch writes a row twice in one transaction.
func Touch(ctx context.Context, c *aztables.Client, region, id string) error {
	b, _ := json.Marshal(map[string]any{"PartitionKey": region, "RowKey": id, "Seen": true})
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeInsertMerge, Entity: b},
		{ActionType: aztables.TransactionTypeUpdateMerge, Entity: b}, // L: TL404
	}, nil)
	return err
}
