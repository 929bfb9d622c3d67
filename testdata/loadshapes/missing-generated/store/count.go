package store

import (
	"context"
	"fmt"

	"example.com/loadshapes/missinggen/gen/orderpb"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// CountFor counts one customer's orders, logging through the generated
// package: the log statements do not type-check, the rest of the
// function does and is analysed (the customer goes into the filter
// unescaped: TL321).
func CountFor(ctx context.Context, c *aztables.Client, customer string) (int, error) {
	orderpb.Trace("count", customer)
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: ref(filterFor(customer))})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			orderpb.Trace("failed", err)
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

func filterFor(customer string) string {
	return fmt.Sprintf("PartitionKey eq '%s'", customer)
}

func ref(s string) *string { return &s }
