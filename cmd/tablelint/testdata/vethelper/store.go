// Package vethelper runs queries whose filters a helper of another
// package of the module builds (filterstr, which does not import the
// SDK): every driver reads the helper's summary, so the scan by
// LastName is reported and the query by PartitionKey is not.
package vethelper

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/cmd/tablelint/testdata/vethelper/filterstr"
)

func byName(ctx context.Context, c *aztables.Client, r *http.Request) {
	f := filterstr.Eq("LastName", r.FormValue("name"))
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}

func byTenant(ctx context.Context, c *aztables.Client, tenant string) {
	f := filterstr.Eq("PartitionKey", tenant)
	p := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for p.More() {
		if _, err := p.NextPage(ctx); err != nil {
			return
		}
	}
}
