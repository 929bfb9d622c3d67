// Package countclient is the reporting side of a CRM import: one table,
// the data-set code as PartitionKey, and dashboards that count rows by
// reading them.
package countclient

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Client reads the import table.
type Client struct {
	tc *aztables.Client
}

// DayCount is one bar of the dashboard.
type DayCount struct {
	Day   string
	Set   string
	Count int64
}

// drain reads every page of pager, or stops once limit rows were read.
func drain(ctx context.Context, pager *runtime.Pager[aztables.ListEntitiesResponse], limit int) ([]map[string]any, error) {
	var rows []map[string]any
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var m map[string]any
			if json.Unmarshal(raw, &m) == nil {
				rows = append(rows, m)
			}
		}
		if limit > 0 && len(rows) >= limit {
			break
		}
	}
	return rows, nil
}

// Sets lists the data-set codes: every row is read and the keys deduplicated.
func (c *Client) Sets(ctx context.Context) ([]string, error) {
	sel := "PartitionKey"
	rows, err := drain(ctx, c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Select: &sel}), 0) // L: TL301
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, r := range rows {
		if pk, ok := r["PartitionKey"].(string); ok && !seen[pk] {
			seen[pk] = true
			out = append(out, pk)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Count counts the rows of one data set.
func (c *Client) Count(ctx context.Context, set string) (int64, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", set) // L: TL321
	rows, err := drain(ctx, c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}), 0)
	return int64(len(rows)), err
}

// Today counts the rows of one data set written since midnight.
func (c *Client) Today(ctx context.Context, set string) (int64, error) {
	now := time.Now().UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	f := fmt.Sprintf("PartitionKey eq '%s' and Timestamp ge datetime'%s'", set, midnight.Format("2006-01-02T15:04:05Z")) // L: TL321
	rows, err := drain(ctx, c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}), 0)                     // L: TL303
	return int64(len(rows)), err
}

// Sample returns one row of a data set (the first page's first row).
func (c *Client) Sample(ctx context.Context, set string) (map[string]any, error) {
	top := int32(1)
	f := fmt.Sprintf("PartitionKey eq '%s'", set) // L: TL321
	rows, err := drain(ctx, c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &top}), 1)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return rows[0], nil
}

// Daily counts rows per day and set for the last days: the filter is on
// Timestamp alone.
func (c *Client) Daily(ctx context.Context, days int) ([]DayCount, error) {
	since := time.Now().UTC().AddDate(0, 0, -days)
	f := fmt.Sprintf("Timestamp ge datetime'%s'", since.Format("2006-01-02T15:04:05Z"))              // S
	rows, err := drain(ctx, c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}), 0) // L: TL301
	if err != nil {
		return nil, err
	}
	counts := map[[2]string]int64{}
	for _, r := range rows {
		pk, _ := r["PartitionKey"].(string)
		ts, _ := r["Timestamp"].(string)
		t, err := time.Parse(time.RFC3339Nano, ts)
		if pk == "" || err != nil {
			continue
		}
		counts[[2]string{t.Format("2006-01-02"), pk}]++
	}
	var out []DayCount
	for k, n := range counts {
		out = append(out, DayCount{Day: k[0], Set: k[1], Count: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Day > out[j].Day })
	return out, nil
}

// Imported counts one set's rows of one import run (added: the run id is
// a UUID checked by the caller, the set escaped by a helper).
func (c *Client) Imported(ctx context.Context, set string, run [16]byte) (int64, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and RowKey ge '%x' and RowKey lt '%x~'", quote(set), run, run) // S
	rows, err := drain(ctx, c.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}), 0)      // S
	return int64(len(rows)), err
}

// quote doubles single quotes for an OData string literal.
func quote(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			out = append(out, '\'', '\'')
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}
