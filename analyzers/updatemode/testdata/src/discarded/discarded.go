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

// Silent: the caller gives the entity (it may have read it); whether it
// exists is the caller's to know.
func markGiven(ctx context.Context, c *aztables.Client, s Status, again bool) {
	s.State = "again"
	if !again {
		s.State = "once"
	}
	b, _ := json.Marshal(s)
	_, _ = c.UpdateEntity(ctx, b, nil)
}

// The caller gives the keys only: the entity is built here.
func markKeys(ctx context.Context, c *aztables.Client, s Status) {
	b, _ := json.Marshal(Status{PartitionKey: s.PartitionKey, RowKey: s.RowKey, State: "done"})
	_, _ = c.UpdateEntity(ctx, b, nil) // want `TL412`
}
