package generickeysok

import (
	"context"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Silent twin: the same generic store, but the handler accepts only ids
// made of letters and digits before they reach it.
type Store[T any] interface {
	Get(part, id string) (T, bool)
}

type Ticket struct{ Owner string }

type tableStore[T any] struct{ tc *aztables.Client }

func (s *tableStore[T]) Get(part, id string) (T, bool) {
	var zero T
	_, err := s.tc.GetEntity(context.Background(), part, id, nil)
	return zero, err == nil
}

var plain = regexp.MustCompile(`^[A-Za-z0-9]{1,64}$`)

type Desk struct{ Tickets Store[Ticket] }

func (d *Desk) Show(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("ticket")
	if !plain.MatchString(id) {
		http.Error(w, "bad ticket", http.StatusBadRequest)
		return
	}
	d.Tickets.Get("tickets", id)
}

func NewDesk(tc *aztables.Client) *Desk {
	return &Desk{Tickets: &tableStore[Ticket]{tc: tc}}
}
