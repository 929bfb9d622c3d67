package sequence

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// A delivery's lines, each given the delivery's kind as PartitionKey in
// the loop and written one request at a time.
func importKind(ctx context.Context, c *aztables.Client, kind string, delivery []Line) error {
	for i := range delivery {
		delivery[i].PartitionKey = kind
		raw, _ := json.Marshal(delivery[i])
		if _, err := c.AddEntity(ctx, raw, nil); err != nil { // want `TL406: AddEntity in a loop writes partition`
			return err
		}
	}
	return nil
}

// Silent: each line's PartitionKey comes from the line itself.
func importOwn(ctx context.Context, c *aztables.Client, delivery []Line) error {
	for i := range delivery {
		delivery[i].PartitionKey = delivery[i].RowKey[:2]
		raw, _ := json.Marshal(delivery[i])
		if _, err := c.AddEntity(ctx, raw, nil); err != nil {
			return err
		}
	}
	return nil
}

// Silent: the PartitionKey is set only on some iterations.
func importSome(ctx context.Context, c *aztables.Client, kind string, delivery []Line) error {
	for i := range delivery {
		if delivery[i].RowKey != "" {
			delivery[i].PartitionKey = kind
		}
		raw, _ := json.Marshal(delivery[i])
		if _, err := c.AddEntity(ctx, raw, nil); err != nil {
			return err
		}
	}
	return nil
}

// Silent: every iteration writes the same entity (the loop sets its RowKey too).
func importSame(ctx context.Context, c *aztables.Client, kind string, delivery []Line) error {
	for i := range delivery {
		delivery[i].PartitionKey = kind
		delivery[i].RowKey = "latest"
		raw, _ := json.Marshal(delivery[i])
		if _, err := c.UpsertEntity(ctx, raw, nil); err != nil {
			return err
		}
	}
	return nil
}
