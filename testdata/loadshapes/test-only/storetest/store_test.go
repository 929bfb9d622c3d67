// Package storetest holds only tests: it counts open orders.
package storetest

import (
	"context"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"testing"
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

func TestCountOpen(t *testing.T) {
	if _, err := CountOpen(context.Background(), nil); err == nil {
		t.Skip("needs a table")
	}
}
