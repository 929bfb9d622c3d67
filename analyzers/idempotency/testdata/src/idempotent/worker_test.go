package idempotent

import (
	"context"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

// A test drains the queue and removes what each message named.
func TestDrain(t *testing.T) {
	ctx := context.Background()
	var q *azqueue.QueueClient
	var c *aztables.Client
	resp, _ := q.DequeueMessages(ctx, nil)
	for _, m := range resp.Messages {
		if _, err := c.DeleteEntity(ctx, "jobs", *m.MessageID, nil); err != nil {
			t.Fatal(err)
		}
	}
}
