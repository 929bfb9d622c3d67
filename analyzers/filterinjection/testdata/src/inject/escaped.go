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

// built up from request values in branches and with +=.
func built(c *aztables.Client, q url.Values) {
	start, end := q.Get("start"), q.Get("end")
	var filter string
	if start != "" {
		filter = "PartitionKey eq 'e' and Date ge datetime'" + start + "'" // want `TL321: start \(string\)`
	}
	if end != "" {
		filter += " and Date le datetime'" + end + "'" // want `TL321: end \(string\)`
	}
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
}
