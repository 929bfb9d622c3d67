package stampc

import (
	"encoding/json"
	"net/http"
	"regexp"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Handler serves the scanners: each count is posted to /sites/{site}/counts.
type Handler struct {
	store *Store
}

type countIn struct {
	SKU     string `json:"sku"`
	Qty     int32  `json:"qty"`
	Counter string `json:"counter"`
}

type countOut struct {
	ID     string    `json:"id"`
	Stored time.Time `json:"stored"`
}

var siteCode = regexp.MustCompile(`^[A-Z]{3}[0-9]{2}$`)

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /sites/{site}/counts", h.postCount)
	mux.HandleFunc("POST /v2/sites/{site}/counts", h.postCountChecked)
}

func (h *Handler) postCount(w http.ResponseWriter, r *http.Request) {
	site := r.PathValue("site")
	var in countIn
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	c := Count{
		Entity: aztables.Entity{
			PartitionKey: site, // L: TL201
			RowKey:       uuid.NewString(),
		},
		Table:   countsTable,
		SKU:     in.SKU,
		Counted: in.Qty,
		Counter: in.Counter,
	}
	m, err := h.store.InsertEcho(r.Context(), c.Table, c)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(countOut{ID: c.RowKey, Stored: m.Timestamp})
}

func (h *Handler) postCountChecked(w http.ResponseWriter, r *http.Request) {
	site := r.PathValue("site")
	if !siteCode.MatchString(site) {
		http.Error(w, "bad site", http.StatusBadRequest)
		return
	}
	var in countIn
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	c := Count{
		Entity: aztables.Entity{
			PartitionKey: site, // S
			RowKey:       uuid.NewString(),
		},
		Table:   countsTable,
		SKU:     in.SKU,
		Counted: in.Qty,
		Counter: in.Counter,
	}
	m, err := h.store.InsertOnce(r.Context(), c.Table, c.PartitionKey, c.RowKey, c)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(countOut{ID: c.RowKey, Stored: m.Timestamp})
}
