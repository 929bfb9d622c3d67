package casedriver

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

// Case is one matter, in its client's partition.
type Case struct {
	PartitionKey string
	RowKey       string
	Number       string
	Status       string
	Counsel      string
}

// Document is a file attached to a case.
type Document struct {
	PartitionKey string
	RowKey       string
	Name         string
	Content      []byte
}

// Service is the case API.
type Service struct{ d *tableDriver }

// ByNumber finds a case by its court number, whatever the client.
func (s *Service) ByNumber(ctx context.Context, number string) ([]Case, error) {
	rows, err := s.d.List(ctx, "Number eq '"+number+"'", 10) // L: TL301 TL321
	if err != nil {
		return nil, err
	}
	return decode(rows), nil
}

// Open lists a client's open cases.
func (s *Service) Open(ctx context.Context, client string) ([]Case, error) {
	rows, err := s.d.List(ctx, "PartitionKey eq '"+client+"' and Status eq 'open'", 200) // L: TL303 TL321
	if err != nil {
		return nil, err
	}
	return decode(rows), nil
}

// ForCounsel lists one client's cases of one counsel, both escaped.
func (s *Service) ForCounsel(ctx context.Context, client, counsel string) ([]Case, error) {
	q := strings.NewReplacer("'", "''")
	f := "PartitionKey eq '" + q.Replace(client) + "' and RowKey ge '" + q.Replace(counsel) + "_'" // S
	rows, err := s.d.List(ctx, f, 200)
	if err != nil {
		return nil, err
	}
	return decode(rows), nil
}

// Several reads a few cases of one client in one query.
func (s *Service) Several(ctx context.Context, client string, ids []string) ([]Case, error) {
	q := strings.NewReplacer("'", "''")
	terms := make([]string, len(ids))
	for i, id := range ids {
		terms[i] = "RowKey eq '" + q.Replace(id) + "'"
	}
	f := "PartitionKey eq '" + q.Replace(client) + "' and (" + strings.Join(terms, " or ") + ")"
	rows, err := s.d.List(ctx, f, int32(len(ids))) // L: TL304
	if err != nil {
		return nil, err
	}
	return decode(rows), nil
}

// Reassign moves a case to another counsel under the ETag it read.
func (s *Service) Reassign(ctx context.Context, client, id, counsel string) error {
	r, err := s.d.Get(ctx, client, id)
	if err != nil {
		return err
	}
	var c Case
	if err := json.Unmarshal(r.Value, &c); err != nil {
		return err
	}
	c.Counsel = counsel
	b, _ := json.Marshal(c)
	return s.d.Update(ctx, b, r.ETag)
}

// HandleUpload stores a posted file on a case.
func (s *Service) HandleUpload(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "unreadable file", http.StatusBadRequest)
		return
	}
	doc := Document{
		PartitionKey: r.URL.Query().Get("case"),
		RowKey:       uuid.NewString(),
		Name:         r.URL.Query().Get("name"),
		Content:      body, // L: TL123
	}
	b, _ := json.Marshal(doc)
	if err := s.d.Add(r.Context(), b); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

func decode(rows []row) []Case {
	out := make([]Case, 0, len(rows))
	for _, r := range rows {
		var c Case
		if json.Unmarshal(r.Value, &c) == nil {
			out = append(out, c)
		}
	}
	return out
}
