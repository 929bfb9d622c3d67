// Package main is the module the custom golangci-lint build is run on in
// CI (scripts/plugin-ci.sh): one table scan the plugin must report, one
// suppressed with //nolint, and one point query it must not report.
package main

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func scan(ctx context.Context, c *aztables.Client) {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("LastName eq 'Smith'")})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func suppressed(ctx context.Context, c *aztables.Client) {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("Age gt 30")}) //nolint:tablelint // a nightly report reads everything
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func point(ctx context.Context, c *aztables.Client) {
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'Sales' and RowKey eq '1'")})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func main() {
	var c *aztables.Client
	ctx := context.Background()
	scan(ctx, c)
	suppressed(ctx, c)
	point(ctx, c)
}
