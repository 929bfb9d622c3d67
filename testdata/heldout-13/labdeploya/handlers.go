package labdeploya

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"strings"
)

var errDenied = errors.New("not the configured principal")

// API serves the rollouts of the one principal the tool runs for.
type API struct {
	Svc       *Service
	Principal string // from the environment
}

// Routes registers the handlers.
func (a *API) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /deployments/my", a.mine)
	mux.HandleFunc("GET /deployments/{workspace}/{subscription}", a.one)
	mux.HandleFunc("PUT /deployments", a.put)
	mux.HandleFunc("DELETE /deployments/{workspace}/{subscription}", a.drop)
}

// caller takes the user principal from the bearer token's claims and lets
// only the configured principal through.
func (a *API) caller(r *http.Request) (string, error) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return "", errDenied
	}
	parts := strings.Split(tok, ".")
	if len(parts) < 2 {
		return "", errDenied
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", err
	}
	var claims map[string]any
	if err := json.Unmarshal(payload, &claims); err != nil {
		return "", err
	}
	upn, _ := claims["upn"].(string)
	if upn == "" || upn != a.Principal {
		return "", errDenied
	}
	return upn, nil
}

func (a *API) mine(w http.ResponseWriter, r *http.Request) {
	user, err := a.caller(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	list, err := a.Svc.List(r.Context(), user)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(list)
}

func (a *API) one(w http.ResponseWriter, r *http.Request) {
	user, err := a.caller(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	got, err := a.Svc.Store.One(r.Context(), user, r.PathValue("workspace"), r.PathValue("subscription"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_ = json.NewEncoder(w).Encode(got)
}

func (a *API) put(w http.ResponseWriter, r *http.Request) {
	var in Rollout
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	user, err := a.caller(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	in.User = user
	in.ID = user + "-" + in.Workspace + "-" + in.Subscription
	if err := a.Svc.Put(r.Context(), in); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// drop destroys the lab in the background, then forgets the rollout.
func (a *API) drop(w http.ResponseWriter, r *http.Request) {
	user, err := a.caller(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	workspace := r.PathValue("workspace")
	subscription := r.PathValue("subscription")
	got, err := a.Svc.Store.One(r.Context(), user, workspace, subscription)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	go func() {
		ctx := context.Background()
		if err := a.Svc.Destroy(got.Lab); err != nil {
			log.Printf("destroy %s: %v", workspace, err)
		}
		if err := a.Svc.Store.Drop(ctx, user, workspace, subscription); err != nil {
			log.Printf("drop %s: %v", workspace, err)
		}
	}()
	w.WriteHeader(http.StatusNoContent)
}
