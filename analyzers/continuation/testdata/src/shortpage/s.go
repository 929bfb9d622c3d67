package shortpage

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const pageSize = 100

func short(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(pageSize))})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return
		}
		if len(page.Entities) < pageSize { // want `TL308: paging stops on a short page`
			break
		}
	}
}

func empty(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		page, _ := pager.NextPage(ctx)
		if len(page.Entities) == 0 { // want `TL308`
			return
		}
	}
}

func fullPages(ctx context.Context, c *aztables.Client) {
	var page aztables.ListEntitiesResponse
	pager := c.NewListEntitiesPager(nil)
	page, _ = pager.NextPage(ctx)
	for len(page.Entities) == pageSize { // want `TL308: paging loop continues only while pages are full`
		page, _ = pager.NextPage(ctx)
	}
}

// Iterating over a page's entities is not paging.
func entities(ctx context.Context, c *aztables.Client) {
	pager := c.NewListEntitiesPager(nil)
	for pager.More() {
		page, _ := pager.NextPage(ctx)
		for i := 0; i < len(page.Entities); i++ {
			if len(page.Entities) < 10 {
				break
			}
		}
		if len(page.Entities) > 5 {
			break
		}
	}
}
