// Package appendfilter: a filter extended with += in a branch is checked
// on each path: the path that skips the += may scan the whole table.
package appendfilter

import (
	"context"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// Open lists open orders, of one customer when one is given.
func Open(ctx context.Context, c *aztables.Client, customer string) {
	f := "Status eq 'open'"
	if customer != "" {
		f += " and PartitionKey eq '" + customer + "'"
	}
	c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // want `TL301: query scans the whole table`
}

// Always: every path adds the PartitionKey: silent.
func Always(t *storage.Table, customer string, open bool) {
	f := "PartitionKey eq '" + customer + "'"
	f += " and RowKey ge 'order-'"
	f += " and RowKey lt 'order.'"
	q := storage.QueryOptions{Filter: f}
	res, _ := t.QueryEntities(30, storage.NoMetadata, &q)
	for res.NextLink != nil {
		res, _ = res.NextResults(nil)
	}
}
