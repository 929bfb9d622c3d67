package flyersa

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
)

// Routes serves flyers and players.
type Routes struct {
	DB     Backend
	Logger *slog.Logger
}

// Register adds the routes. POST /flyer/raw is the source's first create
// route (the body is the whole flyer, id included); POST /flyer its later
// one (the id is made by the server).
func (rt *Routes) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /flyer", rt.listFlyers)
	mux.HandleFunc("POST /flyer/raw", rt.createFlyerAsSent)
	mux.HandleFunc("POST /flyer", rt.createFlyer)
	mux.HandleFunc("GET /player", rt.listPlayers)
	mux.HandleFunc("POST /player", rt.createPlayer)
}

func (rt *Routes) listFlyers(w http.ResponseWriter, r *http.Request) {
	ok, flyers := rt.DB.Flyers(context.TODO())
	if !ok {
		rt.Logger.Error("could not get flyers")
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	_ = json.NewEncoder(w).Encode(flyers)
}

func (rt *Routes) createFlyerAsSent(w http.ResponseWriter, r *http.Request) {
	var f Flyer
	if err := json.NewDecoder(r.Body).Decode(&f); err != nil {
		http.Error(w, "invalid body format", http.StatusBadRequest)
		return
	}
	if !rt.DB.PutFlyer(context.TODO(), &f) {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	rt.Logger.Info("added flyer", "ID", f.ID)
	w.WriteHeader(http.StatusNoContent)
}

func (rt *Routes) createFlyer(w http.ResponseWriter, r *http.Request) {
	var req NewFlyer
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "invalid body format", http.StatusBadRequest)
		return
	}
	f := Flyer{
		ID:       uuid.NewString(),
		Started:  req.Started,
		Finished: req.Finished,
		Stages:   req.Stages,
		Standing: req.Standing,
	}
	if !rt.DB.PutFlyer(context.TODO(), &f) { // S
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	rt.Logger.Info("added flyer", "ID", f.ID)
	w.WriteHeader(http.StatusNoContent)
}

func (rt *Routes) listPlayers(w http.ResponseWriter, r *http.Request) {
	ok, players := rt.DB.Players(context.TODO())
	if !ok {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	_ = json.NewEncoder(w).Encode(players)
}

func (rt *Routes) createPlayer(w http.ResponseWriter, r *http.Request) {
	var req NewPlayer
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "invalid body format", http.StatusBadRequest)
		return
	}
	p := Player{ID: uuid.NewString(), Name: req.Name}
	if !rt.DB.PutPlayer(context.TODO(), &p) {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
