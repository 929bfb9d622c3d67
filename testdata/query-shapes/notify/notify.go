// Package notify: notifications partitioned by user, every value escaped
// by one helper; all reads go through a collecting helper.
package notify

import (
	"context"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Repo struct{ c *aztables.Client }

func quoteOData(s string) string { return strings.ReplaceAll(s, "'", "''") }

func collect(ctx context.Context, p *runtime.Pager[aztables.ListEntitiesResponse]) (int, error) {
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

func (r *Repo) ByUser(ctx context.Context, user string, unreadOnly bool) (int, error) {
	filter := "PartitionKey eq '" + quoteOData(user) + "'"
	if unreadOnly {
		filter += " and IsRead eq false"
	}
	return collect(ctx, r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}))
}

func (r *Repo) One(ctx context.Context, user, id string) (int, error) {
	filter := "PartitionKey eq '" + quoteOData(user) + "' and ID eq '" + quoteOData(id) + "'"
	return collect(ctx, r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}))
}
