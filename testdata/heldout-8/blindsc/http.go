package blindsc

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// Service validates what the handlers pass on.
type Service struct{ st *Store }

func NewService(st *Store) *Service { return &Service{st: st} }

type placeReq struct {
	ID  string  `json:"id"`
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

type radiusReq struct {
	Lat    float64 `json:"lat"`
	Lon    float64 `json:"lon"`
	Metres float64 `json:"metres"`
}

func checkPos(lat, lon float64) error {
	if lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return fmt.Errorf("blindsc: position out of range")
	}
	return nil
}

func (v *Service) Register(r *http.Request, req placeReq) (*Blind, error) {
	if req.ID == "" {
		return nil, errors.New("blindsc: id required")
	}
	if err := checkPos(req.Lat, req.Lon); err != nil {
		return nil, err
	}
	b := &Blind{ID: req.ID, Lat: req.Lat, Lon: req.Lon}
	return b, v.st.Add(r.Context(), b)
}

func (v *Service) Relocate(r *http.Request, id string, req placeReq) (*Blind, error) {
	if id == "" {
		return nil, errors.New("blindsc: id required")
	}
	if err := checkPos(req.Lat, req.Lon); err != nil {
		return nil, err
	}
	if err := v.st.Move(r.Context(), id, req.Lat, req.Lon); err != nil {
		return nil, err
	}
	return v.st.One(r.Context(), id)
}

// Mux wires the handlers.
func Mux(v *Service) *http.ServeMux {
	m := http.NewServeMux()
	m.HandleFunc("GET /blinds", func(w http.ResponseWriter, r *http.Request) {
		all, err := v.st.All(r.Context())
		reply(w, all, err)
	})
	m.HandleFunc("GET /blinds/{id}", func(w http.ResponseWriter, r *http.Request) {
		b, err := v.st.One(r.Context(), r.PathValue("id"))
		reply(w, b, err)
	})
	m.HandleFunc("POST /blinds/radius", func(w http.ResponseWriter, r *http.Request) {
		var q radiusReq
		if err := json.NewDecoder(r.Body).Decode(&q); err != nil || q.Metres <= 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		bs, err := v.st.Near(r.Context(), q.Lat, q.Lon, q.Metres)
		reply(w, bs, err)
	})
	m.HandleFunc("POST /blinds", func(w http.ResponseWriter, r *http.Request) {
		var q placeReq
		if err := json.NewDecoder(r.Body).Decode(&q); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b, err := v.Register(r, q)
		if errors.Is(err, ErrTaken) {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		reply(w, b, err)
	})
	m.HandleFunc("PUT /blinds/{id}", func(w http.ResponseWriter, r *http.Request) {
		var q placeReq
		if err := json.NewDecoder(r.Body).Decode(&q); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b, err := v.Relocate(r, r.PathValue("id"), q)
		reply(w, b, err)
	})
	m.HandleFunc("DELETE /blinds/{id}", func(w http.ResponseWriter, r *http.Request) {
		reply(w, nil, v.st.Drop(r.Context(), r.PathValue("id")))
	})
	m.HandleFunc("GET /blinds/stats", func(w http.ResponseWriter, r *http.Request) {
		sum, err := v.st.Stats(r.Context())
		reply(w, sum, err)
	})
	m.HandleFunc("GET /states/{code}/blinds", func(w http.ResponseWriter, r *http.Request) {
		rows, err := v.st.InState(r.Context(), r.PathValue("code"))
		reply(w, len(rows), err)
	})
	m.HandleFunc("PATCH /blinds/{id}", func(w http.ResponseWriter, r *http.Request) {
		var q placeReq
		if err := json.NewDecoder(r.Body).Decode(&q); err != nil || checkPos(q.Lat, q.Lon) != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		reply(w, nil, v.st.MoveChecked(r.Context(), r.PathValue("id"), q.Lat, q.Lon))
	})
	m.HandleFunc("GET /blinds/by-state", func(w http.ResponseWriter, r *http.Request) {
		rows, err := v.st.InStateChecked(r.Context(), r.URL.Query().Get("state"))
		reply(w, len(rows), err)
	})
	return m
}

func reply(w http.ResponseWriter, v any, err error) {
	if errors.Is(err, ErrMissing) {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(v)
}
