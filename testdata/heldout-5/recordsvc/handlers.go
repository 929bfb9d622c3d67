package recordsvc

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Job is the record the API serves.
type Job struct {
	Title  string `json:"title"`
	Status string `json:"status"`
	Owner  string `json:"owner"`
}

// API wires the job service to HTTP routes.
type API struct {
	jobs *Service[Job]
}

type createBody struct {
	ID  *string `json:"id"`
	Job Job     `json:"job"`
}

// Create (added) takes an optional id from the body.
func (a *API) Create(w http.ResponseWriter, r *http.Request) {
	var body createBody
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id, err := a.jobs.Create(r.Context(), body.Job, body.ID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]string{"id": id})
}

// Show reads the job named in the path.
func (a *API) Show(w http.ResponseWriter, r *http.Request) {
	job, err := a.jobs.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	_ = json.NewEncoder(w).Encode(job)
}

// Update patches the job named in the path with the body's fields.
func (a *API) Update(w http.ResponseWriter, r *http.Request) {
	var fields map[string]any
	if err := json.NewDecoder(r.Body).Decode(&fields); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	job, err := a.jobs.Patch(r.Context(), r.PathValue("id"), fields)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(job)
}

// Delete removes the job named in the path.
func (a *API) Delete(w http.ResponseWriter, r *http.Request) {
	if err := a.jobs.Remove(r.Context(), r.PathValue("id")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Peek (added) parses the path id as a UUID before it becomes a key.
func (a *API) Peek(w http.ResponseWriter, r *http.Request) {
	u, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		http.Error(w, "id must be a UUID", http.StatusBadRequest)
		return
	}
	resp, err := a.jobs.client.GetEntity(r.Context(), a.jobs.partition, u.String(), nil) // S
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	_, _ = w.Write(resp.Value)
}

// ByStatus (added) lists the partition's jobs in one status, from the query string.
func (a *API) ByStatus(w http.ResponseWriter, r *http.Request) {
	f := "PartitionKey eq '" + strings.ReplaceAll(a.jobs.partition, "'", "''") + "'" + // S
		" and Status eq '" + r.URL.Query().Get("status") + "'" // L: TL321
	pager := a.jobs.client.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	var out []json.RawMessage
	for pager.More() {
		page, err := pager.NextPage(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		for _, raw := range page.Entities {
			out = append(out, raw)
		}
	}
	_ = json.NewEncoder(w).Encode(out)
}
