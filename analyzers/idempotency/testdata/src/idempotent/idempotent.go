package idempotent

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
	"github.com/google/uuid"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

// The pattern's worker: insert or replace, delete if exists.
func work(ctx context.Context, q *azqueue.QueueClient, current, archive *aztables.Client) error {
	resp, err := q.DequeueMessages(ctx, nil)
	if err != nil {
		return err
	}
	for _, m := range resp.Messages {
		var o Order
		_ = json.Unmarshal([]byte(*m.MessageText), &o)
		b, _ := json.Marshal(o)
		if _, err := archive.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}); err != nil {
			return err
		}
		_, err := current.DeleteEntity(ctx, o.PartitionKey, o.RowKey, nil)
		var re *azcore.ResponseError
		if err != nil && !(errors.As(err, &re) && re.StatusCode == http.StatusNotFound) {
			return err
		}
	}
	return nil
}

// The conflict is the deduplication: an insert that exists means done.
func dedupe(ctx context.Context, c *aztables.Client, m *azservicebus.ReceivedMessage) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "seen", RowKey: m.MessageID})
	_, err := c.AddEntity(ctx, b, nil)
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.ErrorCode == string(aztables.EntityAlreadyExists) {
		return nil
	}
	return err
}

func isGone(err error) bool {
	return err != nil && strings.Contains(err.Error(), "ResourceNotFound")
}

// 404 checked through a helper of the package.
func remove(ctx context.Context, c *aztables.Client, m *azqueue.DequeuedMessage) error {
	if _, err := c.DeleteEntity(ctx, "jobs", *m.MessageID, nil); err != nil && !isGone(err) {
		return err
	}
	return nil
}

// A new key on every delivery: a duplicate, never a 409.
func record(ctx context.Context, c *aztables.Client, m *azservicebus.ReceivedMessage) error {
	id := uuid.New().String()
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "events", RowKey: id})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func stamp(ctx context.Context, c *aztables.Client, m *azservicebus.ReceivedMessage) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "log", RowKey: time.Now().Format(time.RFC3339Nano)})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Errors ignored: the step cannot fail.
func bestEffort(ctx context.Context, c *aztables.Client, m *azservicebus.ReceivedMessage) {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "hits", RowKey: m.MessageID})
	_, _ = c.AddEntity(ctx, b, nil)
	c.DeleteEntity(ctx, "pending", m.MessageID, nil)
}

// Not a handler: an HTTP-style create that should fail on a duplicate.
func create(ctx context.Context, c *aztables.Client, o Order) error {
	b, _ := json.Marshal(o)
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := c.DeleteEntity(ctx, "drafts", o.RowKey, nil)
	return err
}

// Before the dequeue: setup, not handling.
func setup(ctx context.Context, q *azqueue.QueueClient, c *aztables.Client) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "worker", RowKey: "lease"})
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := q.DequeueMessages(ctx, nil)
	return err
}

// A helper that handles the conflict itself.
func put(ctx context.Context, c *aztables.Client, o Order) error {
	b, _ := json.Marshal(o)
	_, err := c.AddEntity(ctx, b, nil)
	if err != nil && strings.Contains(err.Error(), "EntityAlreadyExists") {
		return nil
	}
	return err
}

func viaPut(ctx context.Context, c *aztables.Client, m *azqueue.DequeuedMessage) error {
	var o Order
	_ = json.Unmarshal([]byte(*m.MessageText), &o)
	if err := put(ctx, c, o); err != nil {
		log.Print(err)
		return err
	}
	return nil
}

// The poll loop treats the handler's 409 as done.
type Poller struct {
	q *azqueue.QueueClient
	c *aztables.Client
}

func (p *Poller) handle(ctx context.Context, m *azqueue.DequeuedMessage) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "orders", RowKey: *m.MessageID})
	_, err := p.c.AddEntity(ctx, b, nil)
	return err
}

func (p *Poller) poll(ctx context.Context) error {
	resp, err := p.q.DequeueMessages(ctx, nil)
	if err != nil {
		return err
	}
	for _, m := range resp.Messages {
		err := p.handle(ctx, m)
		var re *azcore.ResponseError
		if err != nil && !(errors.As(err, &re) && re.StatusCode == http.StatusConflict) {
			return err
		}
	}
	return nil
}

// A program that checks its queue at start-up and then serves requests:
// the request handlers are not message handlers.
func serveAfterCheck(ctx context.Context, q *azqueue.QueueClient, c *aztables.Client, addr string) error {
	if _, err := q.DequeueMessages(ctx, nil); err != nil {
		return err
	}
	return serve(ctx, c, addr)
}

func serve(ctx context.Context, c *aztables.Client, addr string) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "users", RowKey: addr})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}
