// Package funcvalues: queries run through method values, function-typed
// variables, closures stored in variables and generic repositories.
package funcvalues

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func methodValue(c *aztables.Client) {
	list := c.NewListEntitiesPager
	list(nil) // want `TL301: query has no filter`
	list(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p' and RowKey eq 'r'")})
}

func run(c *aztables.Client, filter string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}

func funcVariable(c *aztables.Client) {
	q := run
	q(c, "Name eq 'x'") // want `TL301: query via run at f.go:19 scans the whole table`
	q(c, "PartitionKey eq 'p'")
}

func closure(ctx context.Context, c *aztables.Client) {
	fetch := func(o *aztables.ListEntitiesOptions) int {
		n := 0
		p := c.NewListEntitiesPager(o)
		for p.More() {
			page, err := p.NextPage(ctx)
			if err != nil {
				break
			}
			n += len(page.Entities)
		}
		return n
	}
	fetch(nil) // want `TL301: query via fetch at f.go:31 has no filter`
	fetch(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p'")})
}

// Repo is a generic repository.
type Repo[T any] struct{ c *aztables.Client }

func (r *Repo[T]) Find(filter string) []T {
	r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	return nil
}

type User struct{ Name string }

func generic(r *Repo[User]) {
	r.Find("Name eq 'x'") // want `TL301: query via Repo.Find at f.go:49 scans the whole table`
	r.Find("PartitionKey eq 'u' and RowKey eq 'x'")
}

// A variable reassigned to another function is not followed.
func reassigned(c *aztables.Client, other func(*aztables.ListEntitiesOptions)) {
	list := func(o *aztables.ListEntitiesOptions) { c.NewListEntitiesPager(o) }
	list = other
	list(nil)
}
