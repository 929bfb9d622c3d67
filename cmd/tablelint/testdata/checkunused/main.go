// Package checkunused has a directive that suppresses nothing: check
// reports it (TL902), once, though the file is also in the test variant.
package checkunused

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func byDept(ctx context.Context, c *aztables.Client) {
	f := "PartitionKey eq 'Sales'"
	//tablelint:ignore TL301 kept from when this query scanned the table
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}
