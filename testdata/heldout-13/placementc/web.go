package placementc

import (
	"fmt"
	"net/http"
	"strconv"
)

// Units serves /management/units: GET lists the models, PATCH
// ?model=…&units=… records a model's request.
func Units(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		if err := listModels(r.Context()); err != nil {
			http.Error(w, "listing failed", http.StatusInternalServerError)
		}
	case http.MethodPatch:
		name := r.URL.Query().Get("model")
		if len(name) == 0 {
			http.Error(w, "model required", http.StatusBadRequest)
			return
		}
		units, err := strconv.Atoi(r.URL.Query().Get("units"))
		if err != nil {
			http.Error(w, "units must be a number", http.StatusBadRequest)
			return
		}
		slot, err := SetUnits(r.Context(), name, units)
		if err != nil {
			http.Error(w, fmt.Sprintf("could not update %s", name), http.StatusInternalServerError)
			return
		}
		fmt.Fprintln(w, slot)
	default:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}
