package funcstore

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
	"github.com/google/uuid"
)

// jobPartition holds every job.
const jobPartition = "job"

// Job is one unit of work.
type Job struct {
	aztables.Entity
	Status  string
	Input   string
	Result  string
	Attempt int
}

// Jobs is the job table and its queue.
type Jobs struct {
	tc *aztables.Client
	q  *azqueue.QueueClient
}

// Submit stores a job with the caller's input and queues its id.
func (j *Jobs) Submit(ctx context.Context, input string) (string, error) {
	id := uuid.NewString()
	job := Job{
		Entity: aztables.Entity{PartitionKey: jobPartition, RowKey: id},
		Status: "queued",
		Input:  input, // L: TL122
	}
	b, _ := json.Marshal(job)
	if _, err := j.tc.AddEntity(ctx, b, nil); err != nil {
		return "", err
	}
	_, err := j.q.EnqueueMessage(ctx, id, nil)
	return id, err
}

// Finish records a worker's result under the ETag of its read.
func (j *Jobs) Finish(ctx context.Context, id, result string) error {
	got, err := j.tc.GetEntity(ctx, jobPartition, id, nil)
	if err != nil {
		return err
	}
	var job Job
	if err := json.Unmarshal(got.Value, &job); err != nil {
		return err
	}
	job.Status, job.Result = "done", result
	b, _ := json.Marshal(job)
	_, err = j.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &got.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// Requeue sends every failed job back to the queue (added: a non-key
// filter over the table, each row written back without its ETag).
func (j *Jobs) Requeue(ctx context.Context) error {
	f := "Status eq 'failed'"
	pager := j.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var job Job
			if json.Unmarshal(raw, &job) != nil {
				continue
			}
			job.Status = "queued"
			job.Attempt++
			b, _ := json.Marshal(job)
			if _, err := j.tc.UpdateEntity(ctx, b, nil); err != nil { // L: TL414
				return err
			}
			_, _ = j.q.EnqueueMessage(ctx, job.RowKey, nil)
		}
	}
	return nil
}

// Backlog counts queued jobs from the first page, retried (added).
func (j *Jobs) Backlog(ctx context.Context) (int, error) {
	n := 0
	err := withRetry(func() error {
		f := "PartitionKey eq 'job' and Status eq 'queued'"
		pager := j.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
		page, err := pager.NextPage(ctx)                                              // L: TL307
		if err != nil {
			return err
		}
		n = len(page.Entities)
		return nil
	})
	return n, err
}

// Done lists finished jobs, retried, stopping at the first empty page
// (added).
func (j *Jobs) Done(ctx context.Context) ([]Job, error) {
	var out []Job
	err := withRetry(func() error {
		out = out[:0]
		f := "PartitionKey eq 'job' and Status eq 'done'"
		pager := j.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
		for pager.More() {
			page, err := pager.NextPage(ctx)
			if err != nil {
				return err
			}
			if len(page.Entities) == 0 { // L: TL308
				break
			}
			for _, raw := range page.Entities {
				var job Job
				if json.Unmarshal(raw, &job) == nil {
					out = append(out, job)
				}
			}
		}
		return nil
	})
	return out, err
}
