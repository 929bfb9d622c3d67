// Package localfill puts values into properties through helpers of the
// same package: a caller that passes an unbounded value is reported where
// the helper fills the property.
package localfill

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/Azure/azure-sdk-for-go/storage"
)

// keepNote stores a note in the legacy API's property map.
func keepNote(t *storage.Table, id string, text []byte) error { // want keepNote:"fills\\(2→Text, 1→Owner\\)"
	e := t.GetEntityReference("notes", id)
	e.Properties = map[string]interface{}{
		"Text":  string(text), // want `TL122: property Text is filled from io.ReadAll\(req.Body\) \(passed at line 47\) with no length check`
		"Owner": id,
	}
	return e.Insert(storage.FullMetadata, nil)
}

// keepScan stores a scan's bytes, one entry at a time.
func keepScan(t *storage.Table, id string, scan []byte) error { // want keepScan:"fills\\(2→Image\\)"
	e := t.GetEntityReference("scans", id)
	e.Properties = map[string]interface{}{}
	e.Properties["Image"] = scan // want `TL123: property Image is filled from a whole file \(os.ReadFile\) \(passed at line 60\) with no length check`
	return e.InsertOrReplace(nil)
}

type Note struct {
	PartitionKey string
	RowKey       string
	Body         string
}

func postNote(t *storage.Table, w http.ResponseWriter, req *http.Request) {
	raw, err := io.ReadAll(req.Body)
	if err != nil {
		return
	}
	if err := keepNote(t, req.URL.Query().Get("id"), raw); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
	if err := keepNote(t, "again", raw); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func importScan(t *storage.Table, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return keepScan(t, path, data)
}

// Silent: the caller checks the length first.
func postShortNote(t *storage.Table, req *http.Request) error {
	raw, err := io.ReadAll(req.Body)
	if err != nil {
		return err
	}
	if len(raw) > 4096 {
		return errors.New("note too long")
	}
	return keepNote(t, "short", raw)
}

// Silent: a constant.
func welcome(t *storage.Table) error { return keepNote(t, "welcome", []byte("hello")) }

// Silent: the helper checks the length itself.
func saveChecked(ctx context.Context, c *aztables.Client, id string, body string) error {
	if len(body) > 30000 {
		return errors.New("body too long")
	}
	b, _ := json.Marshal(Note{PartitionKey: "n", RowKey: id, Body: body})
	_, err := c.AddEntity(ctx, b, nil)
	return err
}

func postChecked(ctx context.Context, c *aztables.Client, req *http.Request) error {
	raw, _ := io.ReadAll(req.Body)
	return saveChecked(ctx, c, "x", string(raw))
}

// Silent: a legacy map that is not an entity's properties.
func headers(req *http.Request) map[string]interface{} {
	raw, _ := io.ReadAll(req.Body)
	return map[string]interface{}{"Body": string(raw)}
}
