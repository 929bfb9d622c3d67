// Package batchcheck groups writes into transactions.
package batchcheck

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func add(m map[string]any) aztables.TransactionAction {
	b, _ := json.Marshal(m)
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// SeedTwo adds one row to each of two partitions in one transaction.
func SeedTwo(ctx context.Context, c *aztables.Client) error {
	acts := []aztables.TransactionAction{
		add(map[string]any{"PartitionKey": "p1", "RowKey": "1"}),
		add(map[string]any{"PartitionKey": "p2", "RowKey": "2"}), // L: TL403
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}

// SeedOne adds two rows of one partition in one transaction.
func SeedOne(ctx context.Context, c *aztables.Client) error {
	acts := []aztables.TransactionAction{
		add(map[string]any{"PartitionKey": "p1", "RowKey": "1"}),
		add(map[string]any{"PartitionKey": "p1", "RowKey": "2"}),
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // S
	return err
}

// Rename moves an order's index row: delete the old row, add the new one,
// then (by mistake) add the old key again as a tombstone.
func Rename(ctx context.Context, c *aztables.Client, cust, oldID, newID string) error {
	del, _ := json.Marshal(map[string]any{"PartitionKey": cust, "RowKey": "idx_" + oldID})
	put, _ := json.Marshal(map[string]any{"PartitionKey": cust, "RowKey": "idx_" + newID})
	tomb, _ := json.Marshal(map[string]any{"PartitionKey": cust, "RowKey": "idx_" + oldID, "Gone": true})
	acts := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: del},
		{ActionType: aztables.TransactionTypeAdd, Entity: put},
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: tomb}, // L: TL404
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}
