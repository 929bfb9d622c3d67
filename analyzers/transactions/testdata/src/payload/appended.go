package payload

import (
	"context"
	"encoding/json"
	"fmt"

	"frames"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// 70 frames of at least 60,003 bytes, built by a helper of another
// package: 5.6 MB in base64.
func framed(ctx context.Context, c *aztables.Client) error {
	var actions []aztables.TransactionAction
	for i := range 70 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": frames.Frame('v')})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction sends at least \d+ bytes, over the 4 MiB payload limit`
	return err
}

// 70 values appended here: a header and 60,000 bytes.
func appended(ctx context.Context, c *aztables.Client, head []byte) error {
	var actions []aztables.TransactionAction
	for i := range 70 {
		v := append(head, make([]byte, 60000)...)
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": v})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction sends at least \d+ bytes, over the 4 MiB payload limit`
	return err
}

// Silent: 30 frames are 2.4 MB.
func fewFrames(ctx context.Context, c *aztables.Client) error {
	var actions []aztables.TransactionAction
	for i := range 30 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": frames.Frame('v')})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Silent: wrapped data of a size the code does not fix (at least one
// byte).
func wrapped(ctx context.Context, c *aztables.Client, data []byte) error {
	var actions []aztables.TransactionAction
	for i := range 70 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": frames.Wrap('w', data)})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}
