// Package ifacedomain declares the repository interface the service
// layer calls; it knows nothing of Azure Tables.
package ifacedomain

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Repo is implemented by ifacestore.TableRepo, whose parameters are
// named differently (names are not part of a method's type).
type Repo interface {
	GetAll(c context.Context, where string) (int, error)
	ByName(context.Context, string) (int, error)
	List(ctx context.Context, opts *aztables.ListEntitiesOptions) (n int, err error)
}

// Cache is implemented by nothing that queries a table.
// (ifacestore.TableRepo has a GetAll of the same signature, but no Put.)
type Cache interface {
	GetAll(ctx context.Context, filter string) (int, error)
	Put(key string)
}
