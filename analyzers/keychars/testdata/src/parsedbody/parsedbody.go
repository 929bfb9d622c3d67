// Package parsedbody: a request body read whole and decoded by a helper
// that takes the bytes; a field of what it decodes becomes a key.
package parsedbody

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type order struct {
	Customer string `json:"customer"`
	Number   string `json:"number"`
}

// parse decodes an order from the bytes it is given.
func parse(raw []byte) (order, error) {
	var o order
	err := json.Unmarshal(raw, &o)
	return o, err
}

type shop struct{ tc *aztables.Client }

// The customer named in the body is the partition, unchecked.
func (s *shop) lookup(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	o, err := parse(body)
	if err != nil {
		return
	}
	_, _ = s.tc.GetEntity(r.Context(), o.Customer, "profile", nil) // want `TL201: PartitionKey comes from the request \(r.Body.Customer\) unchecked`
}

var nameRe = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)

// Silent: the same customer checked against a pattern first.
func (s *shop) lookupChecked(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	o, err := parse(body)
	if err != nil || !nameRe.MatchString(o.Customer) {
		return
	}
	_, _ = s.tc.GetEntity(r.Context(), o.Customer, "profile", nil)
}

type ticket struct {
	Desk   string `json:"desk"`
	Serial string `json:"serial"`
}

// The body is capped by MaxBytesReader, whose io.ReadCloser is given to
// the decoder as an io.Reader: still the request, and a cap on length
// checks no character.
func (s *shop) ticketOf(w http.ResponseWriter, r *http.Request) {
	var t ticket
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&t); err != nil {
		return
	}
	_, _ = s.tc.GetEntity(r.Context(), t.Desk, "open", nil) // want `TL201: PartitionKey comes from the request \(body.Desk\) unchecked`
}

// Silent: the same capped body with the desk matched against a pattern.
func (s *shop) ticketOfChecked(w http.ResponseWriter, r *http.Request) {
	var t ticket
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&t); err != nil {
		return
	}
	if !nameRe.MatchString(t.Desk) {
		return
	}
	_, _ = s.tc.GetEntity(r.Context(), t.Desk, "open", nil)
}
