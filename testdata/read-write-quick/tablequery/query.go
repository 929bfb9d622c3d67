// Package tablequery keeps a map of table clients and runs caller filters.
package tablequery

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Clients holds one client per table name.
var Clients = map[string]*aztables.Client{}

// Filter runs filter against the named table and returns every row.
func Filter(table, filter string) ([]map[string]any, error) {
	c, ok := Clients[table]
	if !ok {
		return nil, fmt.Errorf("table %q not set up", table)
	}
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var out []map[string]any
	for pg.More() {
		resp, err := pg.NextPage(context.Background())
		if err != nil {
			return nil, err
		}
		for _, e := range resp.Entities {
			var m map[string]any
			if err := json.Unmarshal(e, &m); err != nil {
				return nil, err
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// OrdersOf lists a customer's orders: partition given, value unescaped.
func OrdersOf(customer string) ([]map[string]any, error) {
	return Filter("orders", "PartitionKey eq '"+customer+"'") // L: TL321
}

// OpenTickets scans the tickets table for a status.
func OpenTickets() ([]map[string]any, error) {
	return Filter("tickets", "Status eq 'open'") // L: TL301
}

// Recent lists one day's events of a device.
func Recent(device string, day int) ([]map[string]any, error) {
	return Filter("events", fmt.Sprintf("PartitionKey eq '%d' and Day eq %d", day, day)) // L: TL303
}

// Contains uses a function the Table service does not implement.
func Contains(name string) ([]map[string]any, error) {
	return Filter("people", "PartitionKey eq 'p' and substringof('x', Name)") // L: TL306
}
