// Package propsfill: a helper that makes the map it is given an entity's
// Properties; what callers put in that map are properties.
package propsfill

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type wiki struct{ tc *aztables.Client }

// store writes an entity whose properties are the caller's map.
func (w *wiki) store(ctx context.Context, page, rev string, props map[string]any) error { // want store:"fills\\(3→Properties\\)"
	e := aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: page, RowKey: rev}, Properties: props}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = w.tc.AddEntity(ctx, b, nil)
	return err
}

// storeAll passes its map on to store.
func (w *wiki) storeAll(ctx context.Context, page string, props map[string]any) error { // want storeAll:"fills\\(2→Properties\\)"
	return w.store(ctx, page, "latest", props)
}

// edit keeps the posted page text and a summary from the form.
func (w *wiki) edit(rw http.ResponseWriter, r *http.Request) {
	text, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	props := map[string]any{"Text": string(text), "Editor": "web"} // want `TL122: property Text is filled from io.ReadAll\(r.Body\) with no length check`
	props["Summary"] = r.PostFormValue("summary")                  // want `TL122: property Summary is filled from a request form value`
	_ = w.store(r.Context(), "home", "1", props)
}

// editLatest goes through the forwarding helper.
func (w *wiki) editLatest(rw http.ResponseWriter, r *http.Request) {
	text, _ := io.ReadAll(r.Body)
	_ = w.storeAll(r.Context(), "home", map[string]any{"Text": string(text)}) // want `TL122: property Text is filled from io.ReadAll\(r.Body\)`
}

// Silent: the text is checked against the limit before it is stored.
func (w *wiki) editChecked(rw http.ResponseWriter, r *http.Request) {
	text, err := io.ReadAll(r.Body)
	if err != nil || len(text) > 16*1024 {
		return
	}
	_ = w.store(r.Context(), "home", "1", map[string]any{"Text": string(text)})
}

// Silent: a map the helper is given but never makes a property map.
func (w *wiki) audit(ctx context.Context, fields map[string]any) error {
	_, err := json.Marshal(fields)
	return err
}

func (w *wiki) auditEdit(rw http.ResponseWriter, r *http.Request) {
	text, _ := io.ReadAll(r.Body)
	_ = w.audit(r.Context(), map[string]any{"Text": string(text)})
}
