package statekeyb

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Save is POST /v1.0/state with a JSON array of items, as in the thread's
// curl example; each item is written on its own.
func (s *Store) Save(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var items []Item
	if err := json.Unmarshal(body, &items); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	for _, it := range items {
		if err := s.save(r.Context(), it); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// Get is GET /v1.0/state/{key}?metadata.partitionKey=…, the proposal's
// metadata on a read.
func (s *Store) Get(w http.ResponseWriter, r *http.Request) {
	pk := r.URL.Query().Get("metadata.partitionKey")
	if pk == "" {
		pk = s.app
	}
	resp, err := s.c.GetEntity(r.Context(), pk, r.PathValue("key"), nil) // L: TL201
	if isStatus(err, http.StatusNotFound) {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var e row
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("ETag", string(resp.ETag))
	_, _ = io.WriteString(w, e.Value)
}

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,256}$`)

// Delete is DELETE /v1.0/state/{key}?metadata.partitionKey=… with an
// optional If-Match header; both keys are checked.
func (s *Store) Delete(w http.ResponseWriter, r *http.Request) {
	pk, key := s.partition(map[string]string{"partitionKey": r.URL.Query().Get("metadata.partitionKey")}), r.PathValue("key")
	if !keyPattern.MatchString(pk) || !keyPattern.MatchString(key) {
		http.Error(w, "bad key", http.StatusBadRequest)
		return
	}
	var opts *aztables.DeleteEntityOptions
	if m := r.Header.Get("If-Match"); m != "" {
		tag := azcore.ETag(m)
		opts = &aztables.DeleteEntityOptions{IfMatch: &tag}
	}
	_, err := s.c.DeleteEntity(r.Context(), pk, key, opts) // S
	if err != nil && !isStatus(err, http.StatusNotFound) {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Keys lists the keys of one partition (added): the partition named in the
// query string is escaped, every page is read.
func (s *Store) Keys(w http.ResponseWriter, r *http.Request) {
	pk := s.partition(map[string]string{"partitionKey": r.URL.Query().Get("metadata.partitionKey")})
	f := "PartitionKey eq '" + strings.ReplaceAll(pk, "'", "''") + "'" // S
	sel := "RowKey"
	pager := s.c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel}) // S
	var keys []string
	for pager.More() {
		page, err := pager.NextPage(r.Context()) // S
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		for _, raw := range page.Entities {
			var e aztables.Entity
			if err := json.Unmarshal(raw, &e); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			keys = append(keys, e.RowKey)
		}
	}
	_ = json.NewEncoder(w).Encode(keys)
}
