// Package injectticks: values a helper in another package formats as
// digits only are never reported.
package injectticks

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"ticks"
)

func since(c *aztables.Client, t time.Time) {
	f := "PartitionKey eq 'log' and RowKey le '" + ticks.Key(t) + "'"
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// A helper that may return its argument as it is: reported.
func since2(c *aztables.Client, s string) {
	f := "PartitionKey eq 'log' and RowKey le '" + ticks.Maybe(s) + "'" // want `TL321`
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}
