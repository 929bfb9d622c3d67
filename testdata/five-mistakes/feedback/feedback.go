// Package feedback stores visitors' feedback and lists all of it.
package feedback

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Item is one feedback entry.
type Item struct{ Name, Text string }

// All returns every entry.
func All(ctx context.Context, conn string) ([]Item, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	c := svc.NewClient("Feedback")
	opts := &aztables.ListEntitiesOptions{}
	p := c.NewListEntitiesPager(opts) // L: TL301
	var out []Item
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var it Item
			if json.Unmarshal(raw, &it) == nil {
				out = append(out, it)
			}
		}
	}
	return out, nil
}
