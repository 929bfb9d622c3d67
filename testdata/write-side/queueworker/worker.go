// Package queueworker polls a storage queue and applies each message to
// tables. A message is deleted only after it is handled, so a crash or a
// visibility timeout delivers it again: every step must be safe to repeat.
package queueworker

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

// Event is the body of a message.
type Event struct {
	Kind    string `json:"kind"`
	OrderID string `json:"orderId"`
	Tenant  string `json:"tenant"`
	Amount  int    `json:"amount"`
}

type orderRow struct {
	PartitionKey string
	RowKey       string
	Amount       int
	State        string
}

// Worker applies events.
type Worker struct {
	queue        *azqueue.QueueClient
	orders       *aztables.Client
	reservations *aztables.Client
	projections  *aztables.Client
}

func isStatus(err error, code int) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == code
}

// Run polls until ctx is done.
func (w *Worker) Run(ctx context.Context) {
	n, vis := int32(32), int32(30)
	for ctx.Err() == nil {
		resp, err := w.queue.DequeueMessages(ctx, &azqueue.DequeueMessagesOptions{NumberOfMessages: &n, VisibilityTimeout: &vis})
		if err != nil {
			slog.Error("dequeue", "error", err)
			time.Sleep(5 * time.Second)
			continue
		}
		for _, m := range resp.Messages {
			if m.MessageText == nil {
				continue
			}
			var ev Event
			if err := json.Unmarshal([]byte(*m.MessageText), &ev); err != nil {
				slog.Error("bad message", "error", err)
				continue
			}
			if err := w.handle(ctx, ev); err != nil {
				slog.Error("handle", "error", err)
				continue // delivered again after the visibility timeout
			}
			if _, err := w.queue.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil); err != nil {
				slog.Error("delete message", "error", err)
			}
		}
	}
}

func (w *Worker) handle(ctx context.Context, ev Event) error {
	switch ev.Kind {
	case "placed":
		return w.placed(ctx, ev)
	case "cancelled":
		return w.cancelled(ctx, ev)
	case "paid":
		return w.paid(ctx, ev)
	}
	return nil
}

// placed records a new order: a second delivery fails with 409 forever.
func (w *Worker) placed(ctx context.Context, ev Event) error {
	b, err := json.Marshal(orderRow{PartitionKey: ev.Tenant, RowKey: ev.OrderID, Amount: ev.Amount, State: "placed"})
	if err != nil {
		return err
	}
	_, err = w.orders.AddEntity(ctx, b, nil) // L: TL409
	return err
}

// cancelled drops the order's stock reservation: a second delivery fails
// with 404 forever.
func (w *Worker) cancelled(ctx context.Context, ev Event) error {
	_, err := w.reservations.DeleteEntity(ctx, ev.Tenant, ev.OrderID, nil) // L: TL409
	return err
}

// paid updates the read model idempotently: insert-or-replace, and a
// reservation already gone counts as released.
func (w *Worker) paid(ctx context.Context, ev Event) error {
	b, err := json.Marshal(orderRow{PartitionKey: ev.Tenant, RowKey: ev.OrderID, Amount: ev.Amount, State: "paid"})
	if err != nil {
		return err
	}
	if _, err := w.projections.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}); err != nil { // S
		return err
	}
	if _, err := w.reservations.DeleteEntity(ctx, ev.Tenant, ev.OrderID, nil); err != nil && !isStatus(err, http.StatusNotFound) { // S
		return err
	}
	return nil
}
