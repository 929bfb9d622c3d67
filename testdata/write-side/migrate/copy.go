// Package migrate is a command that copies a table into a new schema:
// rows grouped by partition, written in transactions.
package migrate

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type oldRow struct {
	PartitionKey string
	RowKey       string
	Name         string
	Score        float64
}

type newRow struct {
	PartitionKey string
	RowKey       string
	DisplayName  string
	Score        float64
	Schema       int
}

// Copy reads the whole source (sorted by partition) and writes each
// partition's rows in transactions. The flush test lets a batch reach
// 101 actions, which the service refuses.
func Copy(ctx context.Context, src, dst *aztables.Client) error {
	var batch []aztables.TransactionAction
	pk := ""
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		_, err := dst.SubmitTransaction(ctx, batch, nil) // L: TL401
		batch = batch[:0]
		return err
	}
	p := src.NewListEntitiesPager(nil)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var o oldRow
			if err := json.Unmarshal(raw, &o); err != nil {
				return err
			}
			if o.PartitionKey != pk || len(batch) > 100 {
				if err := flush(); err != nil {
					return err
				}
				pk = o.PartitionKey
			}
			b, _ := json.Marshal(newRow{PartitionKey: o.PartitionKey, RowKey: o.RowKey, DisplayName: o.Name, Score: o.Score, Schema: 2})
			batch = append(batch, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		}
	}
	return flush()
}

// Reset drops the target table and creates it again before a re-run.
func Reset(ctx context.Context, svc *aztables.ServiceClient, name string) error {
	if _, err := svc.DeleteTable(ctx, name, nil); err != nil {
		return err
	}
	_, err := svc.CreateTable(ctx, name, nil) // L: TL104
	return err
}
