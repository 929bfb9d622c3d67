package generickeys

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Store is a generic keyed store; the table one and the memory one are
// chosen at start-up.
type Store[T any] interface {
	Get(part, id string) (T, bool)
	Drop(part, id string) bool
}

type Ticket struct{ Owner string }

type tableStore[T any] struct{ tc *aztables.Client }

// Get reads through a helper of the generic type: the helper's callers
// are the instances' calls.
func (s *tableStore[T]) Get(part, id string) (T, bool) { return s.read(part, id) }

func (s *tableStore[T]) read(part, id string) (T, bool) {
	var zero T
	_, err := s.tc.GetEntity(context.Background(), part, id, nil) // want `TL201: RowKey comes from the request \(r.URL.Query\(\).Get, passed at line \d+\) unchecked`
	return zero, err == nil
}

func (s *tableStore[T]) Drop(part, id string) bool {
	_, err := s.tc.DeleteEntity(context.Background(), part, id, nil) // want `TL201: RowKey comes from the request \(r.FormValue, passed at line \d+\) unchecked`
	return err == nil
}

type memStore[T any] struct{ m map[string]T }

func (s *memStore[T]) Get(part, id string) (T, bool) { v, ok := s.m[part+id]; return v, ok }
func (s *memStore[T]) Drop(part, id string) bool     { delete(s.m, part+id); return true }

type Desk struct{ Tickets Store[Ticket] }

// An emptiness test checks no character: the ids still reach the table.
func (d *Desk) Show(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("ticket")
	if id == "" {
		http.Error(w, "no ticket", http.StatusBadRequest)
		return
	}
	d.Tickets.Get("tickets", id)
}

func (d *Desk) Close(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("ticket")
	if id == "" {
		return
	}
	d.Tickets.Drop("tickets", id)
}

func NewDesk(tc *aztables.Client, mem bool) *Desk {
	if mem {
		return &Desk{Tickets: &memStore[Ticket]{m: map[string]Ticket{}}}
	}
	return &Desk{Tickets: &tableStore[Ticket]{tc: tc}}
}
