// Package archiver moves finished jobs from the active table to the
// history table (shape of a job scheduler's clean-up step).
package archiver

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Archiver holds both tables.
type Archiver struct {
	active  *aztables.Client
	history *aztables.Client
}

// New opens the two tables.
func New(svc *aztables.ServiceClient) *Archiver {
	return &Archiver{active: svc.NewClient("jobs"), history: svc.NewClient("jobhistory")}
}

// Finish copies a job into history and removes it from the active table.
func (a *Archiver) Finish(ctx context.Context, queue, id string) error {
	resp, err := a.active.GetEntity(ctx, queue, id, nil)
	if err != nil {
		return err
	}
	if _, err := a.history.AddEntity(ctx, resp.Value, nil); err != nil { // L: TL408
		return err
	}
	_, err = a.active.DeleteEntity(ctx, queue, id, nil)
	return err
}

// Replay is the idempotent worker of the same move: upsert, then delete
// with a missing row treated as done.
func (a *Archiver) Replay(ctx context.Context, queue, id string) error {
	resp, err := a.active.GetEntity(ctx, queue, id, nil)
	if err != nil {
		return err
	}
	if _, err := a.history.UpsertEntity(ctx, resp.Value, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}); err != nil { // S
		return err
	}
	_, err = a.active.DeleteEntity(ctx, queue, id, nil)
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
		return nil
	}
	return err
}

// Status reads a job for the status page and unmarshals it.
func (a *Archiver) Status(ctx context.Context, queue, id string) (map[string]any, error) {
	resp, err := a.active.GetEntity(ctx, queue, id, nil) // S
	if err != nil {
		return nil, err
	}
	var m map[string]any
	err = json.Unmarshal(resp.Value, &m)
	return m, err
}
