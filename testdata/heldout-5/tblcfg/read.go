package tblcfg

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Find (added) is a point read by both keys.
func (s *Store) Find(ctx context.Context, pk, rk string) (map[string]any, error) {
	resp, err := s.tc.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return nil, ErrNotFound
	}
	var m map[string]any
	err = json.Unmarshal(resp.Value, &m)
	return m, err
}

// Select (added) runs the caller's filter and returns the first page only.
func (s *Store) Select(ctx context.Context, filter string, top int32) ([]map[string]any, error) {
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Top: &top})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, 0, len(page.Entities))
	for _, raw := range page.Entities {
		var m map[string]any
		if json.Unmarshal(raw, &m) == nil {
			out = append(out, m)
		}
	}
	return out, nil
}

// Recent (added) reads a device's audit lines, stopping at a short page.
func (s *Store) Recent(ctx context.Context, device string, want int) ([]string, error) {
	const pageSize = 50
	f := "PartitionKey eq '" + device + "'" // L: TL321
	top := int32(pageSize)
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &top})
	var texts []string
	for pager.More() && len(texts) < want {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var m struct{ Text string }
			if json.Unmarshal(raw, &m) == nil {
				texts = append(texts, m.Text)
			}
		}
		if len(page.Entities) < pageSize { // L: TL308
			break
		}
	}
	return texts, nil
}

// All (added) reads every row of the table, following the continuation.
func (s *Store) All(ctx context.Context) (int, error) {
	pager := s.tc.NewListEntitiesPager(nil) // L: TL301
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Since (added) follows the continuation by hand, with the service's tokens.
func (s *Store) Since(ctx context.Context, device string) (int, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(device, "'", "''") + "'" // S
	opts := &aztables.ListEntitiesOptions{Filter: &f}
	n := 0
	for {
		pager := s.tc.NewListEntitiesPager(opts)
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
		if page.NextPartitionKey == nil {
			return n, nil
		}
		opts.NextPartitionKey, opts.NextRowKey = page.NextPartitionKey, page.NextRowKey
	}
}
