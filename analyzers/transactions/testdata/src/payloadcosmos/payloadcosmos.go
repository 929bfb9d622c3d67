// Package payloadcosmos is checked with -target=cosmos.
package payloadcosmos

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// 30 Binary values of 60,000 bytes: about 2.4 MB on the wire, over Cosmos
// DB's 2 MB.
func thirty(ctx context.Context, c *aztables.Client) error {
	data := make([]byte, 60000)
	var actions []aztables.TransactionAction
	for i := range 30 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction sends at least \d+ bytes, over Cosmos DB's 2 MB payload limit`
	return err
}

// Silent: 20 of them, about 1.6 MB.
func twenty(ctx context.Context, c *aztables.Client) error {
	data := make([]byte, 60000)
	var actions []aztables.TransactionAction
	for i := range 20 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}
