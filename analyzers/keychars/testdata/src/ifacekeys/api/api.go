// Package api calls the repository through its interface with a body
// decoded from the request: the keys are the client's text.
package api

import (
	"encoding/json"
	"net/http"
	"os"
	"regexp"

	"ifacekeys/store"
)

var votes store.Votes

func post(w http.ResponseWriter, r *http.Request) {
	var v store.Vote
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		return
	}
	_ = votes.Save(r.Context(), &v) // want `TL201: PartitionKey comes from the request \(body.Ballot\) unchecked`
}

var idRe = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)

// Silent: both ids checked against a pattern before the call.
func postChecked(w http.ResponseWriter, r *http.Request) {
	var v store.Vote
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		return
	}
	if !idRe.MatchString(v.ID) || !idRe.MatchString(v.Ballot) {
		return
	}
	_ = votes.Save(r.Context(), &v)
}

// Only the ballot is checked: the vote's id is reported.
func postHalfChecked(w http.ResponseWriter, r *http.Request) {
	var v store.Vote
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		return
	}
	if !idRe.MatchString(v.Ballot) {
		return
	}
	_ = votes.Save(r.Context(), &v) // want `TL201: RowKey comes from the request \(body.ID\) unchecked`
}

// Silent: the keys are the service's own (its environment), not the
// client's.
func postOwn(w http.ResponseWriter, r *http.Request) {
	v := store.Vote{ID: os.Getenv("VOTE_ID"), Ballot: os.Getenv("BALLOT")}
	_ = votes.Save(r.Context(), &v)
}
