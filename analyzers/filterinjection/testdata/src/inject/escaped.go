package inject

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func escaped(c *aztables.Client, q url.Values) {
	dept := strings.ReplaceAll(q.Get("dept"), "'", "''")
	f := fmt.Sprintf("PartitionKey eq '%s'", dept)
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})

	raw := q.Get("raw")
	g := "PartitionKey eq '" + raw + "'" // want `TL321: raw \(string\)`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &g})
}
