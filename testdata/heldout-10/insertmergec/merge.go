// Package insertmergec marks rows as seen with insert-or-merge actions sent
// as an entity group transaction, configured from the environment.
package insertmergec

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// FromEnv builds the table client from TABLES_CONN and TABLES_NAME.
func FromEnv() (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("TABLES_CONN"), nil) // S
	if err != nil {
		return nil, err
	}
	return svc.NewClient(os.Getenv("TABLES_NAME")), nil
}

func keyOnly(pk, rk string) ([]byte, error) {
	return json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}})
}

// MarkSeen merges one bare row, creating it when it is missing.
func MarkSeen(ctx context.Context, c *aztables.Client, pk, rk string) error {
	raw, err := keyOnly(pk, rk)
	if err != nil {
		return err
	}
	var acts []aztables.TransactionAction
	acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertMerge, Entity: raw})
	resp, err := c.SubmitTransaction(ctx, acts, nil) // S
	if err != nil {
		return err
	}
	fmt.Printf("%+v\n", resp)
	return nil
}

// ResetSeen clears a row and writes it again bare, in one transaction.
func ResetSeen(ctx context.Context, c *aztables.Client, pk, rk string) error {
	raw, err := keyOnly(pk, rk)
	if err != nil {
		return err
	}
	acts := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeDelete, Entity: raw},
		{ActionType: aztables.TransactionTypeInsertMerge, Entity: raw},
	}
	_, err = c.SubmitTransaction(ctx, acts, nil) // L: TL404
	return err
}

// ResetSeenOnce replaces the row with a bare one in a single action.
func ResetSeenOnce(ctx context.Context, c *aztables.Client, pk, rk string) error {
	raw, err := keyOnly(pk, rk)
	if err != nil {
		return err
	}
	acts := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: raw},
	}
	_, err = c.SubmitTransaction(ctx, acts, nil) // S
	return err
}
