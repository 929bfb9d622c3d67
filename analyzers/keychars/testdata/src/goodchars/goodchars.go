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
