// Package pagecount is a serverless page-view counter for a personal site:
// one HTTP handler reads the count, adds one and writes it back, and a few
// more keep per-page and per-day counts.
package pagecount

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	sitePart = "SiteViews"
	siteRow  = "total"
)

type views struct {
	aztables.Entity
	Count int32 `json:"count"`
}

func table() (*aztables.Client, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(os.Getenv("COUNTER_CONNECTION"), nil)
	if err != nil {
		return nil, err
	}
	return svc.NewClient(os.Getenv("COUNTER_TABLE")), nil
}

// Bump adds one to the site's total and returns it.
func Bump(w http.ResponseWriter, r *http.Request) {
	tc, err := table()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	v := views{Entity: aztables.Entity{PartitionKey: sitePart, RowKey: siteRow}}
	if resp, err := tc.GetEntity(r.Context(), sitePart, siteRow, nil); err == nil {
		_ = json.Unmarshal(resp.Value, &v)
	}
	v.Count++
	b, _ := json.Marshal(v)
	if _, err := tc.UpsertEntity(r.Context(), b, nil); err != nil { // L: TL414
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]int32{"count": v.Count})
}

// BumpPage (added) counts one page, named by its path in the query string.
func BumpPage(w http.ResponseWriter, r *http.Request) {
	tc, err := table()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	resp, err := tc.GetEntity(r.Context(), "pages",
		r.URL.Query().Get("page"), // L: TL201
		nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	var v views
	_ = json.Unmarshal(resp.Value, &v)
	v.Count++
	b, _ := json.Marshal(v)
	_, err = tc.UpdateEntity(r.Context(), b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // S
	if err != nil {
		http.Error(w, "changed meanwhile, retry", http.StatusConflict)
	}
}

func pageKey(path string) string {
	sum := sha1.Sum([]byte(path))
	return hex.EncodeToString(sum[:])
}

// StartPage (added) is the twin: the path is hashed into the key.
func StartPage(ctx context.Context, tc *aztables.Client, path string) error {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": "pages",
		"RowKey":       pageKey(path), // S
		"Path":         path,
		"count":        int32(0),
	})
	_, err := tc.AddEntity(ctx, b, nil)
	return err
}

// Daily (added) adds the day's row, keyed by today's date.
func Daily(ctx context.Context, tc *aztables.Client, count int32) error {
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": time.Now().UTC().Format("2006-01-02"), // L: TL209
		"RowKey":       "views",
		"count":        count,
		"ClosedNs":     time.Now().UnixNano(), // L: TL125
	})
	_, err := tc.AddEntity(ctx, b, nil)
	return err
}
