// Package checksuppress is a fixture for suppression directives under
// `tablelint check`.
package checksuppress

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func nightlyExport(ctx context.Context, c *aztables.Client) {
	//tablelint:ignore TL301 the nightly export reads the whole table on purpose
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func byName(ctx context.Context, c *aztables.Client) {
	f := "LastName eq 'Jones'"
	//tablelint:ignore TL301
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}
