// Package toplevelor: an or at the top level hides the partition.
package toplevelor

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func f(c *aztables.Client, pk, rk string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'a' or RowKey eq 'b'")})                   // want `TL301: query scans the whole table: an or across partitions`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + pk + "' or RowKey eq '" + rk + "'")}) // want `TL301: query scans the whole table: an or across partitions`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'a' and RowKey eq 'b'")})
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'a' and (Kind eq 'b' or Kind eq 'c')")})
}
