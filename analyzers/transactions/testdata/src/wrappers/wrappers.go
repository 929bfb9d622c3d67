// Package wrappers submits transactions through a helper: the actions
// are built by the caller.
package wrappers

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func submit(ctx context.Context, c *aztables.Client, actions []aztables.TransactionAction) error {
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

type item struct{ ID string }

func importAll(ctx context.Context, c *aztables.Client, items []item) error {
	var actions []aztables.TransactionAction
	for _, it := range items {
		b, _ := json.Marshal(aztables.Entity{PartitionKey: "imports", RowKey: it.ID})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	return submit(ctx, c, actions) // want `TL401: this transaction gets one action per element of items`
}

func twoDepartments(ctx context.Context, c *aztables.Client) error {
	sales, _ := json.Marshal(aztables.Entity{PartitionKey: "Sales", RowKey: "1"})
	marketing, _ := json.Marshal(aztables.Entity{PartitionKey: "Marketing", RowKey: "1"}) // want `TL403: this action's PartitionKey "Marketing" differs from "Sales"`
	return submit(ctx, c, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: sales},
		{ActionType: aztables.TransactionTypeAdd, Entity: marketing},
	})
}

// Must stay silent: submitted through the helper every 100 actions.
func chunked(ctx context.Context, c *aztables.Client, items []item) error {
	var actions []aztables.TransactionAction
	for _, it := range items {
		b, _ := json.Marshal(aztables.Entity{PartitionKey: "imports", RowKey: it.ID})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
		if len(actions) == 100 {
			if err := submit(ctx, c, actions); err != nil {
				return err
			}
			actions = nil
		}
	}
	return submit(ctx, c, actions)
}

// Must stay silent: one partition.
func onePartition(ctx context.Context, c *aztables.Client) error {
	a, _ := json.Marshal(aztables.Entity{PartitionKey: "Sales", RowKey: "1"})
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "Sales", RowKey: "2"})
	return submit(ctx, c, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: a},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
	})
}

// Must stay silent: the helper's name looks like a write, but it only
// logs the actions.
func logActions(actions []aztables.TransactionAction) int { return len(actions) }

func logged(items []item) int {
	var actions []aztables.TransactionAction
	for _, it := range items {
		b, _ := json.Marshal(aztables.Entity{PartitionKey: "p", RowKey: it.ID})
		actions = append(actions, aztables.TransactionAction{Entity: b})
	}
	return logActions(actions)
}
