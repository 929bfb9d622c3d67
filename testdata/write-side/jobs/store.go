// Package jobs is a job store: pending jobs in the "jobs" table (queue
// name as partition), finished ones moved to "jobsdone".
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Job is a row.
type Job struct {
	PartitionKey string
	RowKey       string
	Kind         string
	Owner        string
	Heartbeat    time.Time
	Result       string
}

// Store holds both tables.
type Store struct {
	jobs, done *aztables.Client
}

// ErrTaken is returned when another worker claimed the job first.
var ErrTaken = errors.New("jobs: claimed by another worker")

// Enqueue adds a job with a fresh ID.
func (s *Store) Enqueue(ctx context.Context, queue, kind string) (string, error) {
	id := uuid.New().String()
	b, err := json.Marshal(Job{PartitionKey: queue, RowKey: id, Kind: kind, Heartbeat: time.Now().UTC()})
	if err != nil {
		return "", err
	}
	_, err = s.jobs.AddEntity(ctx, b, nil) // S
	return id, err
}

// Claim sets the owner at the version read; losing the race is reported.
func (s *Store) Claim(ctx context.Context, queue, id, worker string) error {
	resp, err := s.jobs.GetEntity(ctx, queue, id, nil)
	if err != nil {
		return err
	}
	var j Job
	if err := json.Unmarshal(resp.Value, &j); err != nil {
		return err
	}
	if j.Owner != "" {
		return ErrTaken
	}
	j.Owner = worker
	j.Heartbeat = time.Now().UTC()
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = s.jobs.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // S
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == 412 {
		return ErrTaken
	}
	return err
}

// Beat refreshes the heartbeat of a running job. The job may have been
// finished (moved) by then; the 404 goes unnoticed.
func (s *Store) Beat(ctx context.Context, queue, id string) {
	b, _ := json.Marshal(map[string]any{"PartitionKey": queue, "RowKey": id, "Heartbeat": time.Now().UTC()})
	_, _ = s.jobs.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL412
}

// Finish moves the job to the done table: added there, then deleted here,
// with nothing to finish the move if the process stops in between.
func (s *Store) Finish(ctx context.Context, queue, id, result string) error {
	resp, err := s.jobs.GetEntity(ctx, queue, id, nil)
	if err != nil {
		return err
	}
	var j Job
	if err := json.Unmarshal(resp.Value, &j); err != nil {
		return err
	}
	j.Result = result
	b, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if _, err := s.done.AddEntity(ctx, b, nil); err != nil { // L: TL408
		return err
	}
	_, err = s.jobs.DeleteEntity(ctx, queue, id, &aztables.DeleteEntityOptions{IfMatch: &resp.ETag})
	return err
}
