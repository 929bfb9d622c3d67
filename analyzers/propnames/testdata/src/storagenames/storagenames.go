// Package storagenames is cosmosnames on Table storage: the names are
// allowed there. Under -target=cosmos it gets TL116 (TestCosmosFlag).
package storagenames

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

type Order struct {
	aztables.Entity
	Id         string
	ResourceId string
}
