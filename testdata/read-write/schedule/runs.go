// Package schedule records scheduled runs of a job runner (shape of a cron
// service storing run history with explicit EDM types).
package schedule

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Run is a run as the scheduler sees it.
type Run struct {
	Job      string
	ID       string
	Started  time.Time
	Finished time.Time
}

// Pending writes a run that has not finished yet; Finished is still zero.
func Pending(ctx context.Context, c *aztables.Client, r Run) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: r.Job, RowKey: r.ID},
		Properties: map[string]any{
			"Started":  aztables.EDMDateTime(r.Started),
			"Finished": aztables.EDMDateTime(time.Time{}), // L: TL124
		},
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// Done writes the finished run.
func Done(ctx context.Context, c *aztables.Client, r Run) error {
	props := map[string]any{"Started": aztables.EDMDateTime(r.Started)} // S
	if !r.Finished.IsZero() {
		props["Finished"] = aztables.EDMDateTime(r.Finished)
	}
	b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: r.Job, RowKey: r.ID}, Properties: props})
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}
