package helperkeys

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// tally reads the counter row of a shelf.
func tally(ctx context.Context, tc *aztables.Client, shelfName string) error {
	_, err := tc.GetEntity(ctx,
		shelfName, // want `TL201: PartitionKey comes from the request \(r.PathValue, passed at line \d+\) unchecked`
		"tally", nil)
	return err
}

// mark writes the counter row of a shelf.
func mark(ctx context.Context, tc *aztables.Client, shelfName string) error {
	b, err := json.Marshal(map[string]any{
		"PartitionKey": shelfName, // want `TL201: PartitionKey comes from the request \(r.PathValue, passed at line \d+\) unchecked`
		"RowKey":       "tally",
	})
	if err != nil {
		return err
	}
	_, err = tc.UpsertEntity(ctx, b, nil)
	return err
}

// restock makes its argument a PartitionKey through two helpers, one
// reading and one writing: both are where the key is set.
func (s *shelf) restock(ctx context.Context, shelfName string) error {
	if err := tally(ctx, s.tc, shelfName); err != nil {
		return err
	}
	return mark(ctx, s.tc, shelfName)
}

// refill passes a path segment to restock unchecked.
func (s *shelf) refill(w http.ResponseWriter, r *http.Request) {
	_ = s.restock(r.Context(), r.PathValue("shelf"))
}

// Silent: the same segment checked against a pattern first.
func (s *shelf) refillChecked(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("shelf")
	if !codeRe.MatchString(name) {
		return
	}
	_ = s.restock(r.Context(), name)
}
