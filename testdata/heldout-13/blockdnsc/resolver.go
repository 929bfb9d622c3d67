package blockdnsc

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
)

// (added) The resolver's two endpoints around the list.

// hostName accepts dotted labels of letters, digits and dashes only.
var hostName = regexp.MustCompile(`^[a-z0-9-]+(\.[a-z0-9-]+)+$`)

type answer struct {
	Name    string `json:"name"`
	Blocked bool   `json:"blocked"`
}

// lookup answers /resolve?name=…: the name is checked by the pattern first.
func (d *denyList) lookup(w http.ResponseWriter, r *http.Request) {
	name := strings.ToLower(r.URL.Query().Get("name"))
	if !hostName.MatchString(name) {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	res := answer{Name: name, Blocked: d.isBlocked(r.Context(), name)} // S
	_ = json.NewEncoder(w).Encode(res)
}

// report lets a client add a host to the list (POST form field "host"); only
// an empty value is turned away.
func (d *denyList) report(w http.ResponseWriter, r *http.Request) {
	host := r.FormValue("host")
	if host == "" {
		http.Error(w, "host required", http.StatusBadRequest)
		return
	}
	if err := d.block(r.Context(), host); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Routes wires both endpoints.
func Routes(mux *http.ServeMux) error {
	d, err := openFromEnv()
	if err != nil {
		return err
	}
	mux.HandleFunc("/resolve", d.lookup)
	mux.HandleFunc("/report", d.report)
	return nil
}
