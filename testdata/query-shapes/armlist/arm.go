// Package armlist: an ARM resource listing with a $filter: not a table
// query.
package armlist

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/resourcemanager/resources/armresources"
)

func Tagged(ctx context.Context, c *armresources.Client, tag string) {
	f := "tagName eq '" + tag + "'"
	p := c.NewListPager(&armresources.ClientListOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}
