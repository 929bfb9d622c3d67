// Package sbconsumer records payments delivered over a Service Bus queue
// (shape of a payment-ledger consumer).
package sbconsumer

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"
)

type payment struct {
	Account string  `json:"account"`
	ID      string  `json:"id"`
	Amount  float64 `json:"amount"`
}

// Run receives messages until the context ends.
func Run(ctx context.Context, r *azservicebus.Receiver, ledger, refunds *aztables.Client) {
	for ctx.Err() == nil {
		msgs, err := r.ReceiveMessages(ctx, 10, nil)
		if err != nil {
			log.Print(err)
			continue
		}
		for _, m := range msgs {
			var p payment
			if err := json.Unmarshal(m.Body, &p); err != nil {
				_ = r.AbandonMessage(ctx, m, nil)
				continue
			}
			b, _ := json.Marshal(map[string]any{"PartitionKey": p.Account, "RowKey": p.ID, "Amount": p.Amount})
			if _, err := ledger.AddEntity(ctx, b, nil); err != nil { // L: TL409
				log.Printf("payment %s: %v", p.ID, err)
				_ = r.AbandonMessage(ctx, m, nil)
				continue
			}
			_ = r.CompleteMessage(ctx, m, nil)
		}
	}
}

// Refund records a refund; a second delivery finds the row already there.
func Refund(ctx context.Context, refunds *aztables.Client, m *azservicebus.ReceivedMessage) error {
	var p payment
	if err := json.Unmarshal(m.Body, &p); err != nil {
		return err
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": p.Account, "RowKey": p.ID, "Amount": -p.Amount})
	_, err := refunds.AddEntity(ctx, b, nil) // S
	var re *azcore.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusConflict {
		return nil
	}
	return err
}
