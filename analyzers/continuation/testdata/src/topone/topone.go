// Package topone: one page of a Top 1 query of one partition holds the
// entity it asks for when nothing else is tested; otherwise the first page
// may come back empty, with a continuation.
package topone

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func esc(s string) string { return s }

// Seen is silent: any row of the partition answers, and the first one the
// service reads matches.
func Seen(ctx context.Context, c *aztables.Client, photo string) (bool, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s'", esc(photo))
	top := int32(1)
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &top})
	if pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return false, err
		}
		return len(page.Entities) > 0, nil
	}
	return false, nil
}

// Latest is silent: the first row at or after a RowKey of one partition.
func Latest(ctx context.Context, c *aztables.Client, device string) (int, error) {
	filter := "PartitionKey eq '" + esc(device) + "' and RowKey ge '0'"
	top := int32(1)
	page, err := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &top}).NextPage(ctx)
	if err != nil {
		return 0, err
	}
	return len(page.Entities), nil
}

// Open tests another property: the service may read many rows that do
// not match and stop at five seconds with an empty page.
func Open(ctx context.Context, c *aztables.Client, device string) (bool, error) {
	filter := "PartitionKey eq '" + esc(device) + "' and Status eq 'open'"
	top := int32(1)
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &top})
	page, err := pager.NextPage(ctx) // want `TL307: only the first page`
	if err != nil {
		return false, err
	}
	return len(page.Entities) > 0, nil
}

// Ten asks for ten rows of one partition: a page may hold fewer.
func Ten(ctx context.Context, c *aztables.Client, device string) (int, error) {
	filter := "PartitionKey eq '" + esc(device) + "'"
	top := int32(10)
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &top})
	page, err := pager.NextPage(ctx) // want `TL307: only the first page`
	if err != nil {
		return 0, err
	}
	return len(page.Entities), nil
}

// Any reads the first row of the whole table: partitions are crossed.
func Any(ctx context.Context, c *aztables.Client) (bool, error) {
	top := int32(1)
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: &top})
	page, err := pager.NextPage(ctx) // want `TL307: only the first page`
	if err != nil {
		return false, err
	}
	return len(page.Entities) > 0, nil
}
