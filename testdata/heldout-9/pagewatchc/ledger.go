package pagewatchc

import (
	"context"
	"encoding/json"
	"net/url"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// rememberAll keeps the items of one watch in the watch's own partition,
// each with the time it was first seen, in a single transaction.
func rememberAll(ctx context.Context, tc *aztables.Client, watch string, fresh []string) error {
	actions := make([]aztables.TransactionAction, 0, len(fresh))
	for _, item := range fresh {
		row := aztables.EDMEntity{
			Entity: aztables.Entity{PartitionKey: watch, RowKey: url.PathEscape(item)},
			Properties: map[string]any{
				"FirstSeen": time.Now().UnixMilli(), // L: TL125
			},
		}
		body, err := json.Marshal(row)
		if err != nil {
			return err
		}
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: body})
	}
	_, err := tc.SubmitTransaction(ctx, actions, nil) // L: TL401
	return err
}

// rememberChunked does the same a hundred actions at a time, with the time
// typed as Edm.Int64.
func rememberChunked(ctx context.Context, tc *aztables.Client, watch string, fresh []string) error {
	for start := 0; start < len(fresh); start += 100 {
		end := min(start+100, len(fresh))
		actions := make([]aztables.TransactionAction, 0, end-start)
		for _, item := range fresh[start:end] {
			row := aztables.EDMEntity{
				Entity: aztables.Entity{PartitionKey: watch, RowKey: url.PathEscape(item)},
				Properties: map[string]any{
					"FirstSeen": aztables.EDMInt64(time.Now().UnixMilli()), // S
				},
			}
			body, err := json.Marshal(row)
			if err != nil {
				return err
			}
			actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: body})
		}
		if _, err := tc.SubmitTransaction(ctx, actions, nil); err != nil { // S
			return err
		}
	}
	return nil
}

// Backfill loads a list gathered elsewhere into a watch's ledger.
func Backfill(ctx context.Context, svc *aztables.ServiceClient, w Watch, items []string) error {
	return rememberAll(ctx, svc.NewClient(w.Table), w.Table, items)
}
