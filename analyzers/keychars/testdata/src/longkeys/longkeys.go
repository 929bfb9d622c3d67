// Package longkeys is cosmoskeys on Table storage: a 441-character
// RowKey is within 1 KiB (512 characters); a 513-character one is not.
package longkeys

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

const endpoint = "https://contoso.table.core.windows.net"

const prefix = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

func entities(k string) []aztables.Entity {
	return []aztables.Entity{
		{PartitionKey: "p", RowKey: prefix},
		{PartitionKey: "p", RowKey: prefix + "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy" + k}, // want `TL202: RowKey is at least 513 characters, over the limit of 512 \(1 KiB\)`
	}
}
