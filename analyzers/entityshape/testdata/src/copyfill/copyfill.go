// Package copyfill: property values followed through a helper that copies
// the map it is given into the entity's Properties, through a map
// variable given as Properties, and through methods whose receiver's
// fields fill properties.
package copyfill

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

type notes struct{ tc *aztables.Client }

// put copies the caller's fields, entry by entry, into what it writes.
func (n *notes) put(ctx context.Context, pk, rk string, fields map[string]string) error { // want put:"fills\\(3→Properties\\)"
	props := make(map[string]any, len(fields))
	for k, v := range fields {
		props[k] = v
	}
	b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Properties: props})
	if err != nil {
		return err
	}
	_, err = n.tc.AddEntity(ctx, b, nil)
	return err
}

// putAll copies with maps.Copy.
func (n *notes) putAll(ctx context.Context, pk string, fields map[string]any) error { // want putAll:"fills\\(2→Properties\\)"
	props := map[string]any{}
	maps.Copy(props, fields)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: pk, RowKey: "1"}, Properties: props})
	_, err := n.tc.AddEntity(ctx, b, nil)
	return err
}

type noteRequest struct {
	Title string
	Tags  []string
	Extra json.RawMessage
}

// save keeps the request's tags as one JSON text.
func (n *notes) save(w http.ResponseWriter, r *http.Request) {
	var in noteRequest
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		return
	}
	tags, _ := json.Marshal(in.Tags)
	_ = n.put(r.Context(), "notes", in.Title, map[string]string{
		"Title": in.Title,
		"Tags":  string(tags), // want `TL122: property Tags is filled from a marshalled document \(in.Tags\) with no length check`
	})
	extra, _ := json.Marshal(in.Extra)
	_ = n.putAll(r.Context(), "notes", map[string]any{"Extra": string(extra)}) // want `TL122: property Extra is filled from a marshalled document \(in.Extra\)`
}

// Silent: the body is limited to 16 KiB before it is decoded, so what is
// marshalled from it is as small.
func (n *notes) saveSmall(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	var in noteRequest
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		return
	}
	tags, _ := json.Marshal(in.Tags)
	_ = n.put(r.Context(), "notes", in.Title, map[string]string{"Tags": string(tags)})
}

// Silent: a helper that copies the caller's map into one it only logs.
func (n *notes) trace(ctx context.Context, fields map[string]string) []byte {
	seen := map[string]any{}
	for k, v := range fields {
		seen[k] = v
	}
	b, _ := json.Marshal(seen)
	return b
}

func (n *notes) saveTraced(w http.ResponseWriter, r *http.Request) {
	var in noteRequest
	_ = json.NewDecoder(r.Body).Decode(&in)
	tags, _ := json.Marshal(in.Tags)
	_ = n.trace(r.Context(), map[string]string{"Tags": string(tags)})
}

// job is a finished job: its Output is whatever the runner produced.
type job struct {
	ID     string
	Name   string
	Output string
}

// row maps the job to its row; the map given as Properties is a variable.
func (j *job) row(t *storage.Table) *storage.Entity { // want row:"fills\\(recv.Name→Name, recv.Output→Output\\)"
	props := map[string]interface{}{
		"Name":   j.Name,
		"Output": j.Output, // want `TL122: property Output is filled with what line 121 passes to record, with no length check`
	}
	return &storage.Entity{Table: t, PartitionKey: j.ID, RowKey: j.Name, Properties: props}
}

// record writes the job's row, replacing any earlier one.
func record(t *storage.Table, j *job) error { // want record:"fills\\(1.Name→Name, 1.Output→Output\\)"
	return j.row(t).InsertOrReplace(nil)
}

// Finish stores the outputs, encoded whole, with the job.
func Finish(t *storage.Table, id string, outputs map[string]string) error {
	enc, err := json.Marshal(outputs)
	if err != nil {
		return err
	}
	j := &job{ID: id, Name: "done", Output: string(enc)}
	return record(t, j)
}

// Silent: the encoded outputs are checked against the limit first.
func FinishChecked(t *storage.Table, id string, outputs map[string]string) error {
	enc, err := json.Marshal(outputs)
	if err != nil || len(enc) > 30000 {
		return err
	}
	j := &job{ID: id, Name: "checked", Output: string(enc)}
	return record(t, j)
}

// page is a stored page: its Body is the caller's.
type page struct{ ID, Body string }

// pageProps returns the properties of a page row.
func pageProps(p page) map[string]any { // want pageProps:"fills\\(0.Body→Body\\)"
	return map[string]any{"Body": p.Body} // want `TL122: property Body is filled from io.ReadAll\(r.Body\) \(passed at line 145\) with no length check`
}

func (n *notes) savePage(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	p := page{ID: "1", Body: string(body)}
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "pages", RowKey: p.ID}, Properties: pageProps(p)})
	_, _ = n.tc.AddEntity(r.Context(), b, nil)
}

// Silent: the same kind of map, logged rather than written.
func logProps(p page) map[string]any { return map[string]any{"Body": p.Body} }

func (n *notes) logPage(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	_ = logProps(page{Body: string(body)})
}
