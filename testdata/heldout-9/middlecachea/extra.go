package middlecachea

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Invalidate handles DELETE /api/{rest...}?row=…: the keys go to the
// store as the client sent them.
func (g *Gateway) Invalidate(w http.ResponseWriter, r *http.Request) {
	part := r.PathValue("rest")
	row := r.URL.Query().Get("row")
	if err := g.Store.Remove(r.Context(), part, row); err != nil {
		http.Error(w, "delete failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Prefetch warms one cleaned key with at most 32 KiB of upstream text.
func (g *Gateway) Prefetch(ctx context.Context, path string) error {
	resp, err := http.Get(g.Upstream + "/" + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(io.LimitReader(resp.Body, 32<<10))
	if err != nil {
		return err
	}
	part := scrub(path)
	props := map[string]any{
		"Value": string(text), // S
	}
	return g.Store.Save(ctx, part, part+"_", props)
}

// Stamp writes the expiry of a cached answer next to it.
func (s *RowStore) Stamp(ctx context.Context, part, row string, ttl time.Duration) error {
	b, err := json.Marshal(map[string]any{
		"PartitionKey": part,
		"RowKey":       row,
		"ExpiresMs":    time.Now().Add(ttl).UnixMilli(), // L: TL125
	})
	if err != nil {
		return err
	}
	_, err = s.rows.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// StampTyped is Stamp's twin with the milliseconds typed as Int64.
func (s *RowStore) StampTyped(ctx context.Context, part, row string, ttl time.Duration) error {
	e := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: part, RowKey: row},
		Properties: map[string]any{
			"ExpiresMs": aztables.EDMInt64(time.Now().Add(ttl).UnixMilli()), // S
		},
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = s.rows.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// cachedRow is a row as the refreshers read it.
type cachedRow struct {
	aztables.Entity
	Value    string
	Upstream string
	Hits     int32
}

// Touch counts a hit: read, change, write back with no condition.
func (s *RowStore) Touch(ctx context.Context, part, row string) error {
	resp, err := s.rows.GetEntity(ctx, part, row, nil)
	if err != nil {
		return err
	}
	var c cachedRow
	if err := json.Unmarshal(resp.Value, &c); err != nil {
		return err
	}
	c.Hits++
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	_, err = s.rows.UpdateEntity(ctx, b, nil) // L: TL414
	return err
}

// Replace puts a new answer in place only if nobody changed the row since
// it was read.
func (s *RowStore) Replace(ctx context.Context, part, row, value string) error {
	resp, err := s.rows.GetEntity(ctx, part, row, nil)
	if err != nil {
		return err
	}
	var c cachedRow
	if err := json.Unmarshal(resp.Value, &c); err != nil {
		return err
	}
	c.Value = value
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	_, err = s.rows.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}) // S
	return err
}

// Purge handles DELETE /purge?upstream=…: every row fetched from that
// upstream is found by its Upstream property and deleted.
func (g *Gateway) Purge(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	filter := "Upstream eq '" + r.URL.Query().Get("upstream") + "'"                                               // L: TL321
	pager := g.Store.rows.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter, Select: &keysOnly}) // L: TL301 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			http.Error(w, "purge failed", http.StatusInternalServerError)
			return
		}
		for _, raw := range page.Entities {
			var k aztables.Entity
			if err := json.Unmarshal(raw, &k); err != nil {
				continue
			}
			if _, err := g.Store.rows.DeleteEntity(ctx, k.PartitionKey, k.RowKey, nil); err != nil {
				http.Error(w, "purge failed", http.StatusInternalServerError)
				return
			}
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

var keysOnly = "PartitionKey,RowKey"
