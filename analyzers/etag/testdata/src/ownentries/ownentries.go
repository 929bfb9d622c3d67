// Package ownentries: a new entity keyed by the entries PartitionKey and
// RowKey of a row just read, with values derived from it, replaces (or
// merges into) that row.
package ownentries

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func count(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

// Visit bumps a page's visit counter by merging a small entity under the
// row's own keys: two visits at once count one.
func Visit(ctx context.Context, tc *aztables.Client, site, page string) error {
	got, err := tc.GetEntity(ctx, site, page, nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	patch, _ := json.Marshal(map[string]any{
		"PartitionKey": row["PartitionKey"],
		"RowKey":       row["RowKey"],
		"Visits":       count(row["Visits"]) + 1,
	})
	_, err = tc.UpdateEntity(ctx, patch, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // want `UpdateEntity rewrites the entity read by GetEntity from its data without IfMatch`
	return err
}

// Tally writes the count into a summary row of the same partition: not
// the row read.
func Tally(ctx context.Context, tc *aztables.Client, site, page string) error {
	got, err := tc.GetEntity(ctx, site, page, nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	sum, _ := json.Marshal(map[string]any{
		"PartitionKey": row["PartitionKey"],
		"RowKey":       "summary",
		"Visits":       count(row["Visits"]) + 1,
	})
	_, err = tc.UpsertEntity(ctx, sum, nil)
	return err
}

// VisitOnce merges under the read's ETag: a lost race fails with 412.
func VisitOnce(ctx context.Context, tc *aztables.Client, site, page string) error {
	got, err := tc.GetEntity(ctx, site, page, nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	patch, _ := json.Marshal(map[string]any{
		"PartitionKey": row["PartitionKey"],
		"RowKey":       row["RowKey"],
		"Visits":       count(row["Visits"]) + 1,
	})
	etag := got.ETag
	_, err = tc.UpdateEntity(ctx, patch, &aztables.UpdateEntityOptions{IfMatch: &etag, UpdateMode: aztables.UpdateModeMerge})
	return err
}
