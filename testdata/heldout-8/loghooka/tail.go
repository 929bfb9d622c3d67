package loghooka

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// newestFirst (added) keys a row so that the latest entries sort first,
// padded to 19 digits.
func newestFirst(at time.Time) string {
	return fmt.Sprintf("%019d", math.MaxInt64-at.UnixNano()) // S
}

// FireNewestFirst (added) writes an entry under a newest-first RowKey.
func (h *Hook) FireNewestFirst(e *Entry) error {
	row := h.tbl.GetEntityReference(logPartition, newestFirst(e.At))
	row.Properties = map[string]interface{}{"Level": e.Level.String(), "Message": e.Message}
	return row.Insert(storage.EmptyPayload, nil)
}

// FireNewestFirstLoose (added) is the unpadded twin of FireNewestFirst.
func (h *Hook) FireNewestFirstLoose(e *Entry) error {
	rk := strconv.FormatInt(math.MaxInt64-e.At.UnixNano(), 10) // L: TL205
	row := h.tbl.GetEntityReference(logPartition, rk)
	row.Properties = map[string]interface{}{"Level": e.Level.String(), "Message": e.Message}
	return row.Insert(storage.EmptyPayload, nil)
}

// TailHandler (added) shows the first segment of the rows of one level, the
// level taken from the query string as typed.
func (h *Hook) TailHandler(w http.ResponseWriter, r *http.Request) {
	lvl := r.URL.Query().Get("level")
	q := &storage.QueryOptions{
		Filter: "PartitionKey eq '" + logPartition + "' and Level eq '" + lvl + "'", // L: TL321
		Top:    200,
	}
	res, err := h.tbl.QueryEntities(30, storage.NoMetadata, q) // L: TL303 TL307
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	out := make([]map[string]interface{}, 0, len(res.Entities))
	for _, e := range res.Entities {
		out = append(out, e.Properties)
	}
	_ = json.NewEncoder(w).Encode(out)
}
