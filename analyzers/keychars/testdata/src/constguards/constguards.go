package constguards

import (
	"context"
	"net/http"
	"path"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type server struct{ c *aztables.Client }

// A guard that turns one name away lets every other value through: the
// key is still unchecked, in the handler and in a helper it calls.
func (s *server) reserved(w http.ResponseWriter, r *http.Request) {
	code := path.Base(r.URL.Path)
	if code == "api" {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	if r.Method == http.MethodDelete {
		_, _ = s.c.DeleteEntity(ctx, "links", code, nil) // want `TL201: RowKey comes from the request \(r.URL.Path\) unchecked`
		return
	}
	_ = s.fetch(ctx, code)
}

func (s *server) fetch(ctx context.Context, code string) error {
	_, err := s.c.GetEntity(ctx, "links", code, nil) // want `TL201: RowKey comes from the request \(r.URL.Path, passed at line \d+\) unchecked`
	return err
}

// A switch whose cases return turns names away the same way, and so
// does a loop that skips one name.
func (s *server) reservedSwitch(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	switch id {
	case "new", "edit":
		return
	}
	_, _ = s.c.GetEntity(r.Context(), "items", id, nil) // want `TL201: RowKey comes from the request \(r.PathValue\) unchecked`
}

func (s *server) skipped(w http.ResponseWriter, r *http.Request) {
	for _, id := range r.URL.Query()["id"] {
		if id == "all" {
			continue
		}
		_, _ = s.c.DeleteEntity(r.Context(), "items", id, nil) // want `TL201: RowKey comes from the request`
	}
}
