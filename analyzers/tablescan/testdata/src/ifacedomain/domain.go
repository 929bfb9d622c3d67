// Package ifacedomain declares the repository interface the service
// layer calls; it knows nothing of Azure Tables.
package ifacedomain

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Repo is implemented by ifacestore.TableRepo.
type Repo interface {
	GetAll(ctx context.Context, filter string) (int, error)
	ByName(ctx context.Context, name string) (int, error)
	List(ctx context.Context, o *aztables.ListEntitiesOptions) (int, error)
}

// Cache is implemented by nothing that queries a table.
// (ifacestore.TableRepo has a GetAll of the same signature, but no Put.)
type Cache interface {
	GetAll(ctx context.Context, filter string) (int, error)
	Put(key string)
}
