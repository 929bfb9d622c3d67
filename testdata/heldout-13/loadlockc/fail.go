package loadlockc

import (
	"context"
	"encoding/json"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/storage/azqueue"
)

// failAndDrop copies the request to the dead-letter queue, marks its row
// failed and deletes the message.
func failAndDrop(ctx context.Context, m *azqueue.DequeuedMessage, j job, reason string) {
	log.Printf("drop team=%s test=%s: %s", j.Team, j.TestID, reason)
	if deadJobs != nil {
		body := map[string]string{
			"load_test_id": j.TestID,
			"team_id":      j.Team,
			"target_ip":    j.Target,
			"error":        reason,
		}
		if b, err := json.Marshal(body); err == nil {
			if _, err := deadJobs.EnqueueMessage(ctx, string(b), nil); err != nil {
				log.Printf("dead-letter: %v", err)
			}
		}
	}
	if err := setState(ctx, j.Team, j.TestID, "failed"); err != nil { // S
		log.Printf("mark failed: %v", err)
	}
	if m.MessageID != nil && m.PopReceipt != nil {
		if _, err := jobs.DeleteMessage(ctx, *m.MessageID, *m.PopReceipt, nil); err != nil {
			log.Printf("delete message: %v", err)
		}
	}
}
