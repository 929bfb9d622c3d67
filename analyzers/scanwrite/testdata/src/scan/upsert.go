package scan

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Lease struct {
	PartitionKey string
	RowKey       string
	Holder       string
	Released     bool
}

// Every lease a holder has is found by a scan on Holder, marked released
// and written back with UpsertEntity: the scan only finds keys, as for
// UpdateEntity.
func releaseAll(ctx context.Context, c *aztables.Client, holder string) error {
	filter := "Holder eq '" + holder + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL313: this scan only finds the keys of entities to update`
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var l Lease
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			l.Released = true
			b, _ := json.Marshal(l)
			mode := aztables.UpdateModeMerge
			if _, err := c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: mode}); err != nil {
				return err
			}
		}
	}
	return nil
}

// The leases found are copied under a new RowKey by UpsertEntity: a new
// entity is written, not the one found; silent.
func copyReleased(ctx context.Context, c *aztables.Client, holder string) error {
	filter := "Holder eq '" + holder + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var l Lease
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			l.RowKey = "released-" + l.RowKey
			l.Released = true
			b, _ := json.Marshal(l)
			if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
				return err
			}
		}
	}
	return nil
}
