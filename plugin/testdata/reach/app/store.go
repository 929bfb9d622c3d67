// Package app runs queries whose filters helpers of other packages
// build: one of its own module (filterstr) and two of a versioned module
// (example.com/lib), one that reaches the SDK (tables) and one that does
// not (strs).
package app

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"example.com/app/filterstr"
	"example.com/lib/strs"
	"example.com/lib/tables"
)

func drain(ctx context.Context, p interface {
	More() bool
	NextPage(context.Context) (aztables.ListEntitiesResponse, error)
}) {
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func byOwnHelper(ctx context.Context, c *aztables.Client, r *http.Request) {
	f := filterstr.Eq("LastName", r.FormValue("name"))
	drain(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}

func byOwnHelperKey(ctx context.Context, c *aztables.Client, tenant string) {
	f := filterstr.Eq("PartitionKey", tenant)
	drain(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}

func byLibHelper(ctx context.Context, c *aztables.Client, r *http.Request) {
	f := tables.Eq("LastName", r.FormValue("name"))
	drain(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}

func byLibHelperKey(ctx context.Context, c *aztables.Client, tenant string) {
	f := tables.Eq("PartitionKey", tenant)
	drain(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}

func byUnreachableHelper(ctx context.Context, c *aztables.Client, r *http.Request) {
	f := strs.Eq("LastName", r.FormValue("name"))
	drain(ctx, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}))
}
