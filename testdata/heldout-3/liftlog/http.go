package liftlog

import (
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// API exposes the service over HTTP.
type API struct {
	S      Service
	Tables *aztables.Client
}

// Get returns one set by the keys in the query string.
func (a *API) Get(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s, err := a.S.One(r.Context(), q.Get("pk"), q.Get("rk"))
	if err != nil {
		http.Error(w, "lookup failed", http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(s)
}

// Delete removes a set by the keys in the query string (added).
func (a *API) Delete(w http.ResponseWriter, r *http.Request) {
	pk, rk := r.URL.Query().Get("pk"), r.URL.Query().Get("rk")
	if _, err := a.Tables.DeleteEntity(r.Context(), pk, rk, nil); err != nil { // L: TL201 TL201
		http.Error(w, "delete failed", http.StatusInternalServerError)
	}
}
