package webpagec

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Cursor is the continuation a client sends back for the next page.
type Cursor struct {
	PK string `json:"pk,omitempty"`
	RK string `json:"rk,omitempty"`
}

// Page is what one request returns.
type Page struct {
	Rows []json.RawMessage `json:"rows"`
	Next *Cursor           `json:"next,omitempty"`
}

// Rows lists what filter selects, three at a time, from the cursor on.
func Rows(ctx context.Context, c *aztables.Client, filter string, from Cursor) ([]json.RawMessage, error) {
	opts := &aztables.ListEntitiesOptions{
		Filter: &filter,
		Top:    to.Ptr(int32(3)),
	}
	if from.PK != "" || from.RK != "" {
		opts.NextPartitionKey = &from.PK
		opts.NextRowKey = &from.RK
	}
	var out []json.RawMessage
	pager := c.NewListEntitiesPager(opts) // S
	for pager.More() {
		resp, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, e := range resp.Entities {
			out = append(out, e)
		}
	}
	return out, nil
}

// Handler serves one tenant's rows a page at a time.
type Handler struct {
	Client *aztables.Client
}

func (h Handler) onePage(ctx context.Context, filter string, from Cursor) (Page, error) {
	opts := &aztables.ListEntitiesOptions{Filter: &filter, Top: to.Ptr(int32(3))}
	if from.PK != "" || from.RK != "" {
		opts.NextPartitionKey = to.Ptr(from.PK)
		opts.NextRowKey = to.Ptr(from.RK)
	}
	pager := h.Client.NewListEntitiesPager(opts)
	var pg Page
	if !pager.More() {
		return pg, nil
	}
	resp, err := pager.NextPage(ctx) // S
	if err != nil {
		return pg, err
	}
	for _, e := range resp.Entities {
		pg.Rows = append(pg.Rows, e)
	}
	if resp.NextPartitionKey != nil {
		pg.Next = &Cursor{PK: *resp.NextPartitionKey}
		if resp.NextRowKey != nil {
			pg.Next.RK = *resp.NextRowKey
		}
	}
	return pg, nil
}

// ServeHTTP answers /rows?tenant=…&pk=…&rk=….
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	tenant := strings.ReplaceAll(q.Get("tenant"), "'", "''")
	pg, err := h.onePage(r.Context(), "PartitionKey eq '"+tenant+"'", Cursor{PK: q.Get("pk"), RK: q.Get("rk")}) // S
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(pg)
}

// Latest answers /latest?tenant=… with the first rows only.
func (h Handler) Latest(w http.ResponseWriter, r *http.Request) {
	tenant := r.URL.Query().Get("tenant")
	opts := &aztables.ListEntitiesOptions{
		Filter: to.Ptr("PartitionKey eq '" + tenant + "'"), // L: TL321
		Top:    to.Ptr(int32(3)),
	}
	resp, err := h.Client.NewListEntitiesPager(opts).NextPage(r.Context()) // L: TL307
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(resp.Entities)
}
