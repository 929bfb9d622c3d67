// Package regionreport totals sales per region, one partition per region.
package regionreport

import (
	"context"
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func count(ctx context.Context, c *aztables.Client, f string) (int, error) {
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(resp.Entities)
	}
	return n, nil
}

// Totals counts each region's rows, one region after another.
func Totals(ctx context.Context, c *aztables.Client, regions []string) (map[string]int, error) {
	out := map[string]int{}
	for _, r := range regions {
		f := "PartitionKey eq '" + r + "'"                                      // L: TL321
		pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL320
		for pg.More() {
			resp, err := pg.NextPage(ctx)
			if err != nil {
				return nil, err
			}
			out[r] += len(resp.Entities)
		}
	}
	return out, nil
}

// TotalsParallel counts the regions at the same time.
func TotalsParallel(ctx context.Context, c *aztables.Client, regions []string) map[string]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := map[string]int{}
	for _, r := range regions {
		wg.Add(1)
		go func(r string) {
			defer wg.Done()
			n, _ := count(ctx, c, "PartitionKey eq '"+escapeQ(r)+"'") // S
			mu.Lock()
			out[r] = n
			mu.Unlock()
		}(r)
	}
	wg.Wait()
	return out
}

func escapeQ(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		out = append(out, s[i])
		if s[i] == '\'' {
			out = append(out, '\'')
		}
	}
	return string(out)
}
