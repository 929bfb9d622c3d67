package decodehelper

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Ticket is the typed view a service keeps of a row.
type Ticket struct {
	Queue  string
	Status string
}

// parseRow decodes one raw row into the typed view and the row as it
// was read; it neither reads nor writes a table.
func parseRow(raw []byte) (Ticket, aztables.EDMEntity, error) {
	var row aztables.EDMEntity
	if err := json.Unmarshal(raw, &row); err != nil {
		return Ticket{}, row, err
	}
	t := Ticket{}
	t.Queue, _ = row.Properties["Queue"].(string)
	t.Status, _ = row.Properties["Status"].(string)
	return t, row, nil
}

// close finds a ticket with the first page of a scan and upserts it
// back: the page's ETag is lost on the way.
func closeTicket(ctx context.Context, c *aztables.Client, id int64) error {
	f := fmt.Sprintf("Number eq %d", id)
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	page, err := p.NextPage(ctx)
	if err != nil || len(page.Entities) == 0 {
		return err
	}
	_, row, err := parseRow(page.Entities[0])
	if err != nil {
		return err
	}
	row.Properties["Status"] = "closed"
	b, _ := json.Marshal(row)
	_, err = c.UpsertEntity(ctx, b, nil) // want `TL414: UpsertEntity writes back an entity read by a list page \(through parseRow\) without IfMatch`
	return err
}

// Every row of every page, each written back in a loop.
func reopenAll(ctx context.Context, c *aztables.Client) error {
	f := "Status eq 'closed'"
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			_, row, err := parseRow(raw)
			if err != nil {
				return err
			}
			row.Properties["Status"] = "open"
			b, _ := json.Marshal(row)
			if _, err := c.UpdateEntity(ctx, b, nil); err != nil { // want `TL414: UpdateEntity writes back an entity read by a list page \(through parseRow\) without IfMatch`
				return err
			}
		}
	}
	return nil
}

// Silent below.

// The page's row keeps its ETag: the write is conditional on it.
func closeIfUnchanged(ctx context.Context, c *aztables.Client, id int64) error {
	f := fmt.Sprintf("Number eq %d", id)
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	page, err := p.NextPage(ctx)
	if err != nil || len(page.Entities) == 0 {
		return err
	}
	_, row, err := parseRow(page.Entities[0])
	if err != nil {
		return err
	}
	row.Properties["Status"] = "closed"
	b, _ := json.Marshal(row)
	tag := azcore.ETag(row.ETag)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &tag})
	return err
}

// Bytes handed in by a caller that built them: nothing was read.
func importRaw(ctx context.Context, c *aztables.Client, raw []byte) error {
	_, row, err := parseRow(raw)
	if err != nil {
		return err
	}
	row.Properties["Status"] = "new"
	b, _ := json.Marshal(row)
	_, err = c.UpsertEntity(ctx, b, nil)
	return err
}

func importOne(ctx context.Context, c *aztables.Client, queue string) error {
	b, _ := json.Marshal(map[string]any{"PartitionKey": queue, "RowKey": "1", "Queue": queue})
	return importRaw(ctx, c, b)
}
