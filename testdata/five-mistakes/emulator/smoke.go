// Package emulator is a smoke check run against a local Tables emulator:
// write one row, read it back, list one table.
package emulator

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Smoke fails when the emulator does not answer as Azure does.
func Smoke(ctx context.Context, svc *aztables.ServiceClient, table string) error {
	c := svc.NewClient(table)
	b, _ := json.Marshal(map[string]any{"PartitionKey": "p1", "RowKey": "r1", "Value": "hello"})
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	if _, err := c.GetEntity(ctx, "p1", "r1", nil); err != nil {
		return err
	}
	ep := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: to.Ptr(int32(1))}) // L: TL301
	page, err := ep.NextPage(ctx)                                                      // L: TL307
	if err != nil {
		return err
	}
	if len(page.Entities) != 1 {
		return fmt.Errorf("listed %d entities", len(page.Entities))
	}
	tp := svc.NewListTablesPager(&aztables.ListTablesOptions{Top: to.Ptr(int32(1))})
	tables, err := tp.NextPage(ctx) // S
	if err != nil {
		return err
	}
	if len(tables.Tables) != 1 {
		return fmt.Errorf("listed %d tables", len(tables.Tables))
	}
	return nil
}
