package paging

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Pages is the pager behind an interface, so that a test can fake it.
type Pages interface {
	More() bool
	NextPage(ctx context.Context) (aztables.ListEntitiesResponse, error)
}

// Lister opens Pages for a query.
type Lister func(opts *aztables.ListEntitiesOptions) Pages

func ClientLister(c *aztables.Client) Lister {
	return func(opts *aztables.ListEntitiesOptions) Pages { return c.NewListEntitiesPager(opts) }
}

type Inventory struct{ list Lister }

func (v *Inventory) Preview(ctx context.Context) int {
	p := v.list(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'w1'")})
	page, _ := p.NextPage(ctx) // want `TL307: only the first page of this query is read`
	return len(page.Entities)
}

// Silent: a point lookup reads one entity.
func (v *Inventory) One(ctx context.Context) int {
	p := v.list(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'w1' and RowKey eq 'a'")})
	page, _ := p.NextPage(ctx)
	return len(page.Entities)
}

// Silent: every page is read.
func (v *Inventory) All(ctx context.Context) (n int) {
	p := v.list(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'w1'")})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n
		}
		n += len(page.Entities)
	}
	return n
}

// open is a helper that hands back the pager behind the interface.
func open(c *aztables.Client, o *aztables.ListEntitiesOptions) Pages {
	return c.NewListEntitiesPager(o)
}

func firstOfKind(ctx context.Context, c *aztables.Client) int {
	p := open(c, &aztables.ListEntitiesOptions{Filter: to.Ptr("Kind eq 'x'")})
	page, _ := p.NextPage(ctx) // want `TL307: only the first page of this query is read`
	return len(page.Entities)
}
