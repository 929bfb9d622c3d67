// Package cosmosok is cosmosnames corrected: names that contain a
// reserved one, and OData annotations, are silent on Cosmos DB too.
package cosmosok

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

const endpoint = "https://contoso.table.cosmos.azure.com/"

type Order struct {
	aztables.Entity
	OrderId      string
	Rids         string `json:"rids"`
	ETagValue    string
	ResourceName string
	Meta         string `json:"odata.etag"`
	Total        int64
}
