package sequential

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func quote(s string) string { return strings.ReplaceAll(s, "'", "''") }

// The loop's value reaches the filter through an escaping helper.
func perTenant(ctx context.Context, c *aztables.Client, tenants []string) (int, error) {
	n := 0
	for _, t := range tenants {
		f := fmt.Sprintf("PartitionKey eq '%s'", quote(t))
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL320`
		for pager.More() {
			page, err := pager.NextPage(ctx)
			if err != nil {
				return n, err
			}
			n += len(page.Entities)
		}
	}
	return n, nil
}

// Silent: the partition is fixed; only another property comes from the
// loop, through the helper.
func perStatus(ctx context.Context, c *aztables.Client, tenant string, statuses []string) (int, error) {
	n := 0
	for _, s := range statuses {
		f := fmt.Sprintf("PartitionKey eq '%s' and Status eq '%s'", quote(tenant), quote(s))
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
		for pager.More() {
			page, err := pager.NextPage(ctx)
			if err != nil {
				return n, err
			}
			n += len(page.Entities)
		}
	}
	return n, nil
}
