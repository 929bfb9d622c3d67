// Package handlerkeys: structs that name a PartitionKey and a RowKey
// without being an entity's data — a handler that holds the table client
// and remembers which keys a request asked for, and a job record with a
// channel — are not key sinks; the same request input in a written
// entity is.
package handlerkeys

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// lookup holds the client and the keys of one request; it is never sent.
type lookup struct {
	Tables       *aztables.Client
	PartitionKey string
	RowKey       string
}

// The keys only pick rows to read: a key no row can hold matches none.
func (l lookup) show(w http.ResponseWriter, r *http.Request) {
	l.PartitionKey = r.URL.Query().Get("shelf")
	l.RowKey = r.URL.Query().Get("slot")
	filter := fmt.Sprintf("PartitionKey eq '%s'", l.PartitionKey) //nolint // TL321 is another analyzer's
	pager := l.Tables.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		if _, err := pager.NextPage(r.Context()); err != nil {
			return
		}
	}
}

// job has a channel, which encoding/json cannot marshal.
type job struct {
	PartitionKey string
	RowKey       string
	Done         chan error
}

func queue(r *http.Request, jobs chan<- job) {
	jobs <- job{PartitionKey: r.FormValue("queue"), RowKey: r.FormValue("id"), Done: make(chan error, 1)}
}

// bin is entity data: the request's text becomes a key that is written.
type bin struct {
	PartitionKey string
	RowKey       string
	Label        string
}

func (l lookup) add(ctx context.Context, r *http.Request) error {
	b, _ := json.Marshal(bin{
		PartitionKey: r.URL.Query().Get("shelf"), // want `TL201: PartitionKey comes from the request \(r.URL.Query\(\).Get\) unchecked`
		RowKey:       "bin-1",
		Label:        r.FormValue("label"),
	})
	_, err := l.Tables.AddEntity(ctx, b, nil)
	return err
}

// A handler's key copied into an entity that is written is reported there.
func (l lookup) move(ctx context.Context, r *http.Request) error {
	l.PartitionKey = r.URL.Query().Get("to")
	b, _ := json.Marshal(aztables.Entity{PartitionKey: l.PartitionKey, RowKey: "bin-2"}) // want `TL201: PartitionKey comes from the request \(r.URL.Query\(\).Get\) unchecked`
	_, err := l.Tables.UpsertEntity(ctx, b, nil)
	return err
}
