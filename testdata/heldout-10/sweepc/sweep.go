// Package sweepc walks every entity of a table, across all its partitions,
// and hands each to a visitor.
package sweepc

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Visit is called once per entity; it gets the raw JSON.
type Visit func(raw []byte) error

// Sweep visits the whole table with the SDK's pager.
func Sweep(ctx context.Context, c *aztables.Client, visit Visit) (int, error) {
	seen := 0
	pager := c.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return seen, err
		}
		for _, raw := range page.Entities {
			if err := visit(raw); err != nil {
				return seen, err
			}
			seen++
		}
	}
	return seen, nil
}

// SweepByHand visits the whole table, carrying the continuation itself,
// and stops once a segment comes back empty.
func SweepByHand(ctx context.Context, c *aztables.Client, visit Visit) (int, error) {
	seen := 0
	opts := &aztables.ListEntitiesOptions{Top: to.Ptr(int32(1000))}
	for {
		pager := c.NewListEntitiesPager(opts) // L: TL301
		if !pager.More() {
			return seen, nil
		}
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return seen, err
		}
		if len(page.Entities) == 0 { // L: TL308
			return seen, nil
		}
		for _, raw := range page.Entities {
			if err := visit(raw); err != nil {
				return seen, err
			}
			seen++
		}
		opts.NextPartitionKey = page.NextPartitionKey
		opts.NextRowKey = page.NextRowKey
	}
}

// SweepTokens is SweepByHand ending only when the service sends no
// continuation, whether or not the segment held entities.
func SweepTokens(ctx context.Context, c *aztables.Client, visit Visit) (int, error) {
	seen := 0
	opts := &aztables.ListEntitiesOptions{Top: to.Ptr(int32(1000))}
	for {
		pager := c.NewListEntitiesPager(opts) // L: TL301
		page, err := pager.NextPage(ctx)      // S
		if err != nil {
			return seen, err
		}
		for _, raw := range page.Entities {
			if err := visit(raw); err != nil {
				return seen, err
			}
			seen++
		}
		if page.NextPartitionKey == nil && page.NextRowKey == nil { // S
			return seen, nil
		}
		opts.NextPartitionKey = page.NextPartitionKey
		opts.NextRowKey = page.NextRowKey
	}
}
