package oauthgatea

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"time"
)

// Pending is an authorisation waiting for the upstream provider's callback.
type Pending struct {
	Client    string
	ReturnTo  string
	State     string
	Challenge string
	Verifier  string
	Started   time.Time
}

// Issued is a one-time code handed back to the client.
type Issued struct {
	Upstream  json.RawMessage
	Challenge string
	Client    string
	ReturnTo  string
	Started   time.Time
}

// Gate wires the three OAuth endpoints to the vaults.
type Gate struct {
	Logins   Vault[Pending]
	Codes    Vault[Issued]
	Upstream string
	Exchange func(code, verifier string) (json.RawMessage, error)
}

const (
	loginTTL = 10 * time.Minute
	codeTTL  = time.Minute
)

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func fail(w http.ResponseWriter, code int, kind string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": kind})
}

// Begin starts a login: the client's parameters are kept under a fresh
// random id, which travels to the provider as its state.
func (g *Gate) Begin(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" {
		fail(w, http.StatusBadRequest, "unsupported")
		return
	}
	client, back, challenge := q.Get("client_id"), q.Get("redirect_uri"), q.Get("code_challenge")
	if client == "" || back == "" || challenge == "" {
		fail(w, http.StatusBadRequest, "invalid_request")
		return
	}
	verifier := randomHex(32)
	id := randomHex(16)
	g.Logins.Put("logins", id, Pending{
		Client: client, ReturnTo: back, State: q.Get("state"), Challenge: challenge,
		Verifier: verifier, Started: time.Now(),
	})
	up, err := url.Parse(g.Upstream)
	if err != nil {
		fail(w, http.StatusInternalServerError, "server_error")
		return
	}
	v := up.Query()
	v.Set("state", id)
	v.Set("code_challenge", verifier)
	up.RawQuery = v.Encode()
	http.Redirect(w, r, up.String(), http.StatusFound)
}

// Return is the provider's callback: the state names the pending login,
// which is redeemed once.
func (g *Gate) Return(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	upCode, state := q.Get("code"), q.Get("state")
	if upCode == "" || state == "" {
		fail(w, http.StatusBadRequest, "invalid_request")
		return
	}
	login, ok := g.Logins.Take("logins", state)
	if !ok || time.Since(login.Started) > loginTTL {
		fail(w, http.StatusBadRequest, "invalid_request")
		return
	}
	tokens, err := g.Exchange(upCode, login.Verifier)
	if err != nil {
		fail(w, http.StatusBadGateway, "server_error")
		return
	}
	code := randomHex(32)
	g.Codes.Put("codes", code, Issued{
		Upstream: tokens, Challenge: login.Challenge, Client: login.Client,
		ReturnTo: login.ReturnTo, Started: time.Now(),
	})
	back, err := url.Parse(login.ReturnTo)
	if err != nil {
		fail(w, http.StatusInternalServerError, "server_error")
		return
	}
	v := back.Query()
	v.Set("code", code)
	if login.State != "" {
		v.Set("state", login.State)
	}
	back.RawQuery = v.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// Token redeems a one-time code from the posted form.
func (g *Gate) Token(w http.ResponseWriter, r *http.Request) {
	code, client := r.FormValue("code"), r.FormValue("client_id")
	if code == "" || client == "" {
		fail(w, http.StatusBadRequest, "invalid_request")
		return
	}
	got, ok := g.Codes.Take("codes", code)
	if !ok || time.Since(got.Started) > codeTTL || got.Client != client || got.ReturnTo != r.FormValue("redirect_uri") {
		fail(w, http.StatusBadRequest, "invalid_grant")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(got.Upstream)
}
