// Package tablestore is a thin storage layer whose Query runs whatever
// filter it is given and returns one numbered page (shape of an API that
// exposes page numbers to its callers).
package tablestore

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Row is a decoded entity.
type Row map[string]any

// Storage holds one table client.
type Storage struct {
	Client *aztables.Client
}

// Query skips to the page-th page of at most max entities.
func (s *Storage) Query(ctx context.Context, filter string, max int32, page int) ([]Row, error) {
	opts := &aztables.ListEntitiesOptions{Filter: &filter, Top: &max}
	pager := s.Client.NewListEntitiesPager(opts)
	n := 0
	for pager.More() {
		n++
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		if n == page {
			out := make([]Row, 0, len(resp.Entities))
			for _, raw := range resp.Entities {
				var r Row
				if err := json.Unmarshal(raw, &r); err != nil {
					return nil, err
				}
				out = append(out, r)
			}
			return out, nil
		}
	}
	return nil, nil
}
