package profilesb

import (
	"encoding/json"
	"net/http"
	"regexp"
)

// Handler serves profiles over HTTP (added).
type Handler struct {
	store *Store
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// Open reads or creates the profile named by checked query values.
func (h *Handler) Open(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	tenant, user := q.Get("tenant"), q.Get("user")
	if !idPattern.MatchString(tenant) || !idPattern.MatchString(user) {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	p, err := h.store.GetOrCreate(r.Context(), tenant, user, q.Get("email"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(p)
}

// Visit counts a visit; the tenant is checked, the user id only for being
// there.
func (h *Handler) Visit(w http.ResponseWriter, r *http.Request) {
	tenant := r.URL.Query().Get("tenant")
	user := r.URL.Query().Get("user")
	if !idPattern.MatchString(tenant) || user == "" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	err := h.store.CountVisit(r.Context(), tenant, user)
	switch {
	case err == ErrChanged:
		http.Error(w, "try again", http.StatusConflict)
	case err != nil:
		http.Error(w, err.Error(), http.StatusBadGateway)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// Delete removes the profile named by checked path values.
func (h *Handler) Delete(w http.ResponseWriter, r *http.Request) {
	tenant, user := r.PathValue("tenant"), r.PathValue("user")
	if !idPattern.MatchString(tenant) || !idPattern.MatchString(user) {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if err := h.store.Forget(r.Context(), tenant, user); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
