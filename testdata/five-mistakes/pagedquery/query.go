// Package pagedquery keeps generic documents in one table and serves
// "page N of a query" to its HTTP layer.
package pagedquery

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Result is one document.
type Result struct {
	Pk, Key string
	Data    map[string]any
}

// Documents is the table.
type Documents struct{ Client *aztables.Client }

// Query runs any filter and returns the requested page (1-based).
func (d *Documents) Query(ctx context.Context, filter string, size int32, page int) ([]Result, error) {
	opts := &aztables.ListEntitiesOptions{Filter: &filter, Top: &size}
	p := d.Client.NewListEntitiesPager(opts)
	n := 0
	for p.More() {
		n++
		resp, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		if n != page {
			continue
		}
		var out []Result
		for _, raw := range resp.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return nil, err
			}
			out = append(out, Result{Pk: e.PartitionKey, Key: e.RowKey, Data: e.Properties})
		}
		return out, nil
	}
	return nil, errors.New("page not found")
}

func quote(s string) string { return strings.ReplaceAll(s, "'", "''") }

// ByOwner lists an owner's documents: the owner is the partition.
func (d *Documents) ByOwner(ctx context.Context, owner string, page int) ([]Result, error) {
	return d.Query(ctx, "PartitionKey eq '"+quote(owner)+"'", 100, page) // S
}

// ByTag looks for documents carrying a tag, in every partition.
func (d *Documents) ByTag(ctx context.Context, tag string, page int) ([]Result, error) {
	return d.Query(ctx, "Tag eq '"+tag+"'", 100, page) // L: TL301 TL321
}
