// Package settledfallback: a PartitionKey that a writer's own settings
// choose, and that is the current time alone on one of those ways (the
// default of a setting left empty): every write of a deployment that
// leaves it so lands in the partition of the moment.
package settledfallback

import (
	"context"
	"encoding/json"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Archiver stores sensor readings; its settings are given once.
type Archiver struct {
	client *aztables.Client
	bucket string // empty: one partition a day
	hourly bool
	spread bool
}

// Reading is one sample of a site's sensor.
type Reading struct {
	Site, ID string
	Celsius  float64
}

// shard leaves the day of the write as the key when no bucket is set.
func (a *Archiver) shard(r Reading) string {
	if a.bucket == "" {
		return time.Now().UTC().Format("2006-01-02")
	}
	return a.bucket + "-" + r.Site
}

// Save writes through shard.
func (a *Archiver) Save(ctx context.Context, r Reading) error {
	b, err := json.Marshal(aztables.Entity{PartitionKey: a.shard(r), RowKey: r.ID}) // want `TL209: PartitionKey falls back to time.Now\(\) alone \(line 34\), which puts every write in one partition`
	if err != nil {
		return err
	}
	_, err = a.client.AddEntity(ctx, b, nil)
	return err
}

// Record keys by the hour when the hourly switch is on.
func (a *Archiver) Record(ctx context.Context, r Reading) error {
	pk := r.Site
	if a.hourly {
		pk = "h" + time.Now().Format("2006010215")
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": r.ID, "Celsius": r.Celsius}) // want `TL209: PartitionKey falls back to time.Now\(\) alone \(line 53\)`
	_, err := a.client.UpsertEntity(ctx, b, nil)
	return err
}

// bySite picks the time only for readings without a site: the reading
// chooses, and readings with a site spread. Silent.
func (a *Archiver) bySite(r Reading) string {
	if r.Site == "" {
		return time.Now().Format("2006-01-02")
	}
	return r.Site
}

// SaveBySite is silent: the way is the write's own.
func (a *Archiver) SaveBySite(ctx context.Context, r Reading) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: a.bySite(r), RowKey: r.ID})
	_, err := a.client.AddEntity(ctx, b, nil)
	return err
}

// siteDay keeps the site in front of the default day: every site has
// its own partition each day. Silent.
func (a *Archiver) siteDay(r Reading) string {
	if a.bucket == "" {
		return r.Site + "_" + time.Now().Format("2006-01-02")
	}
	return a.bucket
}

// SaveSiteDay is silent.
func (a *Archiver) SaveSiteDay(ctx context.Context, r Reading) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: a.siteDay(r), RowKey: r.ID})
	_, err := a.client.AddEntity(ctx, b, nil)
	return err
}

// SaveFine spreads by site before a fine time, by default. Silent.
func (a *Archiver) SaveFine(ctx context.Context, r Reading) error {
	pk := a.bucket
	if a.spread {
		pk = r.Site + "/" + time.Now().Format(time.RFC3339Nano)
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": r.ID})
	_, err := a.client.UpsertEntity(ctx, b, nil)
	return err
}

// SaveRowTime puts the default time in the RowKey only, under the
// site's partition. Silent.
func (a *Archiver) SaveRowTime(ctx context.Context, r Reading) error {
	rk := r.ID
	if a.bucket == "" {
		rk = time.Now().Format(time.RFC3339Nano)
	}
	b, _ := json.Marshal(aztables.Entity{PartitionKey: r.Site, RowKey: rk})
	_, err := a.client.AddEntity(ctx, b, nil)
	return err
}

// SaveBoth chooses the time when the setting is empty and the reading
// has no site: the reading takes part in the choice. Silent.
func (a *Archiver) SaveBoth(ctx context.Context, r Reading) error {
	pk := r.Site
	if a.bucket == "" && r.Site == "" {
		pk = time.Now().Format("2006-01-02")
	}
	b, _ := json.Marshal(aztables.Entity{PartitionKey: pk, RowKey: r.ID})
	_, err := a.client.AddEntity(ctx, b, nil)
	return err
}

// label is a method of the data, not of a writer: its fields are the
// reading's own. Silent.
func (r Reading) label() string {
	if r.ID == "" {
		return time.Now().Format("2006-01-02")
	}
	return r.Site
}

// SaveLabelled is silent.
func (a *Archiver) SaveLabelled(ctx context.Context, r Reading) error {
	b, _ := json.Marshal(aztables.Entity{PartitionKey: r.label(), RowKey: r.ID})
	_, err := a.client.AddEntity(ctx, b, nil)
	return err
}

// Journal appends lines to a legacy table.
type Journal struct {
	table *storage.Table
}

// entry names the journal's entity; the partition comes from the
// environment, or is the month of the write.
func (j *Journal) entry(id string) *storage.Entity {
	month := os.Getenv("JOURNAL_MONTH")
	if month == "" {
		month = time.Now().Format("200601")
	}
	return j.table.GetEntityReference(month, id) // want `TL209: PartitionKey falls back to time.Now\(\) alone \(line 153\)`
}

// Append inserts the entity entry names.
func (j *Journal) Append(id string) error {
	e := j.entry(id)
	return e.Insert(storage.FullMetadata, nil)
}

// target names an entity only removed, never written. Silent.
func (j *Journal) target(id string) *storage.Entity {
	month := os.Getenv("JOURNAL_MONTH")
	if month == "" {
		month = time.Now().Format("200601")
	}
	return j.table.GetEntityReference(month, id)
}

// Remove deletes by target.
func (j *Journal) Remove(id string) error {
	return j.target(id).Delete(true, nil)
}
