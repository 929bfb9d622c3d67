package funcstore

import (
	"io"
	"net/http"
)

// API is the HTTP trigger of the app.
type API struct {
	J *Jobs
}

// Post reads the whole body and submits it as a job's input.
func (a *API) Post(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read failed", http.StatusBadRequest)
		return
	}
	id, err := a.J.Submit(r.Context(), string(raw))
	if err != nil {
		http.Error(w, "submit failed", http.StatusInternalServerError)
		return
	}
	_, _ = io.WriteString(w, id)
}

// Get returns a job by the id in the path (added).
func (a *API) Get(w http.ResponseWriter, r *http.Request) {
	got, err := a.J.tc.GetEntity(r.Context(), jobPartition, r.PathValue("id"), nil) // L: TL201
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	_, _ = w.Write(got.Value)
}
