package payload

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Blob struct {
	PartitionKey string
	RowKey       string
	Data         []byte
}

// 62 Binary values of 60,000 bytes: 3.7 MB by the storage estimate, but
// sent in base64 (4 bytes for every 3) the request is about 4.98 MB.
// Numbers and empty strings count as nothing.
func binaries(ctx context.Context, c *aztables.Client) error {
	data := make([]byte, 60000)
	var actions []aztables.TransactionAction
	for i := range 62 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data, "Count": 3, "Note": ""})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction sends at least 4985348 bytes, over the 4 MiB payload limit`
	return err
}

// The same through an entity struct and EDMBinary, 55 of 64,000 bytes.
func structs(ctx context.Context, c *aztables.Client) error {
	var actions []aztables.TransactionAction
	for i := 0; i < 55; i++ {
		b, _ := json.Marshal(Blob{PartitionKey: "blobs", RowKey: fmt.Sprint(i), Data: aztables.EDMBinary(make([]byte, 64000))})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeUpdateMerge, Entity: b})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction sends at least \d+ bytes, over the 4 MiB payload limit`
	return err
}

// Silent: 40 ASCII strings of 60,000 characters take 4.8 MB by the
// storage estimate (UTF-16) but only 2.4 MB on the wire.
func texts(ctx context.Context, c *aztables.Client) error {
	text := strings.Repeat("x", 60000)
	var actions []aztables.TransactionAction
	for i := range 40 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Text": text})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Silent: deletes send no entity.
func deletes(ctx context.Context, c *aztables.Client) error {
	data := make([]byte, 60000)
	var actions []aztables.TransactionAction
	for i := range 62 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Silent: the values' size is not known here.
func unknown(ctx context.Context, c *aztables.Client, data []byte) error {
	var actions []aztables.TransactionAction
	for i := range 62 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Silent: only some of the appends happen.
func some(ctx context.Context, c *aztables.Client, keep func(int) bool) error {
	data := make([]byte, 60000)
	var actions []aztables.TransactionAction
	for i := range 62 {
		if keep(i) {
			e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data})
			actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
		}
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// Silent on Table storage: 30 such values, about 2.4 MB (over Cosmos
// DB's 2 MB: see package payloadcosmos).
func thirty(ctx context.Context, c *aztables.Client) error {
	data := make([]byte, 60000)
	var actions []aztables.TransactionAction
	for i := range 30 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}
