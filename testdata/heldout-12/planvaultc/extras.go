package planvaultc

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// RenewHandler (added) marks a plan as still wanted so the sweep skips it
// for a while: read, stamp, write back.
func RenewHandler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	client, err := openPlans(ctx)
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	planID := r.URL.Query().Get("plan")
	got, err := client.GetEntity(ctx, serverHash(r), planID, nil) // L: TL201
	if err != nil {
		http.Error(w, "no such plan", http.StatusNotFound)
		return
	}
	var row aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &row); err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	row.Properties["Renewed"] = time.Now().UTC().Format(time.RFC3339)
	payload, err := json.Marshal(row)
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	if _, err := client.UpsertEntity(ctx, payload, nil); err != nil { // L: TL414
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// (added) SpacePlansHandler lists the caller's pending plans for one space.
func SpacePlansHandler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	client, err := openPlans(ctx)
	if err != nil {
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	sum := sha256.Sum256([]byte(r.Header.Get("X-Octopus-Url")))
	owner := hex.EncodeToString(sum[:])
	space := r.URL.Query().Get("space")
	filter := "PartitionKey eq '" + owner + // S
		"' and SpaceId eq '" + space + "'" // L: TL321
	pager := client.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &filter, // L: TL303
	})
	var ids []string
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			http.Error(w, "failed", http.StatusInternalServerError)
			return
		}
		for _, raw := range page.Entities {
			var row aztables.EDMEntity
			if json.Unmarshal(raw, &row) == nil {
				ids = append(ids, row.RowKey)
			}
		}
	}
	_ = json.NewEncoder(w).Encode(ids)
}
