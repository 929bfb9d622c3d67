package rowquerya

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const messageTable = "messages"

// Message is a row of the messages table, one partition per network.
type Message struct {
	PartitionKey string
	RowKey       string
	Body         string
}

// Demo creates the table, adds one message and reads its body back.
func Demo(ctx context.Context, c *Client) (string, error) {
	if err := c.Create(ctx, messageTable); err != nil {
		return "", err
	}
	m := Message{PartitionKey: "network-1", RowKey: "1", Body: "first message"}
	if err := c.Insert(ctx, messageTable, m); err != nil && err != ErrEntityExists {
		return "", err
	}
	var got Message
	err := c.Get(ctx, RowQuery{Table: messageTable, PartitionKey: "network-1", RowKey: "1", Fields: []string{"Body", "RowKey", "PartitionKey"}}, &got)
	return got.Body, err
}

// MessageHandler (added) reads one message named by the query string.
func MessageHandler(c *Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := r.URL.Query()
		var m Message
		q := RowQuery{Table: messageTable, PartitionKey: v.Get("network"), RowKey: v.Get("id"), Fields: []string{"Body"}}
		if err := c.Get(r.Context(), q, &m); err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		_ = json.NewEncoder(w).Encode(m)
	}
}

// PartitionQuery (added) names a whole network's messages.
type PartitionQuery struct {
	Table        string
	PartitionKey string
	Fields       []string
}

// Filter pins the partition.
func (q PartitionQuery) Filter() string {
	return "PartitionKey eq '" + q.PartitionKey + "'" // L: TL321
}

// List (added) returns the rows of the first page the service sends.
func (c *Client) List(ctx context.Context, q PartitionQuery) ([]Message, error) {
	t, err := c.table(q.Table)
	if err != nil {
		return nil, err
	}
	f := q.Filter()
	sel := strings.Join(q.Fields, ",")
	pager := t.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	out := make([]Message, 0, len(page.Entities))
	for _, raw := range page.Entities {
		var m Message
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// Since (added) reads every message written after a time, across networks.
func (c *Client) Since(ctx context.Context, after time.Time) ([]Message, error) {
	t, err := c.table(messageTable)
	if err != nil {
		return nil, err
	}
	f := "Timestamp ge datetime'" + after.UTC().Format(time.RFC3339) + "'"     // S
	pager := t.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	var out []Message
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var m Message
			if err := json.Unmarshal(raw, &m); err != nil {
				return nil, err
			}
			out = append(out, m)
		}
	}
	return out, nil
}

type postBody struct {
	Network string `json:"network"`
	ID      string `json:"id"`
	Body    string `json:"body"`
}

// PostHandler (added) stores a message posted as JSON, keys as sent.
func PostHandler(c *Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in postBody
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10)).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		m := Message{
			PartitionKey: in.Network, // L: TL201
			RowKey:       in.ID,      // L: TL201
			Body:         in.Body,    // S
		}
		if err := c.Insert(r.Context(), messageTable, m); err != nil {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}
}

var keyShape = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// PostCheckedHandler (added) is PostHandler's twin: both keys must match a
// plain pattern first.
func PostCheckedHandler(c *Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in postBody
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10)).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if !keyShape.MatchString(in.Network) || !keyShape.MatchString(in.ID) {
			http.Error(w, "bad key", http.StatusBadRequest)
			return
		}
		m := Message{
			PartitionKey: in.Network, // S
			RowKey:       in.ID,      // S
			Body:         in.Body,
		}
		if err := c.Insert(r.Context(), messageTable, m); err != nil {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}
}
