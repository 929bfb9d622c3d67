// Package activity records what a user did in a web app, one table per
// kind of event, and shows a user's history (shape of an event tracker
// with an HTTP handler and a per-table client cache).
package activity

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var (
	mu      sync.Mutex
	service *aztables.ServiceClient
	clients = map[string]*aztables.Client{}
)

func clientFor(table string) *aztables.Client {
	mu.Lock()
	defer mu.Unlock()
	if c, ok := clients[table]; ok {
		return c
	}
	c := service.NewClient(table)
	clients[table] = c
	return c
}

// Event is one recorded action.
type Event struct {
	aztables.Entity
	Kind   string `json:"Kind"`
	Detail string `json:"Detail"`
}

// Record stores the events posted by the browser.
func Record(w http.ResponseWriter, r *http.Request) {
	var in []Event
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	for _, e := range in {
		b, _ := json.Marshal(e)
		clientFor(r.URL.Query().Get("table")).UpsertEntity(r.Context(), b, nil) // S
	}
	w.WriteHeader(http.StatusNoContent)
}

// History lists a user's events from one table.
func History(ctx context.Context, userID, table string) ([]Event, error) {
	filter := "PartitionKey eq '" + userID + "'"                                                   // L: TL321
	pager := clientFor(table).NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // S
	var out []Event
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e Event
			if json.Unmarshal(raw, &e) == nil {
				out = append(out, e)
			}
		}
	}
	return out, nil
}
