// Package layers runs each query in one place, reached through a
// repository wrapper and an HTTP handler: the design has one query per
// place, with its callers; point reads are point queries.
package layers

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Order struct {
	PartitionKey string
	RowKey       string
	Status       string
	Customer     string
}

type store struct{ c *aztables.Client }

func newStore(svc *aztables.ServiceClient) *store {
	return &store{c: svc.NewClient("Orders")}
}

// ListByStatus runs the query.
func (s *store) ListByStatus(ctx context.Context, status string) *runtime.Pager[aztables.ListEntitiesResponse] {
	f := "Status eq '" + status + "'"
	return s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
}

// Get is the main access path: a point read.
func (s *store) Get(ctx context.Context, customer, id string) error {
	_, err := s.c.GetEntity(ctx, customer, id, nil)
	return err
}

type repo struct{ s *store }

// List wraps ListByStatus.
func (r *repo) List(ctx context.Context, status string) *runtime.Pager[aztables.ListEntitiesResponse] {
	return r.s.ListByStatus(ctx, status)
}

type handler struct{ r *repo }

// ServeHTTP calls the wrapper.
func (h *handler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	p := h.r.List(req.Context(), "open")
	for p.More() {
		if _, err := p.NextPage(req.Context()); err != nil {
			return
		}
	}
}

// Closed calls the repository method itself.
func (h *handler) Closed(req *http.Request) *runtime.Pager[aztables.ListEntitiesResponse] {
	return h.r.s.ListByStatus(req.Context(), "closed")
}

func (s *store) save(ctx context.Context, o Order) {
	s.c.AddEntity(ctx, mustJSON(o), nil)
}

func mustJSON(v any) []byte { return nil }
