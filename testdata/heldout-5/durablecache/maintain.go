package durablecache

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Touch (added) records a hit on an entry: read, count, write back.
func Touch(ctx context.Context, tableName, partition, key string) error {
	c := table(tableName)
	if c == nil {
		return nil
	}
	resp, err := c.GetEntity(ctx, partition, digest(key), nil)
	if err != nil {
		return err
	}
	var r row
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return err
	}
	r.Payload = strings.TrimSpace(r.Payload)
	b, _ := json.Marshal(r)
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{ETag: resp.ETag}) // L: TL414
	return err
}

// Refresh (added) is Touch's conditional twin: the write carries the read's ETag.
func Refresh(ctx context.Context, tableName, partition, key string, ttl time.Duration) error {
	c := table(tableName)
	if c == nil {
		return nil
	}
	resp, err := c.GetEntity(ctx, partition, digest(key), nil)
	if err != nil {
		return err
	}
	var r row
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return err
	}
	r.ExpiresAt = time.Now().Add(ttl).Unix()
	b, _ := json.Marshal(r)
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// Overwrite (added) writes back under ETagAny, which matches any version.
func Overwrite(ctx context.Context, tableName, partition, key, payload string) error {
	c := table(tableName)
	resp, err := c.GetEntity(ctx, partition, digest(key), nil)
	if err != nil {
		return err
	}
	var r row
	_ = json.Unmarshal(resp.Value, &r)
	r.Payload = payload
	b, _ := json.Marshal(r)
	star := azcore.ETagAny
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &star, UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	return err
}

// Forget (added) drops every entry cached for one natural key, found by scanning.
func Forget(ctx context.Context, tableName, partition, natural string) error {
	c := table(tableName)
	f := fmt.Sprintf("PartitionKey eq '%s'", partition) + // L: TL321
		fmt.Sprintf(" and Natural eq '%s'", natural) // L: TL321
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var r row
			if json.Unmarshal(raw, &r) == nil {
				_, _ = c.DeleteEntity(ctx, r.PartitionKey, r.RowKey, nil)
			}
		}
	}
	return nil
}

// Entries (added) lists a partition's natural keys, escaped, for an admin page.
func Entries(ctx context.Context, tableName, partition string) ([]string, error) {
	c := table(tableName)
	f := "PartitionKey eq '" + strings.ReplaceAll(partition, "'", "''") + "'" // S
	sel := "Natural"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel}) // S
	var out []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var r row
			if json.Unmarshal(raw, &r) == nil {
				out = append(out, r.Natural)
			}
		}
	}
	return out, nil
}
