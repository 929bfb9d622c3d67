// Package optspaging: paging helpers that run options built by their
// callers.
package optspaging

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// onePage reads one page on purpose and hands the continuation back.
func onePage(ctx context.Context, c *aztables.Client, o *aztables.ListEntitiesOptions) ([][]byte, *string, *string, error) {
	page, err := c.NewListEntitiesPager(o).NextPage(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	return page.Entities, page.NextPartitionKey, page.NextRowKey, nil
}

// firstOnly drops the continuation: whatever the caller asks for, only
// the first page is read.
func firstOnly(ctx context.Context, c *aztables.Client, o *aztables.ListEntitiesOptions) [][]byte {
	p := c.NewListEntitiesPager(o)
	page, err := p.NextPage(ctx) // want `TL307`
	if err != nil {
		return nil
	}
	return page.Entities
}

func use(ctx context.Context, c *aztables.Client) {
	pk := "PartitionKey eq 'p'"
	onePage(ctx, c, &aztables.ListEntitiesOptions{Filter: &pk})
	firstOnly(ctx, c, &aztables.ListEntitiesOptions{Filter: &pk})
}

// Find runs the filter it is given and reads its first page only.
func Find(ctx context.Context, c *aztables.Client, filter string) [][]byte {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	page, err := p.NextPage(ctx) // want `TL307`
	if err != nil {
		return nil
	}
	return page.Entities
}
