package keyonce

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Visit is one page view; When is filled in by whoever records it.
type Visit struct {
	Page string
	When time.Time
}

type visitRow struct {
	PartitionKey string
	RowKey       string
	Page         string
}

// Book writes visits.
type Book struct{ c *aztables.Client }

// Put files a visit under its day: the key is made here, so the mistake
// is here, whichever caller passes the current time.
func (b *Book) Put(ctx context.Context, v Visit) error {
	raw, err := json.Marshal(visitRow{
		PartitionKey: v.When.Format("2006-01-02"), // want `TL209: PartitionKey .*time\.Now\(\)`
		RowKey:       v.Page,
		Page:         v.Page,
	})
	if err != nil {
		return err
	}
	_, err = b.c.AddEntity(ctx, raw, nil)
	return err
}

// Opened and Closed both stamp the visit with the current time: one
// finding, at Put's key, not one per caller.
func Opened(ctx context.Context, b *Book, page string) error {
	return b.Put(ctx, Visit{Page: page, When: time.Now()})
}

func Closed(ctx context.Context, b *Book, page string) error {
	return b.Put(ctx, Visit{Page: page, When: time.Now().UTC()})
}

// Silent twin: Sighting's Seen always comes from the request or the
// caller, never from the clock, so the day buckets follow the events.
type Sighting struct {
	Bird string
	Seen time.Time
}

type sightingRow struct {
	PartitionKey string
	RowKey       string
}

// Log files a sighting under the day it was seen.
func (b *Book) Log(ctx context.Context, s Sighting) error {
	raw, err := json.Marshal(sightingRow{PartitionKey: s.Seen.Format("2006-01-02"), RowKey: s.Bird})
	if err != nil {
		return err
	}
	_, err = b.c.AddEntity(ctx, raw, nil)
	return err
}

func fromForm(ctx context.Context, b *Book, r *http.Request) error {
	seen, err := time.Parse(time.DateOnly, r.FormValue("seen"))
	if err != nil {
		return err
	}
	return b.Log(ctx, Sighting{Bird: r.FormValue("bird"), Seen: seen})
}

func replay(ctx context.Context, b *Book, bird string, seen time.Time) error {
	return b.Log(ctx, Sighting{Bird: bird, Seen: seen})
}
