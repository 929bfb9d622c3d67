package itemsc

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Limits of the service: type names of 3 to 20 characters, pages of 10 by
// default and 100 at most.
const (
	minTypeLen  = 3
	maxTypeLen  = 20
	defaultPage = 10
	largestPage = 100
)

// Service answers the item routes.
type Service struct {
	store *tableStore
}

type createRequest struct {
	Type   string          `json:"type"`
	Data   json.RawMessage `json:"data"`
	Expire *string         `json:"expire"`
}

func typeLenOK(t string) bool { return len(t) >= minTypeLen && len(t) <= maxTypeLen }

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// create stores an item; its data is kept as JSON text.
func (s *Service) create(w http.ResponseWriter, r *http.Request) {
	var in createRequest
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Data == nil {
		http.Error(w, "data not set", http.StatusBadRequest)
		return
	}
	if !typeLenOK(in.Type) {
		http.Error(w, "type length", http.StatusBadRequest)
		return
	}
	expire := ""
	if in.Expire != nil {
		if _, err := time.Parse(time.RFC3339, *in.Expire); err != nil {
			http.Error(w, "expire invalid", http.StatusBadRequest)
			return
		}
		expire = *in.Expire
	}
	raw, err := json.Marshal(in.Data)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rec, err := s.store.add(r.Context(), in.Type, map[string]string{
		"Type":   in.Type,
		"Data":   string(raw), // L: TL122
		"Expire": expire,
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, rec)
}

// get answers one item by the id and type in the query string.
func (s *Service) get(w http.ResponseWriter, r *http.Request) {
	id, typ := r.URL.Query().Get("id"), r.URL.Query().Get("type")
	if id == "" || !typeLenOK(typ) {
		http.Error(w, "id or type missing", http.StatusBadRequest)
		return
	}
	rec, _, err := s.store.get(r.Context(), id, typ)
	if err == errNotFound {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, rec)
}

// pageArgs reads max and page, bounding max to the largest page.
func pageArgs(r *http.Request) (int32, int) {
	max, page := int32(defaultPage), 1
	if v, err := strconv.Atoi(r.URL.Query().Get("max")); err == nil && v > 0 {
		max = int32(min(v, largestPage))
	}
	if v, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && v > 1 {
		page = v
	}
	return max, page
}

// list answers a page of items, of one type when the query names one.
func (s *Service) list(w http.ResponseWriter, r *http.Request) {
	filter := ""
	if typ := r.URL.Query().Get("type"); typ != "" {
		if !typeLenOK(typ) {
			http.Error(w, "type length", http.StatusBadRequest)
			return
		}
		filter = "PartitionKey eq '" + typ + "'" // L: TL321
	}
	max, page := pageArgs(r)
	recs, err := s.store.query(r.Context(), filter, max, page) // L: TL301
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	writeJSON(w, recs)
}

// createSmall (added) is create with the body limited to 32 KiB first.
func (s *Service) createSmall(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 32<<10)
	var in createRequest
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Data == nil {
		http.Error(w, "data not set or too large", http.StatusBadRequest)
		return
	}
	if !typeLenOK(in.Type) {
		http.Error(w, "type length", http.StatusBadRequest)
		return
	}
	raw, err := json.Marshal(in.Data)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rec, err := s.store.add(r.Context(), in.Type, map[string]string{
		"Type": in.Type,
		"Data": string(raw), // S
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, rec)
}

// createExpiring (added) keeps the expiry as a DateTime property, and a
// zero time when the request gives none.
func (s *Service) createExpiring(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 32<<10)
	var in createRequest
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Data == nil {
		http.Error(w, "data not set or too large", http.StatusBadRequest)
		return
	}
	if !typeLenOK(in.Type) {
		http.Error(w, "type length", http.StatusBadRequest)
		return
	}
	props := map[string]any{"Type": in.Type, "Data": string(in.Data)}
	if in.Expire != nil {
		t, err := time.Parse(time.RFC3339, *in.Expire)
		if err != nil {
			http.Error(w, "expire invalid", http.StatusBadRequest)
			return
		}
		props["ExpiresAt"] = aztables.EDMDateTime(t) // S
	} else {
		props["ExpiresAt"] = aztables.EDMDateTime(time.Time{}) // L: TL124
	}
	id, err := s.store.addTyped(r.Context(), in.Type, props)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, map[string]string{"id": id})
}

// replaceData (added) swaps an item's data: read, change, update without
// the read's ETag.
func (s *Service) replaceData(w http.ResponseWriter, r *http.Request) {
	s.changeData(w, r, false)
}

// replaceDataChecked (added) is replaceData with the read's ETag as IfMatch.
func (s *Service) replaceDataChecked(w http.ResponseWriter, r *http.Request) {
	s.changeData(w, r, true)
}

func (s *Service) changeData(w http.ResponseWriter, r *http.Request, checked bool) {
	r.Body = http.MaxBytesReader(w, r.Body, 32<<10)
	id, typ := r.URL.Query().Get("id"), r.URL.Query().Get("type")
	if id == "" || !typeLenOK(typ) {
		http.Error(w, "id or type missing", http.StatusBadRequest)
		return
	}
	var data json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&data); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rec, read, err := s.store.get(r.Context(), id, typ)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	rec.Fields["Data"] = string(data)
	props := map[string]any{}
	for k, v := range rec.Fields {
		props[k] = v
	}
	body, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: rec.Type, RowKey: rec.ID}, Properties: props})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if checked {
		_, err = s.store.tc.UpdateEntity(r.Context(), body, &aztables.UpdateEntityOptions{IfMatch: &read.ETag, UpdateMode: aztables.UpdateModeMerge}) // S
	} else {
		_, err = s.store.tc.UpdateEntity(r.Context(), body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // L: TL414
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	writeJSON(w, rec)
}

// Routes registers the handlers.
func (s *Service) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /items", s.create)
	mux.HandleFunc("POST /items-small", s.createSmall)
	mux.HandleFunc("POST /items-expiring", s.createExpiring)
	mux.HandleFunc("GET /item", s.get)
	mux.HandleFunc("GET /items", s.list)
	mux.HandleFunc("PUT /item/data", s.replaceData)
	mux.HandleFunc("PUT /item/data-checked", s.replaceDataChecked)
}
