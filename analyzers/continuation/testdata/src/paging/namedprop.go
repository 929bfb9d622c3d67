package paging

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The property compared is chosen at run time: one comparison can fix at
// most one key, so whatever the name, this is no point query, and one
// page of it is not all of it.
func countWhere(ctx context.Context, c *aztables.Client, r *http.Request) (int, error) {
	prop, value := r.FormValue("prop"), r.FormValue("value")
	f := prop + " eq '" + value + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	page, err := pager.NextPage(ctx) // want `TL307`
	if err != nil {
		return 0, err
	}
	return len(page.Entities), nil
}

// The twin: two run-time names compared with eq could be PartitionKey and
// RowKey, a point query: silent.
func lookupWhere(ctx context.Context, c *aztables.Client, r *http.Request) (int, error) {
	p1, v1, p2, v2 := r.FormValue("p1"), r.FormValue("v1"), r.FormValue("p2"), r.FormValue("v2")
	f := p1 + " eq '" + v1 + "' and " + p2 + " eq '" + v2 + "'"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	page, err := pager.NextPage(ctx)
	if err != nil {
		return 0, err
	}
	return len(page.Entities), nil
}
