package tail

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type LogLine struct {
	PartitionKey string
	RowKey       string
	Text         string
}

// The last 10 lines of a device's log, by reading all of it.
func last10(ctx context.Context, c *aztables.Client, device string) ([]LogLine, error) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + device + "'")})
	var all []LogLine
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var l LogLine
			_ = json.Unmarshal(raw, &l)
			all = append(all, l)
		}
	}
	if len(all) > 10 {
		all = all[len(all)-10:] // want `TL312: every page of the query is read to keep only a few entities$`
	}
	return all, nil
}

// Sorted newest first on the client, then cut.
func newest(ctx context.Context, c *aztables.Client, n int) ([][]byte, error) {
	pager := c.NewListEntitiesPager(nil)
	var rows [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		rows = append(rows, page.Entities...)
	}
	sort.Slice(rows, func(i, j int) bool { return string(rows[i]) > string(rows[j]) })
	return rows[:n], nil // want `TL312`
}
