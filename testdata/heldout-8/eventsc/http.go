package eventsc

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
)

// (added) Routes serves the log over HTTP.
func Routes(l *Log) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /streams/{stream}", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 16<<10)) // S
		if err != nil {
			http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		var payload interface{}
		if err := json.Unmarshal(body, &payload); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		seen, _ := strconv.ParseInt(r.URL.Query().Get("version"), 10, 64)
		rec := &Record{Stream: r.PathValue("stream"), Version: seen, Body: payload}
		out, err := l.Append(rec, Checked)
		if err == ErrStale {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		_ = json.NewEncoder(w).Encode(out)
	})
	mux.HandleFunc("GET /streams/{stream}", func(w http.ResponseWriter, r *http.Request) {
		from, _ := strconv.ParseInt(r.URL.Query().Get("from"), 10, 64)
		to, _ := strconv.ParseInt(r.URL.Query().Get("to"), 10, 64)
		recs, err := l.Between(r.PathValue("stream"), from, to)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		_ = json.NewEncoder(w).Encode(recs)
	})
	return mux
}
