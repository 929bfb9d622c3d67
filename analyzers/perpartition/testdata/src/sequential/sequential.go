package sequential

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Dept struct{ ID string }

// One department after another.
func headcount(ctx context.Context, c *aztables.Client, depts []Dept) (int, error) {
	n := 0
	for _, d := range depts {
		filter := fmt.Sprintf("PartitionKey eq '%s'", d.ID)
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // want `TL320: one partition is queried per iteration, each read to the end before the next starts$`
		for pager.More() {
			page, err := pager.NextPage(ctx)
			if err != nil {
				return 0, err
			}
			n += len(page.Entities)
		}
	}
	return n, nil
}

func byDay(ctx context.Context, c *aztables.Client, days []string) error {
	for i := range days {
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + days[i] + "' and Level eq 'error'")}) // want `TL320`
		if _, err := pager.NextPage(ctx); err != nil {
			return err
		}
	}
	return nil
}
