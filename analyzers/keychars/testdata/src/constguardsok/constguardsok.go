package constguardsok

import (
	"context"
	"net/http"
	"path"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type server struct{ c *aztables.Client }

// Silent: the twins of constguards. A guard that lets through only a
// constant leaves nothing unchecked, in the handler and in a helper.
func (s *server) reserved(w http.ResponseWriter, r *http.Request) {
	code := path.Base(r.URL.Path)
	if code != "api" && code != "home" {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	if r.Method == http.MethodDelete {
		_, _ = s.c.DeleteEntity(ctx, "links", code, nil)
		return
	}
	_ = s.fetch(ctx, code)
}

func (s *server) fetch(ctx context.Context, code string) error {
	_, err := s.c.GetEntity(ctx, "links", code, nil)
	return err
}

// Silent: a switch that keeps only its cases, a loop that skips all
// but one name, and a key used only where it equals the constant.
func (s *server) reservedSwitch(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	switch id {
	case "new", "edit":
	default:
		return
	}
	_, _ = s.c.GetEntity(r.Context(), "items", id, nil)
}

func (s *server) skipped(w http.ResponseWriter, r *http.Request) {
	for _, id := range r.URL.Query()["id"] {
		if id != "all" {
			continue
		}
		_, _ = s.c.DeleteEntity(r.Context(), "items", id, nil)
	}
}

func (s *server) inside(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	if id == "home" {
		_, _ = s.c.GetEntity(r.Context(), "items", id, nil)
		return
	}
	http.NotFound(w, r)
}

// isKnown is a test function: both sides return at once.
func isKnown(s string) bool {
	if s == "home" {
		return true
	}
	return false
}

func (s *server) known(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	if !isKnown(id) {
		return
	}
	_, _ = s.c.GetEntity(r.Context(), "items", id, nil)
}
