// Package cosmoskeys writes to a Cosmos DB for Table account: a RowKey
// is at most 255 bytes there ("Row keys can only be up to 255 bytes.").
package cosmoskeys

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const connection = "DefaultEndpointsProtocol=https;AccountName=contoso;TableEndpoint=https://contoso.table.cosmos.azure.com:443/;"

const prefix = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

func entities(id int) []aztables.Entity {
	return []aztables.Entity{
		{PartitionKey: "p", RowKey: prefix},                           // want `TL202: RowKey is 441 bytes, over the limit of 255 bytes on Azure Cosmos DB for Table`
		{PartitionKey: "p", RowKey: fmt.Sprintf("%s_%d", prefix, id)}, // want `TL202: RowKey is at least 442 bytes, over the limit of 255`
		{PartitionKey: prefix, RowKey: "r"},                           // a PartitionKey: 1 KiB on both services
	}
}
