// Package stacks stores deployment templates in a single "global"
// partition and reads them through a collecting helper (shape of a
// platform back end whose repositories share one paging function).
package stacks

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Template is one stack template.
type Template struct {
	aztables.Entity
	Name    string `json:"Name"`
	Chart   string `json:"Chart"`
	Version string `json:"Version"`
	Order   int32  `json:"Order"`
}

// Repo reads and writes templates.
type Repo struct {
	client *aztables.Client
}

func gather(ctx context.Context, p *runtime.Pager[aztables.ListEntitiesResponse], keep func([]byte) bool) ([][]byte, error) {
	var out [][]byte
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, e := range page.Entities {
			if keep == nil || keep(e) {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// All lists every template of the global partition.
func (r *Repo) All(ctx context.Context) ([]Template, error) {
	f := "PartitionKey eq 'global'"
	rows, err := gather(ctx, r.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}), nil) // S
	if err != nil {
		return nil, err
	}
	out := make([]Template, 0, len(rows))
	for _, raw := range rows {
		var t Template
		if err := json.Unmarshal(raw, &t); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// ByChart finds the templates of one chart, escaping the chart name.
func (r *Repo) ByChart(ctx context.Context, chart string) ([][]byte, error) {
	f := "PartitionKey eq 'global' and Chart eq '" + strings.ReplaceAll(chart, "'", "''") + "'"
	return gather(ctx, r.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}), nil) // L: TL303
}

// Save writes a template; the id comes from uuid generation upstream.
func (r *Repo) Save(ctx context.Context, t Template) error {
	t.PartitionKey = "global" // S
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	_, err = r.client.UpsertEntity(ctx, b, nil) // S
	return err
}

// Remove deletes one template.
func (r *Repo) Remove(ctx context.Context, id string) error {
	_, err := r.client.DeleteEntity(ctx, "global", id, nil) // S
	return err
}
