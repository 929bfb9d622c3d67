// Package settings manages per-tenant settings rows and the table that
// holds them (shape of an admin CLI).
package settings

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Recreate empties the settings table by dropping and creating it.
func Recreate(ctx context.Context, svc *aztables.ServiceClient) error {
	if _, err := svc.DeleteTable(ctx, "settings", nil); err != nil {
		return err
	}
	_, err := svc.CreateTable(ctx, "settings", nil) // L: TL104
	return err
}

// Touch marks a tenant's settings as reviewed, fire and forget.
func Touch(ctx context.Context, c *aztables.Client, tenant string) {
	b, _ := json.Marshal(map[string]any{"PartitionKey": tenant, "RowKey": "settings", "Reviewed": true})
	_, _ = c.UpdateEntity(ctx, b, nil) // L: TL412
}

// Save upserts a tenant's settings and reports the error.
func Save(ctx context.Context, c *aztables.Client, tenant string, values map[string]any) error {
	values["PartitionKey"], values["RowKey"] = tenant, "settings"
	b, err := json.Marshal(values)
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, nil) // S
	return err
}
