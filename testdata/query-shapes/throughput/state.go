// Package throughput keeps per-model state in one partition named by a
// package variable set at start-up.
package throughput

import (
	"context"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var (
	client       *aztables.Client
	partitionKey string
)

func Init(c *aztables.Client) {
	client = c
	partitionKey = "models"
}

func All(ctx context.Context) (int, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s'", partitionKey)
	opts := &aztables.ListEntitiesOptions{Filter: &filter, Select: to.Ptr("ModelName,Units"), Top: to.Ptr(int32(10))}
	n := 0
	pager := client.NewListEntitiesPager(opts)
	for pager.More() {
		rsp, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(rsp.Entities)
	}
	return n, nil
}
