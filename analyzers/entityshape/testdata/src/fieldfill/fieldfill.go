package fieldfill

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Ticket is what handlers hand to the store.
type Ticket struct {
	ID      string
	Summary string
	Detail  string
}

// Store is the storage the handlers see.
type Store interface {
	Save(ctx context.Context, t Ticket) error
}

type tableStore struct{ c *aztables.Client }

func (s *tableStore) Save(ctx context.Context, t Ticket) error { // want Save:"fills\\(1.Summary→Summary, 1.Detail→Detail\\)"
	b, _ := json.Marshal(map[string]any{
		"PartitionKey": "tickets",
		"RowKey":       t.ID,
		"Summary":      t.Summary,
		"Detail":       t.Detail, // want `TL122: property Detail is filled from io.ReadAll\(r.Body\) \(passed at line 43\)`
	})
	_, err := s.c.AddEntity(ctx, b, nil)
	return err
}

type handler struct{ store Store }

func (h handler) open(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	t := Ticket{ID: r.URL.Query().Get("id"), Summary: "new"}
	t.Detail = string(body)
	if err := h.store.Save(r.Context(), t); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Silent below: the caller limits what it puts in the field.
func (h handler) reopen(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 2048))
	t := Ticket{ID: r.URL.Query().Get("id"), Summary: "again", Detail: string(body)}
	if err := h.store.Save(r.Context(), t); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Entry is a journal entry; write fills its Text property.
type Entry struct {
	Day  string
	Text string
}

func (s *tableStore) write(ctx context.Context, e Entry) error { // want write:"fills\\(1.Text→Text\\)"
	b, _ := json.Marshal(map[string]any{"PartitionKey": "journal", "RowKey": e.Day, "Text": e.Text}) // want `TL122: property Text is filled from a request body \(passed at line 73\)`
	_, err := s.c.AddEntity(ctx, b, nil)
	return err
}

// journal's handler passes the entry as a literal, inside a closure.
func (s *tableStore) journal() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		text, _ := io.ReadAll(r.Body)
		_ = s.write(r.Context(), Entry{Day: "2026-11-27", Text: string(text)})
	}
}

// Silent: a literal whose text is read through a limit.
func (s *tableStore) journalLimited(w http.ResponseWriter, r *http.Request) {
	text, _ := io.ReadAll(io.LimitReader(r.Body, 4096))
	_ = s.write(r.Context(), Entry{Day: "2026-11-27", Text: string(text)})
}
