package goodchars

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Path         string
}

// Separators keys can hold, and "/" in a property that is not a key.
func fine(ctx context.Context, c *aztables.Client, customer string, n int) error {
	o := Order{PartitionKey: "sales_emea", RowKey: fmt.Sprintf("%s-%06d", customer, n), Path: "/orders/1"}
	b, _ := json.Marshal(o)
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

// Run-time values: unknown.
func runtime(ctx context.Context, c *aztables.Client, pk, rk string) error {
	_, err := c.GetEntity(ctx, pk, rk, nil)
	return err
}

// Escaped by the code.
func escaped(ctx context.Context, c *aztables.Client, path string) error {
	_, err := c.GetEntity(ctx, url.PathEscape(path), strings.ReplaceAll(path, "/", "_"), nil)
	return err
}

// A URL that is not a key.
func notKey() string { return "https://example.com/a#b?c" }

type Ticket struct {
	PartitionKey string
	RowKey       string
}

// The invalid text is only on the error path: the caller never writes it.
func ticketKey(queue string) (string, error) {
	if strings.ContainsAny(queue, "/#") {
		return "invalid/" + queue, fmt.Errorf("queue %q cannot be a key", queue)
	}
	return "queue-" + queue, nil
}

func openTicket(ctx context.Context, c *aztables.Client, queue string, id int) error {
	pk, err := ticketKey(queue)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(Ticket{PartitionKey: pk, RowKey: fmt.Sprint(id)})
	_, err = c.AddEntity(ctx, b, nil)
	return err
}

// A helper whose "/" is in another result, not the key.
func ticketKeyAndPath(queue string, id int) (string, string) {
	return "queue-" + queue, "/tickets/" + queue
}

func readTicket(ctx context.Context, c *aztables.Client, queue string) error {
	pk, path := ticketKeyAndPath(queue, 1)
	_ = path
	_, err := c.GetEntity(ctx, pk, "1", nil)
	return err
}

// Escaped by the code after the helper.
func escapedKey(ctx context.Context, c *aztables.Client, queue string) error {
	pk, path := ticketKeyAndPath(queue, 2)
	_, err := c.GetEntity(ctx, pk, url.PathEscape(path), nil)
	return err
}
