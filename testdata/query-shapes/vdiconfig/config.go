// Package vdiconfig reads a product's settings: one partition, one row,
// but joined with or.
package vdiconfig

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func Load(ctx context.Context, c *aztables.Client) int {
	filter := "PartitionKey eq 'VDI' or RowKey eq 'Settings'"
	opts := &aztables.ListEntitiesOptions{
		Filter: &filter,
		Top:    to.Ptr(int32(15)),
	}
	n := 0
	pager := c.NewListEntitiesPager(opts)
	for pager.More() {
		resp, err := pager.NextPage(ctx)
		if err != nil {
			break
		}
		n += len(resp.Entities)
	}
	return n
}
