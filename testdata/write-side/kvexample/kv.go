// Package kvexample is a getting-started sample: a client from a
// connection string, a key/value table with one partition "main".
package kvexample

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// The sample's account; the key is pasted from the portal.
const connStr = "DefaultEndpointsProtocol=https;AccountName=kvsampleacct;AccountKey=Whk3IPeVaWx4NgO/q4qPSn5YLbp3Gbx2z5Iqsrvhle70aBYv305IZFCdM9/M1OVla/TI7Fc1RaVBHzJiR5J5Gw==;EndpointSuffix=core.windows.net"

// ServiceClient returns the sample's service client.
func ServiceClient() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString(connStr, nil) // L: TL601
}

// KeyValue is a row of the sample table.
type KeyValue struct {
	PartitionKey string
	RowKey       string
	Value        string
}

// Insert adds a key; it fails if the key exists.
func Insert(ctx context.Context, table, key, value string) error {
	svc, err := ServiceClient()
	if err != nil {
		return err
	}
	b, err := json.Marshal(KeyValue{PartitionKey: "main", RowKey: key, Value: value})
	if err != nil {
		return err
	}
	_, err = svc.NewClient(table).AddEntity(ctx, b, nil) // S
	return err
}

// Update replaces the value of an existing key and reports a missing one.
func Update(ctx context.Context, table, key, value string) error {
	svc, err := ServiceClient()
	if err != nil {
		return err
	}
	b, err := json.Marshal(map[string]any{"PartitionKey": "main", "RowKey": key, "Value": value})
	if err != nil {
		return err
	}
	_, err = svc.NewClient(table).UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
