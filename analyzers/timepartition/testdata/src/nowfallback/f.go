// Package nowfallback: a date key computed from a time that falls back to
// time.Now() when missing is the time of the write on every path.
package nowfallback

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Upsert partitions summaries by the month they were submitted in.
func Upsert(ctx context.Context, c *aztables.Client, submittedAt, id string) {
	submitted, _ := time.Parse(time.RFC3339, submittedAt)
	pk := submitted.Format("2006-01")
	if pk == "0001-01" {
		pk = time.Now().Format("2006-01")
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": id}) // want `TL209: PartitionKey written by UpsertEntity comes only from time.Now\(\)`
	c.UpsertEntity(ctx, b, nil)
}

// EventDay keys by the day an event happens, chosen by the user: no
// fallback to now, silent.
func EventDay(ctx context.Context, c *aztables.Client, day time.Time, id string) {
	pk := day.Format("2006-01-02")
	if day.IsZero() {
		pk = "undated"
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": id})
	c.UpsertEntity(ctx, b, nil)
}

// OtherLayout falls back to now with another layout: not the same key,
// silent.
func OtherLayout(ctx context.Context, c *aztables.Client, day time.Time, id string) {
	pk := day.Format("2006-01-02")
	if day.IsZero() {
		pk = time.Now().Format("2006")
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": id})
	c.UpsertEntity(ctx, b, nil)
}
