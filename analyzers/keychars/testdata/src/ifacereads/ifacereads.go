// Package ifacereads: point reads and deletes through an interface of
// the package that the aztables client satisfies are key sinks, as the
// client's own methods are.
package ifacereads

import (
	"context"
	"net/http"
	"net/url"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// table is the client as the handlers see it.
type table interface {
	GetEntity(ctx context.Context, partitionKey, rowKey string, options *aztables.GetEntityOptions) (aztables.GetEntityResponse, error)
	DeleteEntity(ctx context.Context, partitionKey, rowKey string, options *aztables.DeleteEntityOptions) (aztables.DeleteEntityResponse, error)
}

// lookup is an interface of the same method name, not the client's: its
// arguments are no keys.
type lookup interface {
	GetEntity(ctx context.Context, kind, name string) (string, error)
}

type api struct {
	t  table
	lk lookup
}

func (a *api) get(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	_, _ = a.t.GetEntity(r.Context(), "items", id, nil)    // want `TL201: RowKey comes from the request`
	_, _ = a.t.DeleteEntity(r.Context(), "items", id, nil) // want `TL201: RowKey comes from the request`
}

// Silent: the key is escaped; the other interface's method takes no key.
func (a *api) getEscaped(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	_, _ = a.t.GetEntity(r.Context(), "items", url.PathEscape(id), nil)
	_, _ = a.lk.GetEntity(r.Context(), "items", id)
}

var _ table = (*aztables.Client)(nil)
