// Package ifaceservice calls the repository through its interface.
package ifaceservice

import (
	"context"

	"ifacedomain"
)

type Service struct {
	repo  ifacedomain.Repo
	cache ifacedomain.Cache
}

func (s *Service) Scans(ctx context.Context, name string) {
	s.repo.GetAll(ctx, "Name eq '"+name+"'") // want `TL301: query via Repo.GetAll at store.go:25 scans the whole table`
	s.repo.GetAll(ctx, "")                   // want `TL301: query via Repo.GetAll at store.go:25 has no filter`
	s.repo.List(ctx, nil)                    // want `TL301: query via Repo.List at store.go:25 has no filter`
}

func (s *Service) Silent(ctx context.Context, name string) {
	s.repo.GetAll(ctx, "PartitionKey eq 'people' and RowKey eq 'x'")
	s.repo.ByName(ctx, name)
	s.cache.GetAll(ctx, "Name eq 'x'")
}
