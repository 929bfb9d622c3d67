// Package shiftavail records when employees are available: a repository
// behind an interface, handlers that take keys and notes from requests.
package shiftavail

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// Slot is one availability record.
type Slot struct {
	Employee string    `json:"employee"`
	From     time.Time `json:"from"`
	To       time.Time `json:"to"`
	Note     string    `json:"note"`
}

// Repo is the storage the handlers see.
type Repo interface {
	Add(ctx context.Context, s Slot) error
	Find(ctx context.Context, filter string) ([][]byte, error)
}

type tableRepo struct{ c *aztables.Client }

// NewRepo returns the table repository.
func NewRepo(c *aztables.Client) Repo { return &tableRepo{c: c} }

func (t *tableRepo) Add(ctx context.Context, s Slot) error {
	m := map[string]any{
		"PartitionKey": s.Employee,          // L: TL201
		"RowKey":       uuid.New().String(), // S
		"From":         s.From.Format(time.RFC3339),
		"To":           s.To.Format(time.RFC3339),
		"Note":         s.Note, // L: TL122
	}
	b, _ := json.Marshal(m)
	_, err := t.c.AddEntity(ctx, b, nil)
	return err
}

func (t *tableRepo) Find(ctx context.Context, filter string) ([][]byte, error) {
	opts := &aztables.ListEntitiesOptions{}
	if filter != "" {
		opts.Filter = &filter
	}
	var out [][]byte
	p := t.c.NewListEntitiesPager(opts)
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Entities...)
	}
	return out, nil
}

// API serves the availability endpoints.
type API struct{ repo Repo }

// Between lists the slots in a period from every employee: clauses kept
// in a slice, joined when there are any.
func (a API) Between(w http.ResponseWriter, r *http.Request) {
	var parts []string
	if v := r.URL.Query().Get("from"); v != "" {
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			parts = append(parts, fmt.Sprintf("From ge '%s'", t.UTC().Format("2006-01-02T15:04:05Z"))) // S
		}
	}
	if v := r.URL.Query().Get("until"); v != "" {
		parts = append(parts, "To le '"+v+"'") // L: TL321
	}
	filter := ""
	if len(parts) > 0 {
		filter = strings.Join(parts, " and ")
	}
	rows, err := a.repo.Find(r.Context(), filter) // L: TL301
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	_ = json.NewEncoder(w).Encode(rows)
}

// OfEmployee lists one employee's slots; the id is the last path segment.
func (a API) OfEmployee(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimPrefix(r.URL.Path, "/availability/")
	filter := ""
	if id != "" {
		filter = fmt.Sprintf("PartitionKey eq '%s'", id) // L: TL321
	}
	rows, err := a.repo.Find(r.Context(), filter) // L: TL301
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	_ = json.NewEncoder(w).Encode(rows)
}

// readNote returns the whole request body as text.
func readNote(r *http.Request) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

// Create stores a slot from a JSON body plus a note.
func (a API) Create(w http.ResponseWriter, r *http.Request) {
	var s Slot
	if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&s); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	s.Note = readNote(r)
	if err := a.repo.Add(r.Context(), s); err != nil {
		http.Error(w, err.Error(), 500)
	}
}

// Comment stores a slot whose note is a posted form field.
func (a API) Comment(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	s := Slot{Employee: r.PostForm.Get("employee"), From: time.Now(), To: time.Now().Add(time.Hour)}
	s.Note = r.PostForm.Get("note")
	if err := a.repo.Add(r.Context(), s); err != nil {
		http.Error(w, err.Error(), 500)
	}
}

// Short stores a slot whose note is cut to 2,000 characters.
func (a API) Short(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(http.MaxBytesReader(w, r.Body, 16<<10))
	note := string(body)
	if len(note) > 2000 {
		note = note[:2000]
	}
	s := Slot{Employee: "walkin", From: time.Now(), To: time.Now().Add(time.Hour)}
	s.Note = note // S
	if err := a.repo.Add(r.Context(), s); err != nil {
		http.Error(w, err.Error(), 500)
	}
}
