// Package searchapi builds a filter from optional query-string parameters
// (shape of a REST search endpoint over an events table partitioned by
// venue).
package searchapi

import (
	"context"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func esc(s string) string { return strings.ReplaceAll(s, "'", "''") }

// Search lists events, narrowed by whichever parameters are present.
func Search(ctx context.Context, c *aztables.Client, q url.Values) ([][]byte, error) {
	var parts []string
	if v := q.Get("venue"); v != "" {
		parts = append(parts, "PartitionKey eq '"+esc(v)+"'")
	}
	if d := q.Get("from"); d != "" {
		parts = append(parts, "Date ge '"+esc(d)+"'")
	}
	var o *aztables.ListEntitiesOptions
	if len(parts) > 0 {
		f := strings.Join(parts, " and ")
		o = &aztables.ListEntitiesOptions{Filter: &f} // L: TL303
	}
	pager := c.NewListEntitiesPager(o) // L: TL301
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// Venue lists one venue's events, optionally from a date given raw.
func Venue(ctx context.Context, c *aztables.Client, venue, from string) ([][]byte, error) {
	filter := "PartitionKey eq '" + esc(venue) + "'" // S
	if from != "" {
		filter += " and Date ge '" + from + "'" // L: TL321
	}
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}
