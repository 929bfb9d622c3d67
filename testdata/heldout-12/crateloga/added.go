package crateloga

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// (added) Recount reads a crate, adds to its count and writes it back in
// Replace mode without the read's ETag.
func (d *Dock) Recount(ctx context.Context, dock, label string, delta int32) error {
	got, err := d.tc.GetEntity(ctx, dock, label, nil)
	if err != nil {
		return err
	}
	var c Crate
	if err := json.Unmarshal(got.Value, &c); err != nil {
		return err
	}
	c.Count += delta
	body, err := json.Marshal(c)
	if err != nil {
		return err
	}
	_, err = d.tc.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// ManifestLine is one line of a delivery manifest.
type ManifestLine struct {
	Dock  string
	Label string
	Count int32
}

// (added) UnloadManifest books a whole manifest in one transaction, each
// crate under the dock its line names.
func (d *Dock) UnloadManifest(ctx context.Context, lines []ManifestLine) error {
	var acts []aztables.TransactionAction
	for _, ln := range lines {
		body, err := json.Marshal(Crate{
			Entity: aztables.Entity{
				PartitionKey: ln.Dock, // L: TL403
				RowKey:       ln.Label,
			},
			Count: ln.Count,
		})
		if err != nil {
			return err
		}
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeAdd, Entity: body})
	}
	_, err := d.tc.SubmitTransaction(ctx, acts, nil) // L: TL401
	return err
}

// (added) StampArrival records when a crate reached the dock, in
// milliseconds, as a bare number.
func (d *Dock) StampArrival(ctx context.Context, dock, label string) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: dock, RowKey: label},
		Properties: map[string]any{
			"ArrivedMs": time.Now().UnixMilli(), // L: TL125
			"Gate":      int32(3),               // S
		},
	}
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = d.tc.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// (added) ServeBook books one crate from a form: the dock comes from the
// query string unchecked, the label is a fresh UUID.
func (d *Dock) ServeBook(w http.ResponseWriter, r *http.Request) {
	dock := r.URL.Query().Get("dock")
	if dock == "" {
		http.Error(w, "dock required", http.StatusBadRequest)
		return
	}
	c := Crate{
		Entity: aztables.Entity{
			PartitionKey: dock,                // L: TL201
			RowKey:       uuid.New().String(), // S
		},
		Shipper: "walk-in",
	}
	body, err := json.Marshal(c)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := d.tc.AddEntity(r.Context(), body, nil); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
