// Package lookup resolves a short code to its target through a table.
package lookup

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type row struct {
	Target string
}

// Resolve reads the mapping of code in tenant's partition.
func Resolve(ctx context.Context, c *aztables.Client, tenant, code string) (string, error) {
	q := fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'", tenant, code) // L: TL321 TL321
	pg := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q})   // S
	for pg.More() {
		page, err := pg.NextPage(ctx)
		if err != nil {
			return "", err
		}
		for _, e := range page.Entities {
			var r row
			if err := json.Unmarshal(e, &r); err != nil {
				continue
			}
			return r.Target, nil
		}
	}
	return "", fmt.Errorf("no mapping for %s", code)
}

// ResolvePoint is the same read as a point read: no filter to escape.
func ResolvePoint(ctx context.Context, c *aztables.Client, tenant, code string) (string, error) {
	resp, err := c.GetEntity(ctx, tenant, code, nil) // S
	if err != nil {
		return "", err
	}
	var r row
	err = json.Unmarshal(resp.Value, &r)
	return r.Target, err
}
