package scan

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The first entity of a page, found by another property, is decoded,
// changed and upserted: whether the page has one (len compared) reads
// no entity, so the scan still only finds keys.
func reserve(ctx context.Context, c *aztables.Client, bin int, n int) error {
	f := fmt.Sprintf("PartitionKey eq 'stock' and Bin eq %d", bin)
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL313: this scan only finds the keys of entities to update`
	for p.More() {
		pg, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		if len(pg.Entities) == 0 {
			continue
		}
		var item struct {
			aztables.Entity
			OnHand int
		}
		if err := json.Unmarshal(pg.Entities[0], &item); err != nil {
			return err
		}
		item.OnHand -= n
		b, _ := json.Marshal(item)
		_, err = c.UpdateEntity(ctx, b, nil)
		return err
	}
	return fmt.Errorf("bin %d is empty", bin)
}

// Kept in a local first, and deleted by its keys.
func dropFirst(ctx context.Context, c *aztables.Client, owner string) error {
	q := "Owner eq '" + owner + "'"
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q}) // want `TL313: this scan only finds the keys of entities to delete`
	for pages.More() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return err
		}
		if len(page.Entities) == 0 {
			continue
		}
		raw := page.Entities[0]
		var e aztables.Entity
		if err := json.Unmarshal(raw, &e); err != nil {
			return err
		}
		if _, err := c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil); err != nil {
			return err
		}
	}
	return nil
}

// The twins: the first entity's balance is returned, the count of the
// page is returned, the raw entity is kept: the scan reads more than
// keys: silent.
func balanceOf(ctx context.Context, c *aztables.Client, account int, delta float64) (float64, error) {
	q := fmt.Sprintf("PartitionKey eq 'CARDS' and AccountNumber eq %d", account)
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q})
	if pages.More() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return 0, err
		}
		if len(page.Entities) > 0 {
			var row map[string]any
			if err := json.Unmarshal(page.Entities[0], &row); err != nil {
				return 0, err
			}
			bal, _ := row["CurrentBalance"].(float64)
			row["CurrentBalance"] = bal + delta
			b, _ := json.Marshal(row)
			_, err = c.UpdateEntity(ctx, b, nil)
			return bal, err
		}
	}
	return 0, nil
}

func bumpCounted(ctx context.Context, c *aztables.Client, account int) (int, error) {
	q := fmt.Sprintf("PartitionKey eq 'CARDS' and AccountNumber eq %d", account)
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q})
	page, err := pages.NextPage(ctx)
	if err != nil || len(page.Entities) == 0 {
		return 0, err
	}
	var row map[string]any
	if err := json.Unmarshal(page.Entities[0], &row); err != nil {
		return 0, err
	}
	b, _ := json.Marshal(row)
	_, err = c.UpdateEntity(ctx, b, nil)
	return len(page.Entities), err
}

var kept [][]byte

func dropKept(ctx context.Context, c *aztables.Client, owner string) error {
	q := "Owner eq '" + owner + "'"
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q})
	for pages.More() {
		page, err := pages.NextPage(ctx)
		if err != nil || len(page.Entities) == 0 {
			return err
		}
		raw := page.Entities[0]
		kept = append(kept, raw)
		var e aztables.Entity
		if err := json.Unmarshal(raw, &e); err != nil {
			return err
		}
		if _, err := c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil); err != nil {
			return err
		}
	}
	return nil
}
