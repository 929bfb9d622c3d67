package disable

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func f(ctx context.Context, c *aztables.Client) {
	p := c.NewListEntitiesPager(nil)
	p.NextPage(ctx) // TL307 is disabled: no diagnostic
}
