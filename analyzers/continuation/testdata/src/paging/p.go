package paging

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/resourcemanager/resources/armresources"
)

func firstPageOnly(ctx context.Context, c *aztables.Client) ([][]byte, error) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p'")})
	page, err := pager.NextPage(ctx) // want `TL307: only the first page of this query is read`
	if err != nil {
		return nil, err
	}
	return page.Entities, nil
}

func guardedOnce(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(nil)
	if pager.More() {
		pager.NextPage(ctx) // want `TL307`
	}
}

func chained(ctx context.Context, c *aztables.Client) {
	c.NewListEntitiesPager(nil).NextPage(ctx) // want `TL307: a new pager is made and only its first page is read`
}

// Negatives.

func loop(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		if _, err := pager.NextPage(ctx); err != nil {
			return
		}
	}
}

func loopForever(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(nil)
	for {
		if !pager.More() {
			break
		}
		pager.NextPage(ctx)
	}
}

func point(ctx context.Context, c *aztables.Client, id string) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and RowKey eq '" + id + "'")})
	pager.NextPage(ctx)
}

// resumable hands the continuation to its caller.
func resumable(ctx context.Context, c *aztables.Client, pk, rk *string) ([][]byte, *string, *string) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{NextPartitionKey: pk, NextRowKey: rk})
	page, _ := pager.NextPage(ctx)
	return page.Entities, page.NextPartitionKey, page.NextRowKey
}

func escapes(ctx context.Context, c *aztables.Client) *runtime.Pager[aztables.ListEntitiesResponse] {
	pager := c.NewListEntitiesPager(nil)
	pager.NextPage(ctx)
	return pager
}

func otherPagers(ctx context.Context, sc *aztables.ServiceClient, arm *armresources.Client) {
	sc.NewListTablesPager(nil).NextPage(ctx)
	p := arm.NewListPager(nil)
	p.NextPage(ctx)
}

func closure(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(nil)
	read := func() { pager.NextPage(ctx) }
	for pager.More() {
		read()
	}
}
