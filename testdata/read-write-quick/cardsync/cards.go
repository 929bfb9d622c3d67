// Package cardsync replaces a month's statement lines: upserts the new
// ones and deletes those that disappeared, chunked by 100.
package cardsync

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Line is one statement line.
type Line struct {
	ID     string
	Amount float64
	Labels []string
}

type lineRow struct {
	PartitionKey string
	RowKey       string
	Amount       float64
	Labels       []string // L: TL126
}

// Replace writes month's lines; old holds the RowKeys stored before.
func Replace(ctx context.Context, c *aztables.Client, month string, lines []Line, old []string) error {
	keep := map[string]bool{}
	var acts []aztables.TransactionAction
	for _, l := range lines {
		keep[l.ID] = true
		b, _ := json.Marshal(lineRow{PartitionKey: month, RowKey: l.ID, Amount: l.Amount, Labels: l.Labels})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	for _, rk := range old {
		if keep[rk] {
			continue
		}
		b, _ := json.Marshal(map[string]any{"PartitionKey": month, "RowKey": rk})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: b})
	}
	const chunk = 100
	for i := 0; i < len(acts); i += chunk {
		end := i + chunk
		if end > len(acts) {
			end = len(acts)
		}
		if _, err := c.SubmitTransaction(ctx, acts[i:end], nil); err != nil { // S
			return fmt.Errorf("lines %d-%d: %w", i, end, err)
		}
	}
	return nil
}

// Cards lists the stored cards, all in one constant partition.
func Cards(ctx context.Context, c *aztables.Client) ([][]byte, error) {
	f := "PartitionKey eq 'CARDS'"
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	var out [][]byte
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, resp.Entities...)
	}
	return out, nil
}
