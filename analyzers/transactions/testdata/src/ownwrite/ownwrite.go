// Package ownwrite: a loop that fills one transaction of a single
// partition and, beside it, writes a record of each item on its own
// through a helper and an interface (silent for TL403: those keys are
// not the transaction's); and the twin where the per-item record is made
// an action of the transaction through a helper (TL403).
package ownwrite

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type line struct {
	aztables.Entity
	Qty int
}

type trail struct {
	aztables.Entity
	Note string
}

type journal interface {
	keep(ctx context.Context, row []byte) error
}

type tableJournal struct{ c *aztables.Client }

func (j tableJournal) keep(ctx context.Context, row []byte) error {
	_, err := j.c.AddEntity(ctx, row, nil)
	return err
}

// note writes one trail entry by itself.
func note(ctx context.Context, j journal, t trail) error {
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	return j.keep(ctx, b)
}

func lineAction(l line) aztables.TransactionAction {
	b, _ := json.Marshal(l)
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

func trailAction(t trail) aztables.TransactionAction {
	b, _ := json.Marshal(t)
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// Silent: the order's lines share the order's partition; the trail
// entries, one partition per SKU, are written one by one through the
// journal, outside the transaction.
func placeOrder(ctx context.Context, c *aztables.Client, j journal, order string, skus []string) error {
	acts := make([]aztables.TransactionAction, 0, 10)
	for _, sku := range skus[:min(len(skus), 10)] {
		var l line
		l.PartitionKey = order
		l.RowKey = sku
		acts = append(acts, lineAction(l))
		var t trail
		t.PartitionKey = sku
		t.RowKey = order
		if err := note(ctx, j, t); err != nil {
			return err
		}
	}
	_, err := c.SubmitTransaction(ctx, acts, nil)
	return err
}

// The twin: the trail entries go into the same transaction.
func placeOrderTogether(ctx context.Context, c *aztables.Client, order string, skus []string) error {
	acts := make([]aztables.TransactionAction, 0, 20)
	for _, sku := range skus[:min(len(skus), 10)] {
		var l line
		l.PartitionKey = order
		l.RowKey = sku
		acts = append(acts, lineAction(l))
		var t trail
		t.PartitionKey = sku
		t.RowKey = order
		acts = append(acts, trailAction(t))
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // want `^TL403: the loop on line 79 gives each action its own PartitionKey`
	return err
}
