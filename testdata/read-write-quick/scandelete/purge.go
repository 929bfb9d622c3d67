// Package scandelete removes expired sessions.
package scandelete

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Expired deletes every session whose Expires is before now.
func Expired(ctx context.Context, c *aztables.Client, now time.Time) error {
	f := fmt.Sprintf("Expires lt datetime'%s'", now.UTC().Format(time.RFC3339)) // S
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})     // L: TL301 TL313
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range resp.Entities {
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
