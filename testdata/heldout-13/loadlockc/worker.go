// Package loadlockc is a load-test worker: it takes test requests from a
// storage queue, keeps one status row per request in a table (PartitionKey
// the team, RowKey the request) and uses those rows as a per-team lock so
// that a team runs one test at a time.
package loadlockc

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

var (
	jobs      *azqueue.QueueClient
	deadJobs  *azqueue.QueueClient
	statusTbl *aztables.Client
	hideFor   int32 = 300
)

// job is the queue message.
type job struct {
	TestID string `json:"load_test_id"`
	Team   string `json:"team_id"`
	Target string `json:"target_ip"`
}

// statusRow is a request's status row.
type statusRow struct {
	aztables.Entity
	State     string    `json:"State"`
	CreatedAt time.Time `json:"CreatedAt"` // S
	UpdatedAt time.Time `json:"UpdatedAt"` // S
}

// connect builds the queue, dead-letter queue and table clients.
func connect() error {
	conn := os.Getenv("WORKER_STORAGE_CONNECTION")
	if conn == "" {
		return errors.New("WORKER_STORAGE_CONNECTION is not set")
	}
	var err error
	if jobs, err = azqueue.NewQueueClientFromConnectionString(conn, "loadtest-requests", nil); err != nil {
		return err
	}
	if deadJobs, err = azqueue.NewQueueClientFromConnectionString(conn, "loadtest-requests-dlq", nil); err != nil {
		return err
	}
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil) // S
	if err != nil {
		return err
	}
	statusTbl = svc.NewClient("loadtestlocks") // S
	return nil
}

// Poll takes messages until ctx ends, backing off after errors.
func Poll(ctx context.Context) error {
	if err := connect(); err != nil {
		return err
	}
	wait := time.Second
	for ctx.Err() == nil {
		resp, err := jobs.DequeueMessage(ctx, &azqueue.DequeueMessageOptions{VisibilityTimeout: &hideFor})
		if err != nil {
			var re *azcore.ResponseError
			if errors.As(err, &re) {
				log.Printf("dequeue: %s", re.ErrorCode)
			}
			time.Sleep(wait)
			if wait < 15*time.Second {
				wait *= 2
			}
			continue
		}
		wait = time.Second
		if len(resp.Messages) == 0 {
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range resp.Messages {
			handle(ctx, m)
		}
	}
	return nil
}

// handle runs one request: decode, mark running, check the team's lock,
// take it, run the test, release it, delete the message.
func handle(ctx context.Context, m *azqueue.DequeuedMessage) {
	var j job
	if err := json.Unmarshal([]byte(*m.MessageText), &j); err != nil {
		_, _ = jobs.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil)
		return
	}
	if err := setState(ctx, j.Team, j.TestID, "running"); err != nil { // S
		log.Printf("mark running: %v", err)
	}
	busy, err := teamBusy(ctx, j)
	if err != nil || busy {
		return
	}
	if err := takeLock(ctx, j); err != nil { // S
		return
	}
	if err := runTest(ctx, j.Target); err != nil {
		failAndDrop(ctx, m, j, err.Error())
		return
	}
	_ = releaseLock(ctx, j) // S
	if _, err := jobs.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil); err != nil {
		log.Printf("delete message: %v", err)
	}
}

// runTest stands for the external load generator.
func runTest(ctx context.Context, target string) error {
	if target == "" {
		return errors.New("no target")
	}
	return ctx.Err()
}
