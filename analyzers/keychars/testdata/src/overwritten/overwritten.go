// Package overwritten: a request model decoded from the body, then
// passed to a helper that makes its fields keys. A field set after the
// decode is what was set (here another request value, named so); one set
// before the decode, or on one path only, is still the body's.
package overwritten

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Booking struct {
	Court  string
	Player string
	Slot   string
}

type club struct {
	courts *aztables.Client
	house  string
}

func (c *club) store(ctx context.Context, b Booking) {
	_, _ = c.courts.DeleteEntity(ctx, b.Court, b.Slot, nil) // want `TL201: PartitionKey comes from the request \(r.PathValue, passed at line \d+\)` `TL201: RowKey comes from the request \(body.Slot, passed at line \d+\)`
}

func (c *club) fetch(ctx context.Context, b Booking) {
	_, _ = c.courts.GetEntity(ctx, b.Court, "x", nil) // want `TL201: PartitionKey comes from the request \(body.Court, passed at line \d+\)`
}

func (c *club) drop(ctx context.Context, b Booking) {
	_, _ = c.courts.DeleteEntity(ctx, b.Court, "x", nil) // want `TL201: PartitionKey comes from the request \(body.Court, passed at line \d+\)`
}

func (c *club) book(w http.ResponseWriter, r *http.Request) {
	var b Booking
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		return
	}
	b.Court = r.PathValue("court")
	c.store(r.Context(), b)
}

func (c *club) early(w http.ResponseWriter, r *http.Request) {
	var b Booking
	b.Court = c.house
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		return
	}
	c.fetch(r.Context(), b)
}

func (c *club) sometimes(w http.ResponseWriter, r *http.Request) {
	var b Booking
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		return
	}
	if r.URL.Query().Has("house") {
		b.Court = c.house
	}
	c.drop(r.Context(), b)
}
