package funcvalues

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Pages is a pager behind an interface, so that a test can fake it.
type Pages interface {
	More() bool
	NextPage(ctx context.Context) (aztables.ListEntitiesResponse, error)
}

// Lister opens Pages for a query: the real one asks the client, a
// test's serves canned pages.
type Lister func(opts *aztables.ListEntitiesOptions) Pages

func ClientLister(c *aztables.Client) Lister {
	return func(opts *aztables.ListEntitiesOptions) Pages {
		return c.NewListEntitiesPager(opts)
	}
}

func FakeLister() Lister {
	return func(*aztables.ListEntitiesOptions) Pages { return nil }
}

// Shelf holds the lister it is given.
type Shelf struct{ list Lister }

func NewShelf(list Lister) *Shelf { return &Shelf{list: list} }

func (s *Shelf) All() Pages {
	return s.list(nil) // want `TL301: query via ClientLister\(…\) at typed.go:22 has no filter`
}

func (s *Shelf) Of(pk string) Pages {
	return s.list(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'p'")})
}

// Silent: no function of the package that makes a Counter runs a query.
type Counter func(opts *aztables.ListEntitiesOptions) int

func FakeCounter() Counter {
	return func(*aztables.ListEntitiesOptions) int { return 0 }
}

type Tally struct{ count Counter }

func (t *Tally) All() int { return t.count(nil) }
