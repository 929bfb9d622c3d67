// Package api: handlers that build options for the paging helper.
package api

import (
	"context"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"

	"example.com/query-shapes/pagehelper/store"
)

type API struct {
	c *aztables.Client
	t *storage.Table
}

func (a *API) everything(ctx context.Context) {
	store.List(ctx, a.c, nil)
}

func (a *API) byName(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	store.List(r.Context(), a.c, &aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("Name eq '%s'", name))})
}

func (a *API) byTenant(ctx context.Context, tenant string, since *string) {
	var o *aztables.ListEntitiesOptions
	if since != nil {
		o = &aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'tenants' and RowKey ge '" + *since + "'")}
	}
	store.List(ctx, a.c, o)
}

func (a *API) one(ctx context.Context, id int) {
	store.List(ctx, a.c, &aztables.ListEntitiesOptions{Filter: to.Ptr(fmt.Sprintf("PartitionKey eq 'orders' and RowKey eq '%010d'", id))})
}

func (a *API) legacy() {
	store.Legacy(a.t, &storage.QueryOptions{Filter: "Kind eq 'x'"})
	store.Legacy(a.t, &storage.QueryOptions{Filter: "PartitionKey eq 'k'"})
}
