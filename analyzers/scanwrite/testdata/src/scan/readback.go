package scan

import (
	"context"
	"encoding/json"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Ticket struct {
	PartitionKey string
	RowKey       string
	Queue        string
	Reopened     int
}

// Each ticket found is read, its counter moved on from the value read,
// and written back: what is read goes back into the same entity, so the
// scan still only finds keys.
func reopenAll(ctx context.Context, c *aztables.Client, queue string) error {
	filter := "PartitionKey eq 'tickets' and Queue eq '" + queue + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL313: this scan only finds the keys of entities to update`
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var t Ticket
			if err := json.Unmarshal(raw, &t); err != nil {
				return err
			}
			t.Reopened = t.Reopened + 1
			b, _ := json.Marshal(t)
			if _, err := c.UpdateEntity(ctx, b, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// A map entity: a number read through a comma-ok assertion and a local,
// and the ETag read back into the update's If-Match.
func bumpMisses(ctx context.Context, c *aztables.Client, host string) error {
	filter := "Host eq '" + host + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL313: this scan only finds the keys of entities to update`
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				return err
			}
			n, _ := m["Misses"].(float64)
			m["Misses"] = int(n) + 1
			tag, _ := m["odata.etag"].(string)
			etag := azcore.ETag(tag)
			b, err := json.Marshal(m)
			if err != nil {
				return err
			}
			if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag, UpdateMode: aztables.UpdateModeMerge}); err != nil {
				return err
			}
		}
	}
	return nil
}

// The twins: a value read goes somewhere else (a total the function
// keeps, the log, a decision), so the scan reads more than keys: silent.
func reopenCounted(ctx context.Context, c *aztables.Client, queue string) (int, error) {
	filter := "PartitionKey eq 'tickets' and Queue eq '" + queue + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	total := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return 0, err
		}
		for _, raw := range page.Entities {
			var t Ticket
			_ = json.Unmarshal(raw, &t)
			total = total + t.Reopened
			t.Reopened = 0
			b, _ := json.Marshal(t)
			_, _ = c.UpdateEntity(ctx, b, nil)
		}
	}
	return total, nil
}

func bumpLogged(ctx context.Context, c *aztables.Client, host string) error {
	filter := "Host eq '" + host + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			n, _ := m["Misses"].(float64)
			log.Printf("misses were %v", n)
			m["Misses"] = int(n) + 1
			b, _ := json.Marshal(m)
			_, _ = c.UpdateEntity(ctx, b, nil)
		}
	}
	return nil
}

func bumpBelow(ctx context.Context, c *aztables.Client, host string) error {
	filter := "Host eq '" + host + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			n, _ := m["Misses"].(float64)
			if n > 10 {
				continue
			}
			m["Misses"] = n + 1
			b, _ := json.Marshal(m)
			_, _ = c.UpdateEntity(ctx, b, nil)
		}
	}
	return nil
}
