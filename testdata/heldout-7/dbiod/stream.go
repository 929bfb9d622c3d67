package dbiod

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ReadSpec is what a replication asks of a source stream.
type ReadSpec struct {
	Filter     string // the user's own OData filter, as written
	UpdateKey  string // column for incremental loads
	LastValue  string // the largest UpdateKey value already loaded
	StartValue string // backfill range
	EndValue   string
	Fields     []string
	Limit      int
}

// Stream returns a pull function that yields one row at a time, fetching
// pages as it goes.
func (c *Connector) Stream(ctx context.Context, table string, spec ReadSpec) func() (map[string]any, bool, error) {
	opts := &aztables.ListEntitiesOptions{}
	if spec.Filter != "" {
		f := spec.Filter
		opts.Filter = &f
	}
	if spec.UpdateKey != "" {
		if spec.LastValue != "" {
			f := fmt.Sprintf("%s gt '%s'", spec.UpdateKey, spec.LastValue) // L: TL321
			opts.Filter = &f
		} else if spec.StartValue != "" && spec.EndValue != "" {
			f := fmt.Sprintf("%s ge '%s' and %s le '%s'",
				spec.UpdateKey, spec.StartValue, // L: TL321
				spec.UpdateKey, spec.EndValue) // L: TL321
			opts.Filter = &f
		}
	}
	if len(spec.Fields) > 0 {
		sel := strings.Join(spec.Fields, ",")
		opts.Select = &sel
	}
	top := int32(1000)
	if spec.Limit > 0 && spec.Limit < 1000 {
		top = int32(spec.Limit)
	}
	opts.Top = &top
	pager := c.client.NewClient(tableName(table)).NewListEntitiesPager(opts) // L: TL301

	var buf [][]byte
	next, served := 0, 0
	var pull func() (map[string]any, bool, error)
	pull = func() (map[string]any, bool, error) {
		if spec.Limit > 0 && served >= spec.Limit {
			return nil, false, nil
		}
		if next < len(buf) {
			var row map[string]any
			if err := json.Unmarshal(buf[next], &row); err != nil {
				return nil, false, err
			}
			next++
			served++
			return row, true, nil
		}
		if !pager.More() {
			return nil, false, nil
		}
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, false, err
		}
		if len(page.Entities) == 0 { // S
			return pull()
		}
		buf, next = page.Entities, 0
		return pull()
	}
	return pull
}

// StreamSince is the incremental read's twin with the value escaped. (added)
func (c *Connector) StreamSince(ctx context.Context, table, key, last string) func() (map[string]any, bool, error) {
	f := fmt.Sprintf("%s gt '%s'", key, strings.ReplaceAll(last, "'", "''")) // S
	return c.Stream(ctx, table, ReadSpec{Filter: f})
}
