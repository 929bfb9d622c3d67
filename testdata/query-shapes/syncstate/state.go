// Package syncstate (legacy storage API): reads the sync state of every
// list from one partition, in a single request.
package syncstate

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const partitionKey = "lists"

func Read(c storage.Client) (int, error) {
	svc := c.GetTableService()
	t := svc.GetTableReference("syncstate")
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{
		Top:    1000,
		Filter: fmt.Sprintf("PartitionKey eq '%s'", partitionKey),
	})
	if err != nil {
		return 0, err
	}
	return len(res.Entities), nil
}
