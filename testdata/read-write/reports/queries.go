// Package reports runs the admin dashboard's queries over the orders
// table, partitioned by customer with the order number as RowKey (shape of
// a back-office report module).
package reports

import (
	"context"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Big asks for 5,000 rows of a customer per request.
func Big(ctx context.Context, c *aztables.Client) (int, error) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'acme'"), Top: to.Ptr(int32(5000))}) // L: TL309
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Pages reads a customer's orders 500 at a time and stops on a short page.
func Pages(ctx context.Context, c *aztables.Client, fn func([]byte)) error {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'acme'"), Top: to.Ptr(int32(500))}) // S
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, e := range page.Entities {
			fn(e)
		}
		if len(page.Entities) < 500 { // L: TL308
			break
		}
	}
	return nil
}

// Prefix finds a customer's orders whose number starts with a year.
func Prefix(ctx context.Context, c *aztables.Client, year int) (int, error) {
	f := fmt.Sprintf("PartitionKey eq 'acme' and startswith(RowKey, '%d')", year)
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL306
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Range reads the same orders as a key range.
func Range(ctx context.Context, c *aztables.Client, year int) (int, error) {
	f := fmt.Sprintf("PartitionKey eq 'acme' and RowKey ge '%d' and RowKey lt '%d'", year, year+1)
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Pair reads two orders with one query.
func Pair(ctx context.Context, c *aztables.Client) ([][]byte, error) {
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: to.Ptr("PartitionKey eq 'acme' and (RowKey eq '1001' or RowKey eq '1002')")}) // L: TL304
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// Many reads the orders of a fixed list of twenty numbers.
func Many(ctx context.Context, c *aztables.Client) ([][]byte, error) {
	f := "PartitionKey eq 'acme' and (RowKey eq '1000' or RowKey eq '1001' or RowKey eq '1002' or RowKey eq '1003' or RowKey eq '1004' or RowKey eq '1005' or RowKey eq '1006' or RowKey eq '1007' or RowKey eq '1008' or RowKey eq '1009' or RowKey eq '1010' or RowKey eq '1011' or RowKey eq '1012' or RowKey eq '1013' or RowKey eq '1014' or RowKey eq '1015')"
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL304 TL322
	var out [][]byte
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// First shows the first screen of a customer's orders whose status the
// caller picks from a fixed list.
func First(ctx context.Context, c *aztables.Client, status string) ([][]byte, error) {
	f := "PartitionKey eq 'acme' and Status eq '" + strings.ReplaceAll(status, "'", "''") + "'"
	page, err := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}).NextPage(ctx) // L: TL303 TL307
	if err != nil {
		return nil, err
	}
	return page.Entities, nil
}

// Order reads one order with a point query and one page.
func Order(ctx context.Context, c *aztables.Client, number int) ([]byte, error) {
	f := fmt.Sprintf("PartitionKey eq 'acme' and RowKey eq '%d'", number)
	page, err := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}).NextPage(ctx) // S
	if err != nil || len(page.Entities) == 0 {
		return nil, err
	}
	return page.Entities[0], nil
}
