// Package rosterd loads a list of people ("Last First key=value ...") from
// a URL into a blob and a table, and answers name look-ups from the table.
package rosterd

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const (
	maxInput    = 1 << 20
	tablePrefix = "roster"
)

// Outcome is what every endpoint answers.
type Outcome struct {
	Lookup  bool     `json:"lookup"`
	Matches []string `json:"matches"`
	OK      bool     `json:"ok"`
	Message string   `json:"message"`
}

// Server holds the clients; loads and clears exclude look-ups.
type Server struct {
	mu      sync.RWMutex
	wiped   bool
	svc     *aztables.ServiceClient
	people  *aztables.Client
	archive func(ctx context.Context, data []byte, contentType string) error
}

// Start finds the roster table left by an earlier run, or makes one.
func Start(ctx context.Context) (*Server, error) {
	cred, err := aztables.NewSharedKeyCredential(os.Getenv("ROSTER_ACCOUNT"), os.Getenv("ROSTER_KEY"))
	if err != nil {
		return nil, err
	}
	svc, err := aztables.NewServiceClientWithSharedKey(os.Getenv("ROSTER_TABLE_URL"), cred, nil)
	if err != nil {
		return nil, err
	}
	s := &Server{svc: svc, archive: func(context.Context, []byte, string) error { return nil }}

	f := fmt.Sprintf("TableName ge '%s'", tablePrefix)
	tables := svc.NewListTablesPager(&aztables.ListTablesOptions{Filter: &f})
	page, err := tables.NextPage(ctx)
	if err != nil || len(page.Tables) == 0 {
		if s.people, err = s.freshTable(ctx); err != nil {
			return nil, err
		}
		return s, nil
	}
	if len(page.Tables) > 1 {
		return nil, fmt.Errorf("more than one %s table", tablePrefix)
	}
	s.people = svc.NewClient(*page.Tables[0].Name)
	return s, nil
}

// freshTable creates a table under a new name: a dropped name cannot be
// reused at once.
func (s *Server) freshTable(ctx context.Context) (*aztables.Client, error) {
	name := fmt.Sprintf("%s%d", tablePrefix, time.Now().UnixNano())
	if _, err := s.svc.CreateTable(ctx, name, nil); err != nil { // S
		return nil, err
	}
	return s.svc.NewClient(name), nil
}

// wipe drops the table and starts a new one.
func (s *Server) wipe(ctx context.Context, out *Outcome) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wiped {
		out.OK, out.Message = true, "already empty"
		return
	}
	if _, err := s.people.Delete(ctx, nil); err != nil {
		out.Message = "could not drop the table"
		return
	}
	next, err := s.freshTable(ctx)
	if err != nil {
		out.Message = "could not create a new table"
		return
	}
	s.people = next
	s.wiped = true
	out.OK, out.Message = true, "emptied"
}

// lookup finds people by first and/or last name.
func (s *Server) lookup(ctx context.Context, out *Outcome, first, last string) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out.Lookup = true

	var filter string
	switch {
	case first != "" && last != "":
		filter = fmt.Sprintf("PartitionKey eq '%s' and RowKey eq '%s'",
			first, // L: TL321
			last)  // L: TL321
	case first != "":
		filter = fmt.Sprintf("PartitionKey eq '%s'", first) // L: TL321
	case last != "":
		filter = fmt.Sprintf("RowKey eq '%s'", last) // L: TL321
	default:
		out.Message = "give a first and/or a last name"
		return
	}

	pager := s.people.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &filter, // L: TL301
	})
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			out.Message = "query failed"
			return
		}
		out.Matches = make([]string, 0, len(page.Entities))
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				continue
			}
			line := e.PartitionKey + " " + e.RowKey
			for k, v := range e.Properties {
				if sv, ok := v.(string); ok {
					line += " " + k + "=" + sv
				}
			}
			out.Matches = append(out.Matches, line)
		}
	}
	out.OK = true
}

func answer(w http.ResponseWriter, out *Outcome) {
	b, err := json.Marshal(out)
	if err != nil {
		b = []byte("{}")
	}
	_, _ = w.Write(b)
}

// Lookup answers GET /q?first=…&last=….
func (s *Server) Lookup(w http.ResponseWriter, r *http.Request) {
	out := &Outcome{}
	defer answer(w, out)
	q := r.URL.Query()
	s.lookup(r.Context(), out, q.Get("first"), q.Get("last"))
}

// Clear answers POST /clear.
func (s *Server) Clear(w http.ResponseWriter, r *http.Request) {
	out := &Outcome{}
	defer answer(w, out)
	s.wipe(r.Context(), out)
}
