package injectquote

import (
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/tablelint/tablelint/odata"
)

var _ = odata.Quote

func byName(c *aztables.Client, names map[string]string) {
	n := names["x"]
	f := fmt.Sprintf("PartitionKey eq '%s' and Kind eq 'user'", n) // want `TL321: n \(string\)`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	g := "PartitionKey eq " + odata.Quote(n)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
}
