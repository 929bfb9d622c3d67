package discarded

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Status struct {
	PartitionKey string
	RowKey       string
	State        string
}

func mark(ctx context.Context, c *aztables.Client, job string) {
	b, _ := json.Marshal(Status{PartitionKey: "jobs", RowKey: job, State: "done"})
	c.UpdateEntity(ctx, b, nil) // want `TL412: UpdateEntity's error is discarded; it fails with 404 when the entity does not exist$`
}

func markAsync(ctx context.Context, c *aztables.Client, job string) {
	b, _ := json.Marshal(map[string]any{"PartitionKey": "jobs", "RowKey": job, "State": "running"})
	_, _ = c.UpdateEntity(ctx, b, nil) // want `TL412`
	go c.UpdateEntity(ctx, b, nil)     // want `TL412`
}
