// Package overwrittenok: the twin of overwritten whose handler sets both
// key fields from the club's own configuration after the decode: the
// keys are not the body's.
package overwrittenok

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
	season string
}

func (c *club) store(ctx context.Context, b Booking) {
	_, _ = c.courts.DeleteEntity(ctx, b.Court, b.Slot, nil)
}

func (c *club) book(w http.ResponseWriter, r *http.Request) {
	var b Booking
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		return
	}
	b.Court = c.house
	if b.Player != "" {
		b.Slot = c.season + "-" + c.house
	} else {
		b.Slot = c.season
	}
	c.store(r.Context(), b)
}
