// Package sampleor reads two partitions with one query, as a sample program does.
package sampleor

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// TwoPartitions counts the entities of two partitions.
func TwoPartitions(ctx context.Context, c *aztables.Client) (int, error) {
	q := fmt.Sprintf("PartitionKey eq '%s' or PartitionKey eq '%s'", "pk001", "pk002") // S
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q})            // L: TL301
	n := 0
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(resp.Entities)
	}
	return n, nil
}

// RowRange reads a RowKey range of one partition.
func RowRange(ctx context.Context, c *aztables.Client) (int, error) {
	q := "PartitionKey eq 'pk001' and RowKey ge '100' and RowKey lt '200'"
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q}) // S
	n := 0
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(resp.Entities)
	}
	return n, nil
}

// PickRows reads three rows of a partition with an or on RowKey.
func PickRows(ctx context.Context, c *aztables.Client) (int, error) {
	q := "PartitionKey eq 'pk001' and (RowKey eq 'a' or RowKey eq 'b' or RowKey eq 'c')"
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q}) // L: TL304
	n := 0
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(resp.Entities)
	}
	return n, nil
}
