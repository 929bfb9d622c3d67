package rosterd

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Rename moves one person's attributes to a corrected first name (added):
// both names come from the query string.
func (s *Server) Rename(w http.ResponseWriter, r *http.Request) {
	out := &Outcome{}
	defer answer(w, out)
	last := r.URL.Query().Get("last")
	from, to := r.URL.Query().Get("from"), r.URL.Query().Get("to")
	if last == "" || from == "" || to == "" {
		out.Message = "last, from and to are required"
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.move(r.Context(), last, from, to); err != nil {
		out.Message = err.Error()
		return
	}
	out.OK = true
}

func (s *Server) move(ctx context.Context, last, from, to string) error {
	got, err := s.people.GetEntity(ctx,
		last, // L: TL201
		from, // L: TL201
		nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &e); err != nil {
		return err
	}
	old, err := json.Marshal(aztables.Entity{PartitionKey: e.PartitionKey, RowKey: e.RowKey}) // S
	if err != nil {
		return err
	}
	e.RowKey = to // L: TL201
	moved, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = s.people.SubmitTransaction(ctx, []aztables.TransactionAction{ // S
		{ActionType: aztables.TransactionTypeAdd, Entity: moved},
		{ActionType: aztables.TransactionTypeDelete, Entity: old, IfMatch: &got.ETag},
	}, nil)
	return err
}
