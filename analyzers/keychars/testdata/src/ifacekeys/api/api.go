// Package api calls the repository through its interface with a body
// decoded from the request: the keys are the client's text.
package api

import (
	"encoding/json"
	"net/http"
	"os"

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

// Silent: the keys are the service's own (its environment), not the
// client's.
func postOwn(w http.ResponseWriter, r *http.Request) {
	v := store.Vote{ID: os.Getenv("VOTE_ID"), Ballot: os.Getenv("BALLOT")}
	_ = votes.Save(r.Context(), &v)
}
