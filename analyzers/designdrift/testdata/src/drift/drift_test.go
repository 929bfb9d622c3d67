package drift

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Tests are not the application's access patterns: silent.
func scanAll(ctx context.Context, c *aztables.Client) {
	f := "Anything eq 'x'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
