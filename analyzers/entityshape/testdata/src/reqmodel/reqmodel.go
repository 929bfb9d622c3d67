// Package reqmodel: raw fields (json.RawMessage, []byte) of a request
// model decoded from the body (json.NewDecoder(r.Body).Decode,
// json.Unmarshal of the body read whole) stored as properties: as long as
// the client makes them, unless the body is limited or the field checked.
// Its string fields are not reported (the corpora's labels do not count
// them as mistakes: a name, a status, an e-mail address).
package reqmodel

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

type address struct {
	Street string
	Extra  json.RawMessage
}

type line struct {
	Text   string
	Attach []byte
	Qty    int
}

type ticketRequest struct {
	ID      string
	Subject string
	Body    string
	Meta    json.RawMessage
	Blob    []byte
	Count   int
	Urgent  bool
	Due     time.Time
	Home    address
	Lines   []line
}

type ticketRow struct {
	aztables.Entity
	Subject string
	Body    string
	Meta    string
	Blob    []byte
	Street  string
	Extra   string
	Line    string
	Count   int
	Urgent  bool
	Due     time.Time
}

type api struct{ tc *aztables.Client }

func (a *api) put(ctx context.Context, row ticketRow) {
	b, _ := json.Marshal(row)
	_, _ = a.tc.UpsertEntity(ctx, b, nil)
}

// create decodes the model from the body and stores its fields as they
// came.
func (a *api) create(w http.ResponseWriter, r *http.Request) {
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	b, _ := json.Marshal(ticketRow{
		Entity:  aztables.Entity{PartitionKey: "t", RowKey: "1"},
		Subject: req.Subject,
		Meta:    string(req.Meta), // want `TL122: property Meta is filled from a request field \(body.Meta\) with no length check`
		Blob:    req.Blob,         // want `TL123: property Blob is filled from a request field \(body.Blob\) with no length check`
		Street:  req.Home.Street,
		Extra:   string(req.Home.Extra), // want `TL122: property Extra is filled from a request field \(body.Home.Extra\) with no length check`
		Count:   req.Count,
		Urgent:  req.Urgent,
		Due:     req.Due,
	})
	_, _ = a.tc.AddEntity(r.Context(), b, nil)
	for _, l := range req.Lines {
		row := ticketRow{Entity: aztables.Entity{PartitionKey: "t", RowKey: strconv.Itoa(l.Qty)}}
		row.Line = l.Text
		row.Blob = l.Attach // want `TL123: property Blob is filled from a request field \(body.Lines.Attach\) with no length check`
		a.put(r.Context(), row)
	}
}

// update reads the body whole and unmarshals it.
func (a *api) update(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	var req ticketRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return
	}
	text, meta := req.Body, string(req.Meta)
	b, _ := json.Marshal(ticketRow{Entity: aztables.Entity{PartitionKey: "t", RowKey: "2"}, Body: text, Meta: meta}) // want `TL122: property Meta is filled from a request field \(body.Meta\) with no length check`
	_, _ = a.tc.UpsertEntity(r.Context(), b, nil)
}

// Silent: the body is limited to 16 KiB before it is decoded.
func (a *api) createSmall(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	b, _ := json.Marshal(ticketRow{Entity: aztables.Entity{PartitionKey: "t", RowKey: "3"}, Subject: req.Subject, Meta: string(req.Meta), Blob: req.Blob})
	_, _ = a.tc.AddEntity(r.Context(), b, nil)
}

// Silent: read whole through io.LimitReader, then unmarshalled.
func (a *api) updateSmall(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 8<<10))
	if err != nil {
		return
	}
	var req ticketRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return
	}
	b, _ := json.Marshal(ticketRow{Entity: aztables.Entity{PartitionKey: "t", RowKey: "4"}, Body: req.Body, Meta: string(req.Meta)})
	_, _ = a.tc.UpsertEntity(r.Context(), b, nil)
}

// Silent: each text's length is checked before the write; the ID is
// parsed; the numbers, flags and times are bounded by their type.
func (a *api) createChecked(w http.ResponseWriter, r *http.Request) {
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	if len(req.Subject) > 200 || len(req.Meta) > 4096 || len(req.Blob) > 4096 {
		http.Error(w, "too long", http.StatusBadRequest)
		return
	}
	id, err := uuid.Parse(req.ID)
	if err != nil {
		return
	}
	b, _ := json.Marshal(ticketRow{
		Entity:  aztables.Entity{PartitionKey: "t", RowKey: id.String()},
		Subject: req.Subject,
		Meta:    string(req.Meta),
		Blob:    req.Blob,
		Body:    req.ID,
		Line:    strconv.Itoa(req.Count),
		Count:   req.Count,
		Urgent:  req.Urgent,
		Due:     req.Due,
	})
	_, _ = a.tc.AddEntity(r.Context(), b, nil)
}

// Silent: a model the code builds itself, not decoded from a request.
func (a *api) sample(ctx context.Context) {
	req := ticketRequest{Subject: "hello", Body: "world", Meta: json.RawMessage(`{}`)}
	b, _ := json.Marshal(ticketRow{Entity: aztables.Entity{PartitionKey: "t", RowKey: "5"}, Subject: req.Subject, Body: req.Body, Meta: string(req.Meta)})
	_, _ = a.tc.AddEntity(ctx, b, nil)
}

// Silent: a model decoded from bytes the caller passes (the code's own
// configuration), not from a request.
func (a *api) seed(ctx context.Context, data []byte) {
	var req ticketRequest
	if err := json.Unmarshal(data, &req); err != nil {
		return
	}
	b, _ := json.Marshal(ticketRow{Entity: aztables.Entity{PartitionKey: "t", RowKey: "6"}, Subject: req.Subject, Meta: string(req.Meta)})
	_, _ = a.tc.AddEntity(ctx, b, nil)
}

// saveNote puts its text into a property: its callers are checked.
func (a *api) saveNote(ctx context.Context, rk, text string) { // want saveNote:"fills\\(2→Body\\)"
	b, _ := json.Marshal(ticketRow{Entity: aztables.Entity{PartitionKey: "n", RowKey: rk}, Body: text}) // want `TL122: property Body is filled from a request field \(body.Meta\) \(passed at line 202\) with no length check`
	_, _ = a.tc.UpsertEntity(ctx, b, nil)
}

// rowOf copies the model's subject and metadata into a row.
func rowOf(req ticketRequest) ticketRow { // want rowOf:"fills\\(0.Subject→Subject, 0.Meta→Meta\\)"
	return ticketRow{
		Entity:  aztables.Entity{PartitionKey: "r", RowKey: "1"},
		Subject: req.Subject,
		Meta:    string(req.Meta), // want `TL122: property Meta is filled from a request field \(body.Meta\) \(passed at line 203\) with no length check`
	}
}

// note passes a decoded field to the helper, and the decoded model to
// rowOf.
func (a *api) note(w http.ResponseWriter, r *http.Request) {
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	a.saveNote(r.Context(), "1", string(req.Meta))
	a.put(r.Context(), rowOf(req))
}

// Silent: the helper is given a checked field and a model built here.
func (a *api) noteChecked(w http.ResponseWriter, r *http.Request) {
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	if len(req.Meta) > 1000 {
		return
	}
	a.saveNote(r.Context(), "2", string(req.Meta))
	a.put(r.Context(), rowOf(ticketRequest{Subject: "fixed", Meta: json.RawMessage(`{}`)}))
}
