package parallel

import (
	"context"
	"fmt"
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// In parallel.
func headcount(ctx context.Context, c *aztables.Client, depts []string) int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for _, d := range depts {
		wg.Add(1)
		go func(d string) {
			defer wg.Done()
			filter := fmt.Sprintf("PartitionKey eq '%s'", d)
			pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
			for pager.More() {
				page, err := pager.NextPage(ctx)
				if err != nil {
					return
				}
				mu.Lock()
				n += len(page.Entities)
				mu.Unlock()
			}
		}(d)
	}
	wg.Wait()
	return n
}

// The loop variable is not the PartitionKey: pages of one partition.
func pages(ctx context.Context, c *aztables.Client, pk string, statuses []string) error {
	for _, s := range statuses {
		filter := fmt.Sprintf("PartitionKey eq '%s' and Status eq '%s'", pk, s)
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
		if _, err := pager.NextPage(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Pagers created in the loop, read after it.
func later(c *aztables.Client, depts []string) []any {
	var out []any
	for _, d := range depts {
		filter := "PartitionKey eq '" + d + "'"
		out = append(out, c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}))
	}
	return out
}
