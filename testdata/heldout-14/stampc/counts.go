package stampc

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

var (
	countsTable   = Table{Name: "StockCounts"}
	activityTable = Table{Name: "CountActivity"}
)

// Count is one stock count of a SKU at a site: the site is the partition,
// each count its own random row.
type Count struct {
	aztables.Entity
	Table   Table `json:"-"` // S
	SKU     string
	Counted int32
	Counter string
	TakenMs aztables.EDMInt64
}

type Activity struct {
	aztables.Entity
	Table Table `json:"-"`
	Kind  string
	AtMs  int64
}

// RecordCount stores one count and returns the time the service gave it.
func (s *Store) RecordCount(ctx context.Context, site, sku, counter string, qty int32) (Meta, error) {
	c := Count{
		Entity:  aztables.Entity{PartitionKey: site, RowKey: uuid.NewString()}, // S
		Table:   countsTable,
		SKU:     sku,
		Counted: qty,
		Counter: counter,
		TakenMs: aztables.EDMInt64(time.Now().UnixMilli()), // S
	}
	return s.InsertEcho(ctx, c.Table, c)
}

// RecordSession stores the counts of one walk through a site, one insert per
// count, and keeps the stamps in the order given.
func (s *Store) RecordSession(ctx context.Context, site string, counts []Count) ([]Meta, error) {
	out := make([]Meta, 0, len(counts))
	for _, c := range counts {
		c.PartitionKey = site
		c.RowKey = uuid.NewString()
		c.Table = countsTable
		m, err := s.Insert(ctx, c.Table, c) // S
		if err != nil {
			return out, err
		}
		out = append(out, m)
	}
	return out, nil
}

// logActivity appends a line to the activity log, one partition per day.
func (s *Store) logActivity(ctx context.Context, kind, who string) error {
	now := time.Now().UTC()
	a := Activity{
		Entity: aztables.Entity{
			PartitionKey: now.Format("20060102"),       // L: TL209
			RowKey:       who + "_" + uuid.NewString(), // S
		},
		Table: activityTable,
		Kind:  kind,
		AtMs:  now.UnixMilli(), // L: TL125
	}
	a.Timestamp = aztables.EDMDateTime(now) // L: TL128
	_, err := s.Insert(ctx, a.Table, a)
	return err
}

// Recount corrects a count in place.
func (s *Store) Recount(ctx context.Context, site, id string, qty int32) error {
	client := s.tables.NewClient(countsTable.Name)    // S
	resp, err := client.GetEntity(ctx, site, id, nil) // S
	if err != nil {
		return err
	}
	var c Count
	if err := json.Unmarshal(resp.Value, &c); err != nil {
		return err
	}
	c.Counted = qty
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	if _, err := client.UpdateEntity(ctx, b, nil); err != nil { // L: TL414
		return err
	}
	return s.logActivity(ctx, "recount", c.Counter)
}

// Amend changes a count the caller inserted, under the ETag the insert
// returned: a count changed since then is not overwritten.
func (s *Store) Amend(ctx context.Context, c Count, m Meta) (Meta, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return Meta{}, err
	}
	opts := &aztables.UpdateEntityOptions{IfMatch: &m.ETag, UpdateMode: aztables.UpdateModeMerge}
	resp, err := s.tables.NewClient(countsTable.Name).UpdateEntity(ctx, b, opts) // S
	if err != nil {
		return Meta{}, err
	}
	return Meta{ETag: resp.ETag, Timestamp: m.Timestamp}, nil
}

func decodeCounts(pages [][]byte) ([]Count, error) {
	out := make([]Count, 0, len(pages))
	for _, raw := range pages {
		var c Count
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// CountsSince lists the counts of a site the service stamped after a time.
func (s *Store) CountsSince(ctx context.Context, site string, since time.Time) ([]Count, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and Timestamp ge datetime'%s'", strings.ReplaceAll(site, "'", "''"), since.UTC().Format(time.RFC3339)) // S
	pager := s.tables.NewClient(countsTable.Name).NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &f, // L: TL303
	})
	var out []Count
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		cs, err := decodeCounts(page.Entities)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// ByCounter finds every count one person made, at any site.
func (s *Store) ByCounter(ctx context.Context, counter string) ([]Count, error) {
	f := "Counter eq '" + counter + "'"                                                                           // L: TL321
	pager := s.tables.NewClient(countsTable.Name).NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	var out []Count
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		cs, err := decodeCounts(page.Entities)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}
