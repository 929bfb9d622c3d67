package helperkeys

import (
	"net/http"
	"regexp"
)

var codeRe = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// Silent: both keys checked against a pattern before the helpers get
// them.
func (s *shelf) showChecked(w http.ResponseWriter, r *http.Request) {
	code, name := r.URL.Query().Get("code"), r.URL.Query().Get("shelf")
	if !codeRe.MatchString(code) || !codeRe.MatchString(name) {
		http.Error(w, "bad code or shelf", http.StatusBadRequest)
		return
	}
	_, _ = s.lookup(r.Context(), code, name)
	_ = discard(r.Context(), s.tc, name, code)
}
