// Package inventory reserves stock: the product's partition holds its
// stock row ("stock") and one row per reservation, changed together in
// one transaction.
package inventory

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type stockRow struct {
	PartitionKey string
	RowKey       string
	Available    int
}

type reservationRow struct {
	PartitionKey string
	RowKey       string
	Quantity     int
	State        string
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Reserve takes quantity from the stock row (at the ETag read) and adds
// the reservation, atomically.
func Reserve(ctx context.Context, c *aztables.Client, product, order string, qty, available int, etag azcore.ETag) error {
	actions := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeUpdateMerge, Entity: mustJSON(stockRow{PartitionKey: product, RowKey: "stock", Available: available - qty}), IfMatch: &etag},
		{ActionType: aztables.TransactionTypeAdd, Entity: mustJSON(reservationRow{PartitionKey: product, RowKey: "res_" + order, Quantity: qty, State: "held"})},
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // S
	return err
}

// Release returns the quantity and marks the reservation released. The
// reservation is deleted and added again in the same batch: the service
// refuses a transaction that touches one entity twice.
func Release(ctx context.Context, c *aztables.Client, product, order string, qty, available int, etag azcore.ETag) error {
	res := reservationRow{PartitionKey: product, RowKey: "res_" + order, Quantity: qty, State: "released"}
	actions := []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeUpdateMerge, Entity: mustJSON(stockRow{PartitionKey: product, RowKey: "stock", Available: available + qty}), IfMatch: &etag},
		{ActionType: aztables.TransactionTypeDelete, Entity: mustJSON(res)},
		{ActionType: aztables.TransactionTypeAdd, Entity: mustJSON(res)}, // L: TL404
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}
