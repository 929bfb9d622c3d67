// Package ok type-checks: it is analysed although its sibling does not.
package ok

import "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

func all(c *aztables.Client) {
	c.NewListEntitiesPager(nil)
}
