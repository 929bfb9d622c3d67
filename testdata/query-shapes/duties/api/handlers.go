// Package api: HTTP handlers over the duty repository.
package api

import (
	"net/http"

	"example.com/query-shapes/duties/repo"
)

type API struct{ duties *repo.Duties }

func (a *API) open(w http.ResponseWriter, r *http.Request) {
	a.duties.All(r.Context(), "Status eq 'open'")
}

func (a *API) team(w http.ResponseWriter, r *http.Request) {
	team := r.URL.Query().Get("team")
	a.duties.All(r.Context(), "PartitionKey eq '"+team+"'")
}

func (a *API) today(w http.ResponseWriter, r *http.Request) {
	a.duties.All(r.Context(), "PartitionKey eq 'rota' and RowKey ge '2024-01-01'")
}
