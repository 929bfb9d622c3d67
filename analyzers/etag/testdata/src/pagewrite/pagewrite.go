package pagewrite

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Lamp is a street lamp, one row per lamp in its district's partition.
type Lamp struct {
	aztables.Entity
	Lit   bool
	Hours int
	// ETag is the version the row was listed with.
	ETag string `json:"odata.etag"`
}

// Every lamp of a district is listed, switched on and written back: the
// page carried each row's ETag and the write drops it.
func lightAll(ctx context.Context, c *aztables.Client, district string) error {
	f := "PartitionKey eq '" + district + "'"
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var l Lamp
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			l.Lit = true
			b, _ := json.Marshal(l)
			if _, err := c.UpdateEntity(ctx, b, nil); err != nil { // want `TL414: UpdateEntity writes back an entity read by a list page without IfMatch`
				return err
			}
		}
	}
	return nil
}

// The first lamp of the first page, by index, upserted back.
func burnFirst(ctx context.Context, c *aztables.Client) error {
	p := c.NewListEntitiesPager(nil)
	page, err := p.NextPage(ctx)
	if err != nil || len(page.Entities) == 0 {
		return err
	}
	var l Lamp
	_ = json.Unmarshal(page.Entities[0], &l)
	l.Hours++
	b, _ := json.Marshal(l)
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL414: UpsertEntity writes back an entity read by a list page without IfMatch`
	return err
}

// Bulb is the service's view of a lamp: no ETag.
type Bulb struct {
	District, ID string
	Hours        int
}

// bulbs lists a district and hands back views built from the decoded
// rows: each row's ETag is dropped here.
func bulbs(ctx context.Context, c *aztables.Client, district string) ([]Bulb, error) {
	f := "PartitionKey eq '" + district + "'"
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	var out []Bulb
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var l Lamp
			if json.Unmarshal(raw, &l) == nil {
				out = append(out, Bulb{District: l.PartitionKey, ID: l.RowKey, Hours: l.Hours})
			}
		}
	}
	return out, nil
}

func toLamp(b Bulb) Lamp {
	return Lamp{Entity: aztables.Entity{PartitionKey: b.District, RowKey: b.ID}, Hours: b.Hours}
}

// The views are changed and written back as rows, unconditionally.
func resetHours(ctx context.Context, c *aztables.Client, district string) error {
	bs, err := bulbs(ctx, c, district)
	if err != nil {
		return err
	}
	for _, bl := range bs {
		bl.Hours = 0
		b, _ := json.Marshal(toLamp(bl))
		if _, err := c.UpdateEntity(ctx, b, nil); err != nil { // want `TL414: UpdateEntity writes back an entity read by a list page \(through bulbs\) without IfMatch`
			return err
		}
	}
	return nil
}

// Silent below.

// Each row is written under the ETag it was listed with.
func lightAllIf(ctx context.Context, c *aztables.Client) error {
	p := c.NewListEntitiesPager(nil)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var l Lamp
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			l.Lit = true
			b, _ := json.Marshal(l)
			tag := azcore.ETag(l.ETag)
			if _, err := c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &tag}); err != nil {
				return err
			}
		}
	}
	return nil
}

// Listed rows added to an archive table: an insert fails on conflict.
func archive(ctx context.Context, c *aztables.Client) error {
	p := c.NewListEntitiesPager(nil)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			if _, err := c.AddEntity(ctx, raw, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Listed from one table, upserted into another: a copy.
func mirror(ctx context.Context, svc *aztables.ServiceClient) error {
	src := svc.NewClient("lamps")
	dst := svc.NewClient("lampsbackup")
	p := src.NewListEntitiesPager(nil)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var l Lamp
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			l.Hours = 0
			b, _ := json.Marshal(l)
			if _, err := dst.UpsertEntity(ctx, b, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Listed and written under a new RowKey: another row.
func renumber(ctx context.Context, c *aztables.Client, prefix string) error {
	p := c.NewListEntitiesPager(nil)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var l Lamp
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			l.RowKey = prefix + l.RowKey
			b, _ := json.Marshal(l)
			if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Tally is a per-lamp counter row in another partition.
type Tally struct {
	aztables.Entity
	Hours int
	Lamp  string
}

// Each listed lamp gives a new counter row under new keys: not a write
// back of what was listed.
func tally(ctx context.Context, c *aztables.Client) error {
	p := c.NewListEntitiesPager(nil)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var l Lamp
			if err := json.Unmarshal(raw, &l); err != nil {
				return err
			}
			b, _ := json.Marshal(Tally{Entity: aztables.Entity{PartitionKey: "tally", RowKey: l.RowKey}, Hours: l.Hours, Lamp: l.RowKey})
			if _, err := c.UpsertEntity(ctx, b, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Rows built from the caller's names, nothing listed first.
func install(ctx context.Context, c *aztables.Client, district string, ids []string) error {
	for _, id := range ids {
		b, _ := json.Marshal(Lamp{Entity: aztables.Entity{PartitionKey: district, RowKey: id}})
		if _, err := c.UpdateEntity(ctx, b, nil); err != nil {
			return err
		}
	}
	return nil
}
