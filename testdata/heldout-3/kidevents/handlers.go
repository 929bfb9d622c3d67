package kidevents

import (
	"encoding/json"
	"net/http"
)

// Handlers serves the calendar API.
type Handlers struct {
	Events Store
	Table  *TableStore
}

// Create decodes an event from the body and saves it (added: the guests
// list comes from the request).
func (h *Handlers) Create(w http.ResponseWriter, r *http.Request) {
	var g Gathering
	if err := json.NewDecoder(r.Body).Decode(&g); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if err := h.Events.Save(r.Context(), g); err != nil {
		http.Error(w, "save failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Remove deletes an event by the id in the path (added).
func (h *Handlers) Remove(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Table.tc.DeleteEntity(r.Context(), calendarPartition, r.PathValue("id"), nil); err != nil { // L: TL201
		http.Error(w, "delete failed", http.StatusInternalServerError)
	}
}

// RemoveHost drops a host's events (added: the host id from the form).
func (h *Handlers) RemoveHost(w http.ResponseWriter, r *http.Request) {
	if err := h.Events.DropHost(r.Context(), r.FormValue("host")); err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
	}
}
