// Package queueworker turns queued signup messages into table rows.
package queueworker

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

type signup struct {
	Tenant string
	Email  string
	Cancel bool
}

// Poll handles the messages of one dequeue.
func Poll(ctx context.Context, q *azqueue.QueueClient, tbl *aztables.Client) error {
	resp, err := q.DequeueMessages(ctx, nil)
	if err != nil {
		return err
	}
	for _, m := range resp.Messages {
		var s signup
		if err := json.Unmarshal([]byte(*m.MessageText), &s); err != nil {
			continue
		}
		if s.Cancel {
			_, err := tbl.DeleteEntity(ctx, s.Tenant, s.Email, nil) // S
			var re *azcore.ResponseError
			if err != nil && !(errors.As(err, &re) && re.StatusCode == http.StatusNotFound) {
				return err
			}
		} else {
			b, _ := json.Marshal(map[string]any{"PartitionKey": s.Tenant, "RowKey": s.Email})
			if _, err := tbl.AddEntity(ctx, b, nil); err != nil { // L: TL409
				return err
			}
		}
		if _, err := q.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil); err != nil {
			return err
		}
	}
	return nil
}

// Audit records each delivery under a fresh key, so a retry adds another row.
func Audit(ctx context.Context, q *azqueue.QueueClient, tbl *aztables.Client, id func() string) error {
	resp, err := q.DequeueMessages(ctx, nil)
	if err != nil {
		return err
	}
	for _, m := range resp.Messages {
		b, _ := json.Marshal(map[string]any{"PartitionKey": "audit", "RowKey": *m.MessageID + "-" + id(), "Body": *m.MessageText})
		if _, err := tbl.UpsertEntity(ctx, b, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}
