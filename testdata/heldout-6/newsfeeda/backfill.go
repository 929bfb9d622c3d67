package newsfeeda

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// archived builds the row of a headline restored from the archive; its
// number comes from the archive. (added)
func archived(n int, h Headline) ([]byte, error) {
	return json.Marshal(aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: "id", RowKey: fmt.Sprintf("%010d", n)},
		Properties: map[string]any{
			"Title":     h.Title,
			"Summary":   h.Summary,
			"Date":      aztables.EDMDateTime(h.Posted),
			"FetchedMs": aztables.EDMInt64(time.Now().UnixMilli()), // S
		},
	})
}

// Backfill restores a whole archive in one transaction. (added)
func Backfill(ctx context.Context, t *aztables.Client, items []Headline) error {
	var acts []aztables.TransactionAction
	for i, h := range items {
		b, err := archived(i, h)
		if err != nil {
			return err
		}
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err := t.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

// BackfillChunked restores it 100 rows a transaction. (added)
func BackfillChunked(ctx context.Context, t *aztables.Client, items []Headline) error {
	for start := 0; start < len(items); start += 100 {
		end := start + 100
		if end > len(items) {
			end = len(items)
		}
		acts := make([]aztables.TransactionAction, 0, end-start)
		for i := start; i < end; i++ {
			b, err := archived(i, items[i])
			if err != nil {
				return err
			}
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		}
		if _, err := t.SubmitTransaction(ctx, acts, nil); err != nil { // S
			return err
		}
	}
	return nil
}
