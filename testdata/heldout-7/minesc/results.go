package minesc

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// addResult stores one finished game from the query string.
func addResult(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	svc, err := tables()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	row := svc.GetTableReference(resultsTable).GetEntityReference(
		"1",
		time.Now().String(), // S
	)
	row.Properties = map[string]interface{}{
		"player":    q.Get("player"),
		"playTime":  q.Get("playtime"),
		"fieldSize": q.Get("fieldSize"),
		"mineCount": q.Get("mineCount"),
	}
	if err := row.Insert(metadata, nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// allResults answers the stored games as JSON.
func allResults(w http.ResponseWriter, r *http.Request) {
	svc, err := tables()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res, err := svc.GetTableReference(resultsTable).QueryEntities(30, metadata, nil) // L: TL301 TL307
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(res.Entities)
}

// allResultsPaged (added) answers every stored game, following the
// continuation links.
func allResultsPaged(w http.ResponseWriter, r *http.Request) {
	svc, err := tables()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	res, err := svc.GetTableReference(resultsTable).QueryEntities(30, metadata, nil) // L: TL301
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	games := append([]*storage.Entity(nil), res.Entities...)
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil { // S
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		games = append(games, res.Entities...)
	}
	_ = json.NewEncoder(w).Encode(games)
}
