package toomany

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

func literal(ctx context.Context, c *aztables.Client) {
	c.SubmitTransaction(ctx, []aztables.TransactionAction{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}, nil) // want `TL401: this transaction has 101 actions`
}

func constLoop(ctx context.Context, c *aztables.Client, pk string) {
	var actions []aztables.TransactionAction
	for i := 0; i < 150; i++ {
		b, _ := json.Marshal(aztables.Entity{PartitionKey: pk, RowKey: "x"})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction gets at least 150 actions`
}

func nested(ctx context.Context, c *aztables.Client) {
	actions := []aztables.TransactionAction{{}}
	for range 20 {
		for j := 0; j <= 9; j++ {
			actions = append(actions, aztables.TransactionAction{}, aztables.TransactionAction{})
		}
	}
	c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction gets at least 401 actions`
}

type item struct{ ID string }

func unbounded(ctx context.Context, c *aztables.Client, items []item) error {
	var actions []aztables.TransactionAction
	for _, it := range items {
		b, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": it.ID})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction gets one action per element of items \(line 38\), with no limit`
	return err
}

func deletePage(ctx context.Context, c *aztables.Client) error {
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		var actions []aztables.TransactionAction
		for _, e := range page.Entities {
			actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: e})
		}
		if _, err := c.SubmitTransaction(ctx, actions, nil); err != nil { // want `TL401: this transaction gets one action per element of page.Entities`
			return err
		}
	}
	return nil
}

func legacy(t *storage.Table) error {
	b := t.NewBatch()
	for i := 0; i < 101; i++ {
		b.InsertEntity(&storage.Entity{PartitionKey: "p"})
	}
	return b.ExecuteBatch() // want `TL401: this transaction gets at least 101 actions`
}

func inClosure(ctx context.Context, c *aztables.Client, run func(func())) {
	run(func() {
		var actions []aztables.TransactionAction
		for i := 0; i < 101; i++ {
			actions = append(actions, aztables.TransactionAction{})
		}
		c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction gets at least 101 actions`
	})
}
