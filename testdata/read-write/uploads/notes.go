// Package uploads saves notes posted over HTTP (shape of a paste service
// that stores the body as a property).
package uploads

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Note is a stored paste.
type Note struct {
	aztables.Entity
	Body string `json:"Body"`
}

// Service handles the paste endpoints.
type Service struct {
	table *aztables.Client
}

// Create stores the request body as it came.
func (s *Service) Create(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	n := Note{Entity: aztables.Entity{PartitionKey: "notes", RowKey: r.URL.Query().Get("id")}, Body: string(body)} // L: TL122 TL201
	b, _ := json.Marshal(n)
	if _, err := s.table.AddEntity(r.Context(), b, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// CreateLimited reads at most 32 KiB of the body.
func (s *Service) CreateLimited(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 32<<10))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	n := Note{Entity: aztables.Entity{PartitionKey: "notes", RowKey: r.URL.Query().Get("id")}, Body: string(body)} // L: TL201
	b, _ := json.Marshal(n)
	if _, err := s.table.AddEntity(r.Context(), b, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
