package funcvalues

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// lister returns the function that runs a filter: a factory.
func lister(ctx context.Context, c *aztables.Client) func(string) int {
	return func(f string) int {
		n := 0
		pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
		for pager.More() {
			page, err := pager.NextPage(ctx)
			if err != nil {
				return n
			}
			n += len(page.Entities)
		}
		return n
	}
}

func factory(ctx context.Context, c *aztables.Client) int {
	run := lister(ctx, c)
	return run("Kind eq 'x'") + run("PartitionKey eq 'p' and RowKey eq 'r'") // want `TL301: query via lister\(…\) at factory.go:13 scans the whole table`
}

// choose returns one of two literals: not a factory of one function.
func choose(ctx context.Context, c *aztables.Client, fast bool) func(string) int {
	if fast {
		return func(string) int { return 0 }
	}
	return lister(ctx, c)
}

func notFactory(ctx context.Context, c *aztables.Client) int {
	run := choose(ctx, c, true)
	return run("Kind eq 'x'")
}

// strPtr is the package's own to.Ptr.
func strPtr(s string) *string { return &s }

func viaPtrHelper(c *aztables.Client, name string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: strPtr("Name eq 'x'")}) // want `TL301: query scans the whole table`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: strPtr("PartitionKey eq 'p'")})
}
