// Package cosmosendpoint names a Cosmos DB for Table endpoint: $top is
// not limited there ("TableQuery TakeCount isn't limited to 1000.").
package cosmosendpoint

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const serviceURL = "https://contoso.table.cosmos.azure.com:443/"

func list(c *aztables.Client) {
	_ = c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(5000))})
}
