// Package eventsvca keeps the events (and the people who host them) of a
// small booking service in Azure Tables, one table per model, behind an
// HTTP API.
package eventsvca

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// tableFor holds one client per model table, filled once at start-up.
var tableFor map[string]*aztables.Client

// models are the tables the service needs.
var models = []string{"events", "persons"}

// Connect makes sure every model table exists and keeps a client for it.
func Connect(ctx context.Context, connStr string) error {
	tableFor = make(map[string]*aztables.Client, len(models))
	for _, name := range models {
		if err := ensureTable(ctx, connStr, name); err != nil {
			return err
		}
	}
	return nil
}

func ensureTable(ctx context.Context, connStr, name string) error {
	svc, err := aztables.NewServiceClientFromConnectionString(connStr, nil)
	if err != nil {
		return fmt.Errorf("table service: %w", err)
	}
	if _, err := svc.CreateTable(ctx, name, nil); err != nil && !exists(err) {
		return fmt.Errorf("create %s: %w", name, err)
	}
	tableFor[name] = svc.NewClient(name)
	return nil
}

// exists tells a 409 from CreateTable (the table is there already) from
// real failures.
func exists(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusConflict
}

// rowsMatching runs whatever filter its caller built over one model table
// and decodes every row of every page into a generic map.
func rowsMatching(ctx context.Context, model, filter string) ([]map[string]any, error) {
	c, ok := tableFor[model]
	if !ok {
		return nil, fmt.Errorf("no client for table %q", model)
	}
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // S
	var out []map[string]any
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			out = append(out, row)
		}
	}
	return out, nil
}
