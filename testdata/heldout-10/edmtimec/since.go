package edmtimec

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Since lists an owner's notes created at or after t.
func Since(ctx context.Context, c *aztables.Client, owner string, t time.Time) ([]Note, error) {
	filter := "PartitionKey eq '" + strings.ReplaceAll(owner, "'", "''") + "'" + // S
		" and CreatedAt ge datetime'" + t.UTC().Format(time.RFC3339) + "'" // S
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303
	var out []Note
	for pager.More() {
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range resp.Entities {
			var n Note
			if err := json.Unmarshal(raw, &n); err != nil {
				return nil, err
			}
			out = append(out, n)
		}
	}
	return out, nil
}
