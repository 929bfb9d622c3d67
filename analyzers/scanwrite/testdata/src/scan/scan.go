package scan

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Email        string
	Active       bool
}

// Find the employee by email to delete it: a table scan to learn keys.
func removeByEmail(ctx context.Context, c *aztables.Client, email string) error {
	filter := "Email eq '" + email + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL313: this scan only finds the keys of entities to delete; find them by key instead \(an index entity\)$`
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e Employee
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

// A partition scan on a property, each result changed and written back.
func deactivate(ctx context.Context, c *aztables.Client, dept string) error {
	filter := "PartitionKey eq '" + dept + "' and Active eq true"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL313: this scan only finds the keys of entities to update`
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e Employee
			_ = json.Unmarshal(raw, &e)
			e.Active = false
			b, _ := json.Marshal(e)
			if _, err := c.UpdateEntity(ctx, b, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Results decoded into maps.
func purge(ctx context.Context, c *aztables.Client) error {
	filter := "Status eq 'expired'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL313: this scan only finds the keys of entities to delete`
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			c.DeleteEntity(ctx, m["PartitionKey"].(string), m["RowKey"].(string), nil)
		}
	}
	return nil
}
