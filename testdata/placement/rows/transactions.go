package rows

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Item struct {
	Shelf, Code string
}

// Row TL401: the SubmitTransaction.
func tooMany(ctx context.Context, c *aztables.Client, items []Item) error {
	var acts []aztables.TransactionAction
	for _, it := range items {
		b, _ := json.Marshal(aztables.Entity{PartitionKey: "books", RowKey: it.Code})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

// Row TL403, actions written out one by one: the PartitionKey of the
// action that differs from the first.
func twoPartitions(ctx context.Context, c *aztables.Client) error {
	a, _ := json.Marshal(aztables.Entity{PartitionKey: "books", RowKey: "1"})
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "films", RowKey: "2"}) // L: TL403
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: a},
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
	}, nil)
	return err
}

// Row TL403, a loop that gives each action its own PartitionKey: the
// SubmitTransaction.
func partitionPerItem(ctx context.Context, c *aztables.Client, items []Item) error {
	var acts []aztables.TransactionAction
	for _, it := range items[:min(len(items), 50)] {
		b, _ := json.Marshal(aztables.Entity{PartitionKey: it.Shelf, RowKey: it.Code})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b})
	}
	// M: TL403 ^the loop on line \d+ gives each action its own PartitionKey
	_, err := c.SubmitTransaction(ctx, acts, nil) // L: TL403
	return err
}

// shelfAction is a helper that builds an action from the keys it is given.
func shelfAction(shelf, code string) aztables.TransactionAction {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: shelf, RowKey: code})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

// Row TL403, actions built by helpers: the SubmitTransaction.
func helperBuilt(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{ // L: TL403
		shelfAction("books", "1"),
		shelfAction("films", "2"),
	}, nil)
	return err
}

// Row TL404: the second action on the entity.
func twice(ctx context.Context, c *aztables.Client) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "books", RowKey: "1"})
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		{ActionType: aztables.TransactionTypeAdd, Entity: b},
		{ActionType: aztables.TransactionTypeUpdateMerge, Entity: b}, // L: TL404
	}, nil)
	return err
}

// Row TL406: the write in the loop.
func onePerRow(ctx context.Context, c *aztables.Client, items []Item) error {
	for _, it := range items {
		b, _ := json.Marshal(aztables.Entity{PartitionKey: "books", RowKey: it.Code})
		if _, err := c.UpsertEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}

// addAction is a helper given the whole entity: the keys are written in
// the caller, so the differing action's PartitionKey is reported there.
func addAction(m map[string]any) aztables.TransactionAction {
	b, _ := json.Marshal(m)
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: b}
}

func givenEntities(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{
		addAction(map[string]any{"PartitionKey": "books", "RowKey": "1"}),
		addAction(map[string]any{
			"RowKey":       "2",
			"PartitionKey": "films", // L: TL403
		}),
	}, nil)
	return err
}

// shelfEntity is a helper that builds the entity from the keys it is given.
func shelfEntity(shelf, code string) []byte {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: shelf, RowKey: code})
	return b
}

// Row TL403, entities built by a helper: the SubmitTransaction.
func helperEntities(ctx context.Context, c *aztables.Client) error {
	_, err := c.SubmitTransaction(ctx, []aztables.TransactionAction{ // L: TL403
		{ActionType: aztables.TransactionTypeAdd, Entity: shelfEntity("books", "1")},
		{ActionType: aztables.TransactionTypeAdd, Entity: shelfEntity("films", "2")},
	}, nil)
	return err
}

// Row TL406, writes one after another: the second write, naming every
// write's line.
func oneAfterAnother(ctx context.Context, c *aztables.Client, code string) error {
	a, _ := json.Marshal(aztables.Entity{PartitionKey: "books", RowKey: code})
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "books", RowKey: "index_" + code})
	if _, err := c.AddEntity(ctx, a, nil); err != nil {
		return err
	}
	// M: TL406 ^2 writes to partition "books" \(lines \d+, \d+\)
	_, err := c.AddEntity(ctx, b, nil) // L: TL406
	return err
}
