package duckpointsc

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Leaderboard serves GET /guild/{guild}/{kind}: the server id from the
// path is checked to be all digits before it is used.
func Leaderboard(w http.ResponseWriter, r *http.Request) {
	server := r.PathValue("guild")
	users := r.PathValue("kind") == "members"
	if !numericID(server) {
		http.NotFound(w, r)
		return
	}
	public, err := IsPublic(server) // S
	if err != nil || !public {
		http.NotFound(w, r)
		return
	}
	list, err := Board(server, users) // S
	if err != nil {
		http.Error(w, "cannot load leaderboard", http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(list)
}

// (added) Export serves GET /export?guild=…: the first page of a server's
// rows, with the id taken from the query string as it is.
func Export(w http.ResponseWriter, r *http.Request) {
	server := r.URL.Query().Get("guild")
	tbl, err := pointsTable()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	opts := &storage.QueryOptions{
		Filter: fmt.Sprintf("PartitionKey eq '%s' and isUser eq false", server), // L: TL303 TL321
	}
	res, err := tbl.QueryEntities(30, storage.MinimalMetadata, opts) // L: TL307
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	out := make([]Entry, 0, len(res.Entities))
	for _, e := range res.Entities {
		p, _ := asFloat(e.Properties["Points"])
		out = append(out, Entry{Name: e.RowKey, Points: p})
	}
	_ = json.NewEncoder(w).Encode(out)
}
