// Package wificfg fetches the newest Wi-Fi configuration a device should
// use from a table that an admin tool appends to (shape of an IoT
// provisioning helper).
package wificfg

import (
	"context"
	"encoding/json"
	"sort"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Config is what the device applies.
type Config struct {
	SSID     string
	Password string
}

type row struct {
	aztables.Entity
	SSID      string    `json:"SSID"`
	Password  string    `json:"Password"`
	ValidFrom time.Time `json:"ValidFrom"`
}

// Latest reads the table and keeps the newest row already valid.
func Latest(ctx context.Context, connStr, table string) (*Config, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(connStr, nil) // S
	if err != nil {
		return nil, err
	}
	pager := svc.NewClient(table).NewListEntitiesPager(nil) // L: TL301
	var rows []row
	now := time.Now().UTC()
	for pager.More() {
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range resp.Entities {
			var r row
			if json.Unmarshal(raw, &r) == nil && !r.ValidFrom.After(now) {
				rows = append(rows, r)
			}
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ValidFrom.After(rows[j].ValidFrom) }) // L: TL312
	return &Config{SSID: rows[0].SSID, Password: rows[0].Password}, nil
}
