package countclient

import (
	"encoding/json"
	"net/http"
)

// CountHandler answers /count?set=… for the dashboard.
func (c *Client) CountHandler(w http.ResponseWriter, r *http.Request) {
	set := r.URL.Query().Get("set")
	n, err := c.Today(r.Context(), set)
	if err != nil {
		http.Error(w, "count failed", http.StatusBadGateway)
		return
	}
	total, err := c.Count(r.Context(), set)
	if err != nil {
		http.Error(w, "count failed", http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]int64{"today": n, "total": total})
}
