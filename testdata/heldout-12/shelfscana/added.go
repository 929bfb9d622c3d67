package shelfscana

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// (added) Teaser shows the first twenty loaned books of one shelf; the
// shelf is escaped, but only one page is read.
func Teaser(ctx context.Context, wing *aztables.Client, shelf string) ([][]byte, error) {
	safe := strings.ReplaceAll(shelf, "'", "''")
	p := wing.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: to.Ptr("PartitionKey eq '" + safe + "' and OnLoan eq true"), // L: TL303
		Top:    to.Ptr(int32(20)),
	})
	pg, err := p.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	return pg.Entities, nil
}

// (added) ServeByAuthor finds books by the author named in the query
// string, over every shelf, pasting the name into the filter.
func ServeByAuthor(wing *aztables.Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		who := r.URL.Query().Get("author")
		cond := "Author eq '" + who + "'" // L: TL321
		p := wing.NewListEntitiesPager(&aztables.ListEntitiesOptions{
			Filter: &cond, // L: TL301
			Select: to.Ptr("RowKey,Title,Author"),
		})
		var found []map[string]any
		for p.More() {
			pg, err := p.NextPage(r.Context())
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			for _, raw := range pg.Entities {
				var m map[string]any
				if err := json.Unmarshal(raw, &m); err == nil {
					found = append(found, m)
				}
			}
		}
		_ = json.NewEncoder(w).Encode(found)
	}
}

// (added) ShelfCount counts a shelf's books 50 at a time and stops at the
// first page that is not full.
func ShelfCount(ctx context.Context, wing *aztables.Client, shelf string) (int, error) {
	f := "PartitionKey eq '" + strings.ReplaceAll(shelf, "'", "''") + "'" // S
	p := wing.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: to.Ptr("RowKey"), Top: to.Ptr(int32(50))})
	total := 0
	for p.More() {
		pg, err := p.NextPage(ctx)
		if err != nil {
			return total, err
		}
		total += len(pg.Entities)
		if len(pg.Entities) < 50 { // L: TL308
			break
		}
	}
	return total, nil
}
