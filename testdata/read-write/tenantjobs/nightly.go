// Package tenantjobs runs the nightly maintenance over every tenant's
// partition (shape of a multi-tenant SaaS cron job).
package tenantjobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func esc(s string) string { return strings.ReplaceAll(s, "'", "''") }

// Counts counts each tenant's rows, one tenant after the other.
func Counts(ctx context.Context, c *aztables.Client, tenants []string) (map[string]int, error) {
	out := map[string]int{}
	for _, t := range tenants {
		f := fmt.Sprintf("PartitionKey eq '%s'", esc(t))
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL320
		for pager.More() {
			page, err := pager.NextPage(ctx)
			if err != nil {
				return nil, err
			}
			out[t] += len(page.Entities)
		}
	}
	return out, nil
}

// PurgeDisabled deletes every disabled user of the users table.
func PurgeDisabled(ctx context.Context, c *aztables.Client) error {
	f := "Disabled eq true"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e aztables.Entity
			if err := json.Unmarshal(raw, &e); err != nil {
				return err
			}
			if _, err := c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil); err != nil {
				return err
			}
		}
	}
	return nil
}
