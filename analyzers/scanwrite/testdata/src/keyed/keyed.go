package keyed

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Employee struct {
	PartitionKey string
	RowKey       string
	Email        string
}

// A range query over keys: a bulk delete of a key range.
func removeRange(ctx context.Context, c *aztables.Client, dept string) error {
	filter := "PartitionKey eq '" + dept + "' and RowKey ge 'a' and RowKey lt 'b'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e Employee
			_ = json.Unmarshal(raw, &e)
			c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil)
		}
	}
	return nil
}

// A whole partition cleared: no filter on another property.
func clear(ctx context.Context, c *aztables.Client, dept string) error {
	filter := "PartitionKey eq '" + dept + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e Employee
			_ = json.Unmarshal(raw, &e)
			c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil)
		}
	}
	return nil
}

// The results are also reported: the scan is a read in its own right.
func removeAndReport(ctx context.Context, c *aztables.Client, email string) error {
	filter := "Email eq '" + email + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e Employee
			_ = json.Unmarshal(raw, &e)
			fmt.Println("removing", e.Email)
			c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil)
		}
	}
	return nil
}

// Copies into another table under new keys: not a write back.
func copyOut(ctx context.Context, c, archive *aztables.Client, email string) error {
	filter := "Email eq '" + email + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, _ := pager.NextPage(ctx)
		for _, raw := range page.Entities {
			var e Employee
			_ = json.Unmarshal(raw, &e)
			e.PartitionKey = "archive"
			b, _ := json.Marshal(e)
			archive.UpsertEntity(ctx, b, nil)
		}
	}
	return nil
}

// The pager is returned to the caller.
func list(c *aztables.Client, email string) any {
	filter := "Email eq '" + email + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	return pager
}

// A retention clean-up by age: a table per period is the advice.
func expire(ctx context.Context, c *aztables.Client, cutoff string) error {
	filter := "Timestamp lt datetime'" + cutoff + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var e Employee
			_ = json.Unmarshal(raw, &e)
			c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil)
		}
	}
	return nil
}
