package shortlinkc

import (
	"net/http"
	"os"
	"path"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Server answers GET /<code> with a redirect and POST /<code>?url=…&max=…
// with a new link.
type Server struct {
	Secret string
}

func (s *Server) tableClient() (*aztables.Client, error) {
	conn := os.Getenv("CUSTOMCONNSTR_StorageConnection")
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil) // S
	if err != nil {
		return nil, err
	}
	return svc.NewClient(linkTable), nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	client, err := s.tableClient()
	if err != nil {
		http.Error(w, "storage unavailable", http.StatusInternalServerError)
		return
	}
	code := path.Base(r.URL.Path)
	if code == "api" {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	switch r.Method {
	case http.MethodGet:
		l, err := fetchLink(ctx, client, code)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if l.Cap >= 0 && l.Visits >= l.Cap {
			http.NotFound(w, r)
			return
		}
		_ = countVisit(ctx, client, l)
		http.Redirect(w, r, l.Target, http.StatusPermanentRedirect)
	case http.MethodPost:
		if l, _ := fetchLink(ctx, client, code); l != nil {
			w.WriteHeader(http.StatusConflict)
			return
		}
		q := r.URL.Query()
		target := q.Get("url")
		limit, err := strconv.Atoi(q.Get("max"))
		if err != nil {
			limit = -1
		}
		if target == "" || s.Secret == "" || q.Get("password") != s.Secret {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if err := storeLink(ctx, client, code, target, int32(limit)); err != nil {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	case http.MethodDelete:
		if r.URL.Query().Get("password") != s.Secret || s.Secret == "" {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		if err := dropLink(ctx, client, code); err != nil {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}
