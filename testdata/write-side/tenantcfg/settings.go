// Package tenantcfg reads and writes tenant settings and mints SAS tokens
// for tenant exports.
package tenantcfg

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Settings is a tenant's settings row.
type Settings struct {
	PartitionKey string
	RowKey       string
	Theme        string
	Locale       string
}

// Load reads a tenant's settings; the key holds a '#', which keys cannot.
func Load(ctx context.Context, c *aztables.Client, tenant string) (Settings, error) {
	var s Settings
	resp, err := c.GetEntity(ctx, "tenant#"+tenant, "settings", nil) // L: TL201
	if err != nil {
		return s, err
	}
	err = json.Unmarshal(resp.Value, &s)
	return s, err
}

// SaveTheme merges the theme only: other settings are kept.
func SaveTheme(ctx context.Context, c *aztables.Client, tenant, theme string) error {
	b, err := json.Marshal(map[string]any{"PartitionKey": "tenant_" + tenant, "RowKey": "settings", "Theme": theme}) // S
	if err != nil {
		return err
	}
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // S
	return err
}

// ExportToken signs a SAS for the tenant's export table: every
// permission, for thirty days.
func ExportToken(cred *aztables.SharedKeyCredential, table string) (string, error) {
	now := time.Now().UTC()
	v := aztables.SASSignatureValues{ // L: TL602
		Protocol:    aztables.SASProtocolHTTPS,
		StartTime:   now,
		ExpiryTime:  now.AddDate(0, 0, 30), // L: TL602
		Permissions: "raud",
		TableName:   table,
	}
	return v.Sign(cred)
}

// ViewToken signs a read-only SAS on one tenant's partition for an hour.
func ViewToken(cred *aztables.SharedKeyCredential, table, tenant string) (string, error) {
	now := time.Now().UTC()
	v := aztables.SASSignatureValues{
		Protocol:          aztables.SASProtocolHTTPS,
		StartTime:         now,
		ExpiryTime:        now.Add(time.Hour),
		Permissions:       "r",
		TableName:         table,
		StartPartitionKey: "tenant_" + tenant,
		EndPartitionKey:   "tenant_" + tenant,
	}
	return v.Sign(cred) // S
}
