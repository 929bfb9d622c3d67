package inventoryb

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

var kindPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{1,40}$`)

// ServeKind answers GET /stock?kind=… with every line of that kind.
func (s *Shop) ServeKind(w http.ResponseWriter, r *http.Request) {
	kind := r.URL.Query().Get("kind")
	filter := fmt.Sprintf("PartitionKey eq '%s'", kind) // L: TL321
	pager := s.lines.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var all []Line
	for pager.More() {
		page, err := pager.NextPage(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		for _, raw := range page.Entities {
			var ln Line
			if err := json.Unmarshal(raw, &ln); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			all = append(all, ln)
		}
	}
	_ = json.NewEncoder(w).Encode(all)
}

// ServeNew answers POST /stock/{kind} with a new line under a fresh number;
// the caption comes from the posted form.
func (s *Shop) ServeNew(w http.ResponseWriter, r *http.Request) {
	kind := r.PathValue("kind")
	if !kindPattern.MatchString(kind) {
		http.Error(w, "bad kind", http.StatusBadRequest)
		return
	}
	ln := Line{
		Entity: aztables.Entity{
			PartitionKey: kind,             // S
			RowKey:       uuid.NewString(), // S
		},
		Caption: r.FormValue("caption"), // L: TL122
		OnShelf: 0,
	}
	raw, err := json.Marshal(ln)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := s.lines.AddEntity(r.Context(), raw, nil); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// ImportKind stores a delivery of one kind line by line.
func (s *Shop) ImportKind(ctx context.Context, kind string, delivery []Line) error {
	for i := range delivery {
		delivery[i].PartitionKey = kind
		raw, _ := json.Marshal(delivery[i])
		if _, err := s.lines.AddEntity(ctx, raw, nil); err != nil { // L: TL406
			return err
		}
	}
	return nil
}
