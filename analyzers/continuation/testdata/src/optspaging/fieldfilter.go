package optspaging

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// search is a query the caller configures: its filter is the caller's.
type search struct {
	Where string
	ID    string
}

func searchOptions(s search) *aztables.ListEntitiesOptions {
	return &aztables.ListEntitiesOptions{Filter: &s.Where}
}

// FirstMatches reads one page of the caller's filter: more are cut off.
func FirstMatches(ctx context.Context, c *aztables.Client, s search) int {
	p := c.NewListEntitiesPager(searchOptions(s))
	page, err := p.NextPage(ctx) // want `TL307: only the first page`
	if err != nil {
		return 0
	}
	return len(page.Entities)
}

// OneByID is silent: a point lookup, whatever the caller's id.
func OneByID(ctx context.Context, c *aztables.Client, s search) int {
	f := "PartitionKey eq 'search' and RowKey eq '" + s.ID + "'"
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	page, err := p.NextPage(ctx)
	if err != nil {
		return 0
	}
	return len(page.Entities)
}
