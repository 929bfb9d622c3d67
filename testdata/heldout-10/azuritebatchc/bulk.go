package azuritebatchc

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Item is one catalogue line given by the caller.
type Item struct {
	SKU   string
	Label string
}

func itemRow(it Item) ([]byte, error) {
	return json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: shelf, RowKey: it.SKU},
		Properties: map[string]any{"label": it.Label},
	})
}

// SeedAll writes every item of the caller's list in one transaction.
func SeedAll(ctx context.Context, tc *aztables.Client, items []Item) error {
	acts := make([]aztables.TransactionAction, 0, len(items))
	for _, it := range items {
		raw, err := itemRow(it)
		if err != nil {
			return err
		}
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: raw})
	}
	_, err := tc.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

// SeedChunked writes the items a hundred at a time.
func SeedChunked(ctx context.Context, tc *aztables.Client, items []Item) error {
	acts := make([]aztables.TransactionAction, 0, 100)
	flush := func() error {
		if len(acts) == 0 {
			return nil
		}
		_, err := tc.SubmitTransaction(ctx, acts, nil) // S
		acts = acts[:0]
		return err
	}
	for _, it := range items {
		raw, err := itemRow(it)
		if err != nil {
			return err
		}
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: raw})
		if len(acts) == 100 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
