package fine

import (
	"context"
	"sort"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Stops once it has enough.
func firstN(ctx context.Context, c *aztables.Client, n int) ([][]byte, error) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(n))})
	var rows [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		rows = append(rows, page.Entities...)
		if len(rows) >= n {
			break
		}
	}
	return rows[:n], nil
}

// Uses everything, sorted.
func all(ctx context.Context, c *aztables.Client) ([][]byte, error) {
	pager := c.NewListEntitiesPager(nil)
	var rows [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		rows = append(rows, page.Entities...)
	}
	sort.Slice(rows, func(i, j int) bool { return string(rows[i]) < string(rows[j]) })
	return rows, nil
}

// A cut of a slice not filled from a pager.
func cut(xs []int) []int { return xs[len(xs)-3:] }

// Sorted, then filtered in place: kept := rows[:0] keeps nothing, every
// row is looked at.
func withoutBlocked(ctx context.Context, c *aztables.Client, blocked map[string]bool) ([][]byte, error) {
	pager := c.NewListEntitiesPager(nil)
	var rows [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		rows = append(rows, page.Entities...)
	}
	sort.Slice(rows, func(i, j int) bool { return string(rows[i]) < string(rows[j]) })
	kept := rows[:0]
	for _, r := range rows {
		if !blocked[string(r)] {
			kept = append(kept, r)
		}
	}
	return kept, nil
}
