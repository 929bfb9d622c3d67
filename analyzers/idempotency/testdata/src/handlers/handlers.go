package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
	azqueuev2 "github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue/v2"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Total        int
}

// The archive worker of the pattern, with an insert and a delete that
// fail on the second delivery.
func work(ctx context.Context, q *azqueue.QueueClient, current, archive *aztables.Client) error {
	resp, err := q.DequeueMessages(ctx, nil)
	if err != nil {
		return err
	}
	for _, m := range resp.Messages {
		var o Order
		if err := json.Unmarshal([]byte(*m.MessageText), &o); err != nil {
			return err
		}
		b, _ := json.Marshal(o)
		if _, err := archive.AddEntity(ctx, b, nil); err != nil { // want `TL409: AddEntity in a message handler fails with 409 when the message is delivered again$`
			return err
		}
		if _, err := current.DeleteEntity(ctx, o.PartitionKey, o.RowKey, nil); err != nil { // want `TL409: DeleteEntity in a message handler fails with 404 when the message is delivered again$`
			return fmt.Errorf("delete: %w", err)
		}
		if _, err := q.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil); err != nil {
			return err
		}
	}
	return nil
}

// A handler function taking the Service Bus message; the key is the
// message's own ID, the same on every delivery.
func handle(ctx context.Context, c *aztables.Client, m *azservicebus.ReceivedMessage) error {
	e := aztables.Entity{PartitionKey: "payments", RowKey: m.MessageID}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = c.AddEntity(ctx, b, nil) // want `TL409: AddEntity in a message handler`
	return err
}

func save(ctx context.Context, c *aztables.Client, o Order) error {
	b, _ := json.Marshal(o)
	_, err := c.AddEntity(ctx, b, nil) // want `TL409: AddEntity in a message handler`
	return err
}

// Through a helper of the package, after a single dequeue.
func once(ctx context.Context, q *azqueue.QueueClient, c *aztables.Client) error {
	resp, err := q.DequeueMessage(ctx, nil)
	if err != nil || len(resp.Messages) == 0 {
		return err
	}
	var o Order
	_ = json.Unmarshal([]byte(*resp.Messages[0].MessageText), &o)
	return save(ctx, c, o)
}

// A function literal handling each message.
func receive(ctx context.Context, r *azservicebus.Receiver, c *aztables.Client) error {
	process := func(m *azservicebus.ReceivedMessage) error {
		if _, err := c.DeleteEntity(ctx, "jobs", m.MessageID, nil); err != nil { // want `TL409: DeleteEntity`
			return err
		}
		return nil
	}
	msgs, err := r.ReceiveMessages(ctx, 10, nil)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if err := process(m); err != nil {
			return err
		}
	}
	return nil
}

// azqueue/v2, messages handed to a method.
type Worker struct {
	q      *azqueuev2.QueueClient
	ledger *aztables.Client
}

func (w *Worker) poll(ctx context.Context) error {
	resp, err := w.q.DequeueMessages(ctx, nil)
	if err != nil {
		return err
	}
	for _, m := range resp.Messages {
		if err := w.apply(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

func (w *Worker) apply(ctx context.Context, m *azqueuev2.DequeuedMessage) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: "ledger", RowKey: *m.MessageID})
	if _, err := w.ledger.AddEntity(ctx, b, nil); err != nil { // want `TL409: AddEntity in a message handler`
		return fmt.Errorf("ledger: %w", err)
	}
	return nil
}

// The message decoded and handed on: the steps the handler calls run on
// every delivery too.
type Event struct{ Kind, Tenant, OrderID string }

type Steps struct {
	orders, reservations *aztables.Client
	sent                 *storage.Table
}

func (s *Steps) Run(ctx context.Context, q *azqueue.QueueClient) {
	resp, err := q.DequeueMessages(ctx, nil)
	if err != nil {
		return
	}
	for _, m := range resp.Messages {
		var ev Event
		if json.Unmarshal([]byte(*m.MessageText), &ev) != nil {
			continue
		}
		if err := s.handle(ctx, ev); err != nil {
			continue
		}
		q.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil)
	}
}

func (s *Steps) handle(ctx context.Context, ev Event) error {
	switch ev.Kind {
	case "placed":
		return s.placed(ctx, ev)
	case "paid":
		return s.paid(ctx, ev)
	case "cancelled":
		_, err := s.reservations.DeleteEntity(ctx, ev.Tenant, ev.OrderID, nil) // want `TL409: DeleteEntity in a message handler fails with 404`
		return err
	case "mailed":
		e := s.sent.GetEntityReference(ev.Tenant, ev.OrderID)
		return e.Insert(storage.NoMetadata, nil) // want `TL409: Insert in a message handler fails with 409`
	}
	return nil
}

func (s *Steps) placed(ctx context.Context, ev Event) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: ev.Tenant, RowKey: ev.OrderID})
	_, err := s.orders.AddEntity(ctx, b, nil) // want `TL409: AddEntity in a message handler`
	return err
}

// paid treats a reservation already gone as released; that says nothing
// about the delete of "cancelled" above.
func (s *Steps) paid(ctx context.Context, ev Event) error {
	if _, err := s.reservations.DeleteEntity(ctx, ev.Tenant, ev.OrderID, nil); err != nil && !gone(err) {
		return err
	}
	return nil
}

func gone(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusNotFound
}
