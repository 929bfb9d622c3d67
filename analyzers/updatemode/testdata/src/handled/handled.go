package handled

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

// The error is checked: a missing entity is reported to the caller.
func mark(ctx context.Context, c *aztables.Client, job string) error {
	b, _ := json.Marshal(Status{PartitionKey: "jobs", RowKey: job, State: "done"})
	_, err := c.UpdateEntity(ctx, b, nil)
	return err
}

// Upsert inserts a missing entity.
func upsert(ctx context.Context, c *aztables.Client, job string) {
	b, _ := json.Marshal(Status{PartitionKey: "jobs", RowKey: job, State: "done"})
	_, _ = c.UpsertEntity(ctx, b, nil)
}

// An entity decoded from a read: it existed.
func touch(ctx context.Context, c *aztables.Client, raw []byte) {
	var s Status
	_ = json.Unmarshal(raw, &s)
	s.State = "seen"
	b, _ := json.Marshal(s)
	_, _ = c.UpdateEntity(ctx, b, nil)
}
