// Package deploylog records deployment runs, one partition per environment.
package deploylog

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Run is one deployment.
type Run struct {
	Env, ID, Status string
}

// Repo reads and writes runs.
type Repo struct{ c *aztables.Client }

func quoteOData(s string) string { return strings.ReplaceAll(s, "'", "''") }

func drain(ctx context.Context, p interface {
	More() bool
}, next func(context.Context) ([][]byte, error)) ([][]byte, error) {
	var all [][]byte
	for p.More() {
		rows, err := next(ctx)
		if err != nil {
			return nil, err
		}
		all = append(all, rows...)
	}
	return all, nil
}

// ByID finds a run by id alone: there is no index, so every partition is read.
func (r *Repo) ByID(ctx context.Context, id string) ([]byte, error) {
	f := "ID eq '" + quoteOData(id) + "'" // S
	top := int32(1)
	pg := r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &top}) // L: TL301
	rows, err := drain(ctx, pg, func(ctx context.Context) ([][]byte, error) {
		resp, err := pg.NextPage(ctx)
		return resp.Entities, err
	})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return rows[0], nil
}

// ForEnv lists the runs of one environment, newest status filter optional.
func (r *Repo) ForEnv(ctx context.Context, env, status string) ([][]byte, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", quoteOData(env)) // S
	if status != "" {
		f += fmt.Sprintf(" and Status eq '%s'", quoteOData(status)) // S
	}
	pg := r.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	var out [][]byte
	for pg.More() {
		resp, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, resp.Entities...)
	}
	return out, nil
}

// Save writes a run keyed by environment and id.
func (r *Repo) Save(ctx context.Context, run Run) error {
	b, err := json.Marshal(map[string]any{
		"PartitionKey": run.Env, // S
		"RowKey":       run.ID,
		"Status":       run.Status,
	})
	if err != nil {
		return err
	}
	_, err = r.c.UpsertEntity(ctx, b, nil) // S
	return err
}
