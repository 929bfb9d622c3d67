package checkgen

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

func handWrittenScan(c *aztables.Client) {
	c.NewListEntitiesPager(nil)
}
