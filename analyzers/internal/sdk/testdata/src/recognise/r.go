package recognise

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	tables "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/sdk/resourcemanager/resources/armresources"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type repo struct{ *tables.Client }

type Client struct{}

func (Client) NewListEntitiesPager(*tables.ListEntitiesOptions) {}

func f(ctx context.Context, c *tables.Client, r repo, fake Client, arm *armresources.Client, sc *tables.ServiceClient, t *storage.Table) {
	p := c.NewListEntitiesPager(&tables.ListEntitiesOptions{Filter: to.Ptr("x")}) // want "list with filter" "to.Ptr"
	p.NextPage(ctx)                                                               // want "next page"
	r.NewListEntitiesPager(nil)                                                   // want "list"
	m := c.NewListEntitiesPager                                                   // method value: not a call
	_ = m
	fake.NewListEntitiesPager(nil)
	arm.NewListPager(nil).NextPage(ctx)
	sc.NewListTablesPager(nil).NextPage(ctx)
	t.QueryEntities(30, storage.MinimalMetadata, nil) // want "legacy query"
}

// TableClient is the usual interface over the client, for mocking.
type TableClient interface {
	NewListEntitiesPager(*tables.ListEntitiesOptions) *runtime.Pager[tables.ListEntitiesResponse]
}

func viaInterface(tc TableClient) {
	tc.NewListEntitiesPager(nil) // want "list via interface"
}
