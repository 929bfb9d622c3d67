// Package mailer sends queued e-mails and records each send in the
// legacy Table API.
package mailer

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Mail is a queued e-mail.
type Mail struct {
	ID, To, Subject string
}

// Worker drains the queue.
type Worker struct {
	queue *azqueue.QueueClient
	sent  *storage.Table
	send  func(Mail) error
}

// Drain handles one batch of messages.
func (w *Worker) Drain(ctx context.Context) error {
	n := int32(16)
	resp, err := w.queue.DequeueMessages(ctx, &azqueue.DequeueMessagesOptions{NumberOfMessages: &n})
	if err != nil {
		return err
	}
	for _, m := range resp.Messages {
		var mail Mail
		if err := json.Unmarshal([]byte(*m.MessageText), &mail); err != nil {
			continue
		}
		if err := w.process(mail); err != nil {
			continue
		}
		_, _ = w.queue.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil)
	}
	return nil
}

// process sends the mail and records it. The record is an Insert: when
// the message comes back (the delete of the message failed), the insert
// fails with 409 and the message is retried until it expires.
func (w *Worker) process(m Mail) error {
	if err := w.send(m); err != nil {
		return err
	}
	e := w.sent.GetEntityReference(m.To, m.ID)
	e.Properties = map[string]interface{}{"Subject": m.Subject, "SentAt": time.Now().UTC()}
	return e.Insert(storage.NoMetadata, nil) // L: TL409
}
