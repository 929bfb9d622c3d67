// Package cosmosnames talks to a Cosmos DB for Table account: ID, rid,
// etag and ResourceId are reserved there.
package cosmosnames

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

const endpoint = "https://contoso.table.cosmos.azure.com/"

type Order struct {
	aztables.Entity
	Id         string // want `TL116: property name "Id" is reserved on Azure Cosmos DB for Table \(ID\)`
	Rid        string `json:"rid"`  // want `TL116: property name "rid" is reserved on Azure Cosmos DB for Table \(rid\)`
	ETag       string `json:"etag"` // want `TL116: property name "etag" is reserved`
	ResourceId string // want `TL116: property name "ResourceId" is reserved`
	Total      int64
}

var row = map[string]any{
	"PartitionKey": "p",
	"RowKey":       "r",
	"ID":           7, // want `TL116: property name "ID" is reserved`
}
