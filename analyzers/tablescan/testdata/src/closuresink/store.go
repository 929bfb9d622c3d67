// Package closuresink: a store whose list method runs the query inside a
// function literal handed to a retrying runner; the filter is a
// parameter of the method that the literal captures.
package closuresink

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type runner struct{ tries int }

func (r runner) run(ctx context.Context, step func(context.Context) error) error {
	var err error
	for i := 0; i < r.tries; i++ {
		if err = step(ctx); err == nil {
			return nil
		}
	}
	return err
}

type store struct {
	tc  *aztables.Client
	rnr runner
}

// query captures the filter parameter by address (&where).
func (s *store) query(ctx context.Context, where string, limit int32) (n int, err error) {
	err = s.rnr.run(ctx, func(inner context.Context) error {
		p := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &where, Top: &limit})
		for p.More() {
			pg, e := p.NextPage(inner)
			if e != nil {
				return e
			}
			n += len(pg.Entities)
		}
		return nil
	})
	return n, err
}

// count captures the filter parameter by value and copies it.
func (s *store) count(ctx context.Context, where string) error {
	return s.rnr.run(ctx, func(inner context.Context) error {
		w := where
		p := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &w})
		_, e := p.NextPage(inner)
		return e
	})
}

func byColour(ctx context.Context, s *store, colour string) {
	s.query(ctx, "Colour eq '"+colour+"'", 5) // want `TL301`
}

func inShelf(ctx context.Context, s *store, shelf string) {
	s.query(ctx, "PartitionKey eq 'shelf-"+shelf+"' and Sold eq false", 50)
}

func heavy(ctx context.Context, s *store) {
	s.count(ctx, "Weight gt 10") // want `TL301`
}

func oneShelf(ctx context.Context, s *store) {
	s.count(ctx, "PartitionKey eq 'shelf-a'")
}
