// Package bigtop is cosmosendpoint's twin on Table storage (an endpoint
// of Table storage): TL309 there, silent under -target=cosmos.
package bigtop

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const serviceURL = "https://contoso.table.core.windows.net/"

func list(c *aztables.Client) {
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(5000))}) // want `TL309: \$top 5000`
}
