package scrapelogc

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// latestHandler is GET /latest?label=…: the stored readings of one label.
func latestHandler(tc *aztables.Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		label := r.URL.Query().Get("label")
		filter := "PartitionKey eq 'readings' and Label eq '" + label + "'"              // L: TL321
		pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // L: TL303
		page, err := pager.NextPage(r.Context())                                         // L: TL307
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		rows := make([]map[string]any, 0, len(page.Entities))
		for _, raw := range page.Entities {
			var row map[string]any
			if err := json.Unmarshal(raw, &row); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			rows = append(rows, row)
		}
		_ = json.NewEncoder(w).Encode(rows)
	}
}

// todayHandler is GET /today: today's readings by their RowKey prefix,
// every page.
func todayHandler(tc *aztables.Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		from := now.Format("2006-01-02")
		to := now.AddDate(0, 0, 1).Format("2006-01-02")
		filter := fmt.Sprintf("PartitionKey eq 'readings' and RowKey ge '%s' and RowKey lt '%s'", from, to) // S
		pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})                    // S
		var rows []map[string]any
		for pager.More() {
			page, err := pager.NextPage(r.Context())
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			for _, raw := range page.Entities {
				var row map[string]any
				if err := json.Unmarshal(raw, &row); err != nil {
					http.Error(w, err.Error(), http.StatusInternalServerError)
					return
				}
				rows = append(rows, row)
			}
		}
		_ = json.NewEncoder(w).Encode(rows)
	}
}

// Routes wires the three endpoints.
func Routes(loginURL, pageURL string) (*http.ServeMux, error) {
	tc, err := readingsTable()
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/fetch-data", fetchHandler(loginURL, pageURL))
	mux.HandleFunc("/latest", latestHandler(tc))
	mux.HandleFunc("/today", todayHandler(tc))
	return mux, nil
}
