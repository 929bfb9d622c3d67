// Package devconsole is the table part of a local development console: a
// small web UI that lists a developer's tables and rows and lets them
// look up, add and remove rows while they work against an emulator.
package devconsole

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const maxRows = 200

// Console holds the connection string of the developer's account.
type Console struct {
	conn string
}

func (c *Console) service() (*aztables.ServiceClient, error) {
	return aztables.NewServiceClientFromConnectionString(c.conn, nil)
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func withTimeout(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), 15*time.Second)
}

// Rows shows up to maxRows rows of the table named in ?name=.
func (c *Console) Rows(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if name == "" {
		reply(w, 400, "name is required")
		return
	}
	ctx, cancel := withTimeout(r)
	defer cancel()
	svc, err := c.service()
	if err != nil {
		reply(w, 500, err.Error())
		return
	}
	top := int32(maxRows)
	pager := svc.NewClient(name).NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: &top}) // L: TL301
	rows := []map[string]any{}
	for pager.More() && len(rows) < maxRows {
		page, err := pager.NextPage(ctx)
		if err != nil {
			reply(w, 502, fmt.Sprintf("list rows in %q: %v", name, err))
			return
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if json.Unmarshal(raw, &row) == nil {
				rows = append(rows, row)
			}
		}
	}
	reply(w, 200, rows)
}

// Row (added) shows one row by the keys in the query string.
func (c *Console) Row(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	svc, err := c.service()
	if err != nil {
		reply(w, 500, err.Error())
		return
	}
	resp, err := svc.NewClient(q.Get("name")).GetEntity(r.Context(),
		q.Get("pk"), // L: TL201
		q.Get("rk"), // L: TL201
		nil)
	if err != nil {
		reply(w, 404, err.Error())
		return
	}
	_, _ = w.Write(resp.Value)
}

// Find (added) searches a table by one property and value from the form.
func (c *Console) Find(w http.ResponseWriter, r *http.Request) {
	name, prop, value := r.FormValue("name"), r.FormValue("prop"), r.FormValue("value")
	if strings.ContainsAny(prop, " '()") {
		reply(w, 400, "bad property name")
		return
	}
	f := prop + " eq '" + value + "'" // L: TL321
	svc, err := c.service()
	if err != nil {
		reply(w, 500, err.Error())
		return
	}
	pager := svc.NewClient(name).NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	page, err := pager.NextPage(r.Context()) // L: TL307
	if err != nil {
		reply(w, 502, err.Error())
		return
	}
	reply(w, 200, len(page.Entities))
}
