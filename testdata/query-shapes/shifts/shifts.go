// Package shifts: an event's shifts are stored in a partition named by
// the event's RowKey, read back from the event entity.
package shifts

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Event struct {
	RowKey string
	Name   string
}

func ShiftIDs(ctx context.Context, rel *aztables.Client, ev Event) []string {
	rowKey := ev.RowKey
	filter := fmt.Sprintf("PartitionKey eq '%s'", rowKey)
	pager := rel.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var ids []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return ids
		}
		for range page.Entities {
			ids = append(ids, "")
		}
	}
	return ids
}
