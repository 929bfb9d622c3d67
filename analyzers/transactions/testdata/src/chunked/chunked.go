package chunked

import (
	"context"
	"errors"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// In chunks of 100: submit and reset inside the loop.
func chunks(ctx context.Context, c *aztables.Client, entities [][]byte) error {
	var actions []aztables.TransactionAction
	for _, e := range entities {
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
		if len(actions) == 100 {
			if _, err := c.SubmitTransaction(ctx, actions, nil); err != nil {
				return err
			}
			actions = actions[:0]
		}
	}
	if len(actions) > 0 {
		_, err := c.SubmitTransaction(ctx, actions, nil)
		return err
	}
	return nil
}

// Slicing the whole set into windows of 100.
func windows(ctx context.Context, c *aztables.Client, all []aztables.TransactionAction) error {
	for start := 0; start < len(all); start += 100 {
		end := min(start+100, len(all))
		batch := all[start:end]
		if _, err := c.SubmitTransaction(ctx, batch, nil); err != nil {
			return err
		}
	}
	return nil
}

// A guard on the input's length.
func guarded(ctx context.Context, c *aztables.Client, entities [][]byte) error {
	if len(entities) > 100 {
		return errors.New("too many")
	}
	var actions []aztables.TransactionAction
	for _, e := range entities {
		actions = append(actions, aztables.TransactionAction{Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Exactly 100, and conditional appends in a bigger loop.
func hundred(ctx context.Context, c *aztables.Client) {
	var actions []aztables.TransactionAction
	for i := 0; i < 100; i++ {
		actions = append(actions, aztables.TransactionAction{})
	}
	c.SubmitTransaction(ctx, actions, nil)

	var some []aztables.TransactionAction
	for i := 0; i < 200; i++ {
		if i%2 == 0 {
			some = append(some, aztables.TransactionAction{})
		}
	}
	c.SubmitTransaction(ctx, some, nil)

	var early []aztables.TransactionAction
	for i := 0; i < 200; i++ {
		if i == 50 {
			break
		}
		early = append(early, aztables.TransactionAction{})
	}
	c.SubmitTransaction(ctx, early, nil)
}

// A submit on each iteration.
func perIteration(ctx context.Context, c *aztables.Client) {
	for i := 0; i < 1000; i++ {
		actions := []aztables.TransactionAction{{}, {}}
		c.SubmitTransaction(ctx, actions, nil)
	}
}

// Legacy batches in chunks.
func legacyChunks(t *storage.Table, es []*storage.Entity) error {
	b := t.NewBatch()
	for i, e := range es {
		b.InsertEntity(e)
		if i%100 == 99 {
			if err := b.ExecuteBatch(); err != nil {
				return err
			}
			b = t.NewBatch()
		}
	}
	return b.ExecuteBatch()
}

func makeEntities(n int) [][]byte { return make([][]byte, n) }

// A local collection whose size is decided elsewhere (the aztables
// module's own tests do this with 10 entities).
func local(ctx context.Context, c *aztables.Client) {
	entities := makeEntities(10)
	var actions []aztables.TransactionAction
	for _, e := range entities {
		actions = append(actions, aztables.TransactionAction{Entity: e})
	}
	c.SubmitTransaction(ctx, actions, nil)
}
