// Package swimsync mirrors a federation's swimmer list into a table, one
// partition per region, in transactions of at most 100 actions.
package swimsync

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const maxActions = 100

// Swimmer is one registered swimmer.
type Swimmer struct {
	ID, Name, Club string
}

type swimmerRow struct {
	aztables.Entity
	Region string
	Name   string
	Club   string
}

// Mirror writes every swimmer of region.
func Mirror(ctx context.Context, c *aztables.Client, region string, swimmers []Swimmer) error {
	pk := strings.ReplaceAll(region, "/", "|") // S
	batch := make([]aztables.TransactionAction, 0, maxActions)
	for _, s := range swimmers {
		b, err := json.Marshal(swimmerRow{Entity: aztables.Entity{PartitionKey: pk, RowKey: s.ID}, Region: region, Name: s.Name, Club: s.Club})
		if err != nil {
			return err
		}
		batch = append(batch, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		if len(batch) >= maxActions {
			if _, err := c.SubmitTransaction(ctx, batch, nil); err != nil { // S
				return err
			}
			batch = make([]aztables.TransactionAction, 0, maxActions)
		}
	}
	if len(batch) > 0 {
		_, err := c.SubmitTransaction(ctx, batch, nil) // S
		return err
	}
	return nil
}

// MirrorAll is the first version: the whole list in one transaction.
func MirrorAll(ctx context.Context, c *aztables.Client, region string, swimmers []Swimmer) error {
	var batch []aztables.TransactionAction
	for _, s := range swimmers {
		b, err := json.Marshal(swimmerRow{Entity: aztables.Entity{PartitionKey: region, RowKey: s.ID}, Name: s.Name})
		if err != nil {
			return err
		}
		batch = append(batch, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, batch, nil) // L: TL401
	return err
}
