package partitionscan

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func f(c *aztables.Client, dept string) {
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq '" + dept + "' and LastName eq 'Smith'")}) // want `TL303: query scans the whole partition '\{dept\}'`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'x'")})                                    // whole partition, no residual: silent, as explain
}
