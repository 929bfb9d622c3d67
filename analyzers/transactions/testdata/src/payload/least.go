package payload

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// filler is a page of text: 60,000 characters and a header.
func filler(title string) string {
	return fmt.Sprintf("# %s\n%s", title, strings.Repeat("lorem ", 10000))
}

// 80 pages of 60,000 characters built by a helper: 4.8 MB on the wire.
func pages(ctx context.Context, c *aztables.Client) error {
	var actions []aztables.TransactionAction
	for i := range 80 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Text": filler("page")})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction sends at least \d+ bytes, over the 4 MiB payload limit`
	return err
}

// 62 values of at least 60,000 bytes each, whichever size is made, in
// base64.
func blobs(ctx context.Context, c *aztables.Client, big bool) error {
	data := make([]byte, 60000)
	if big {
		data = make([]byte, 70000)
	}
	var actions []aztables.TransactionAction
	for i := range 62 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Data": data})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil) // want `TL401: this transaction sends at least \d+ bytes, over the 4 MiB payload limit`
	return err
}

// Silent: 40 such pages are 2.4 MB.
func fewPages(ctx context.Context, c *aztables.Client) error {
	var actions []aztables.TransactionAction
	for i := range 40 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Text": filler("page")})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}

// maybeLong is long only sometimes: its least is a few bytes.
func maybeLong(long bool, n int) string {
	if long {
		return strings.Repeat("x", 60000)
	}
	return strings.Repeat("y", n)
}

// Silent: the values can be short, or of a size the code does not fix.
func unknownPages(ctx context.Context, c *aztables.Client, long bool, n int) error {
	var actions []aztables.TransactionAction
	for i := range 80 {
		e, _ := json.Marshal(map[string]any{"PartitionKey": "p", "RowKey": fmt.Sprintf("%03d", i), "Text": maybeLong(long, n), "More": strings.Repeat("z", n)})
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: e})
	}
	_, err := c.SubmitTransaction(ctx, actions, nil)
	return err
}
