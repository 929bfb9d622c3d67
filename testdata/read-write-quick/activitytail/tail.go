// Package activitytail shows a user's latest activity.
package activitytail

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type event struct {
	aztables.Entity
	At   int64
	Kind string
}

// escape doubles each single quote, rune by rune.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '\'' {
			b.WriteRune(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Latest reads the user's whole partition and keeps the last n by time.
func Latest(ctx context.Context, c *aztables.Client, user string, n int) ([]event, error) {
	f := "PartitionKey eq '" + escape(user) + "'"                           // S
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	var all []event
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range resp.Entities {
			var e event
			if err := json.Unmarshal(raw, &e); err == nil {
				all = append(all, e)
			}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].At < all[j].At })
	if len(all) > n {
		all = all[len(all)-n:] // L: TL312
	}
	return all, nil
}
