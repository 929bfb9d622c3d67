// Package store counts open orders.
package store

import (
	"context"
	"example.com/tablekeys"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// CountOpen reads every order to count the open ones: its filter names no
// PartitionKey, so the service scans the whole table.
func CountOpen(ctx context.Context, c *aztables.Client) (int, error) {
	f := "Status eq 'open'"
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Key builds the row key of an order.
func Key(id string) string { return tablekeys.Row("order", id) }
