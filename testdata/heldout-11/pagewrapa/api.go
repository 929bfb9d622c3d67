// Package pagewrapa keeps a small inventory behind interfaces so that it can
// be unit-tested without the service, the shapes asked about in
// Azure/azure-sdk-for-go#23098 ("Enhance Testing Support for
// NewListEntitiesPager"): the aztables client wrapped in an interface the
// code under test expects, and, because *runtime.Pager has only private
// fields and cannot be faked, the pager wrapped in an interface of its own,
// with an adapter for the real client and a fake that serves canned pages.
package pagewrapa

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// TableAPI is the part of *aztables.Client the inventory uses.
type TableAPI interface {
	AddEntity(ctx context.Context, entity []byte, options *aztables.AddEntityOptions) (aztables.AddEntityResponse, error)
	GetEntity(ctx context.Context, partitionKey, rowKey string, options *aztables.GetEntityOptions) (aztables.GetEntityResponse, error)
	DeleteEntity(ctx context.Context, partitionKey, rowKey string, options *aztables.DeleteEntityOptions) (aztables.DeleteEntityResponse, error)
	NewListEntitiesPager(options *aztables.ListEntitiesOptions) *runtime.Pager[aztables.ListEntitiesResponse]
}

// Pages is the pager as the inventory sees it: the one level of indirection
// that lets a test hand in pages of its own.
type Pages interface {
	More() bool
	NextPage(ctx context.Context) (aztables.ListEntitiesResponse, error)
}

// Lister opens a Pages for a query; the real one asks the client, a test's
// returns a fake.
type Lister func(opts *aztables.ListEntitiesOptions) Pages

// ClientLister adapts a TableAPI's pager to Pages.
func ClientLister(api TableAPI) Lister {
	return func(opts *aztables.ListEntitiesOptions) Pages {
		return api.NewListEntitiesPager(opts)
	}
}

// Connect returns the real client behind the interface.
func Connect(conn, table string) (TableAPI, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	return svc.NewClient(table), nil
}
