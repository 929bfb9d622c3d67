package sealedkv

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Change (added) applies fn to the stored value: read, change, upsert.
func (s *KV[V]) Change(ctx context.Context, group, name string, fn func(V) V) error {
	resp, err := s.tc.GetEntity(ctx, group, name, nil)
	if err != nil {
		return err
	}
	var c cell
	if err := json.Unmarshal(resp.Value, &c); err != nil {
		return err
	}
	plain, err := s.open(c.Blob)
	if err != nil {
		return err
	}
	var v V
	_ = json.Unmarshal(plain, &v)
	next, _ := json.Marshal(fn(v))
	if c.Blob, err = s.seal(next); err != nil {
		return err
	}
	b, _ := json.Marshal(c)
	_, err = s.tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{ETag: resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// ChangeIfSame (added) is Change's twin: a Replace under the read's ETag.
func (s *KV[V]) ChangeIfSame(ctx context.Context, group, name string, fn func(V) V) error {
	resp, err := s.tc.GetEntity(ctx, group, name, nil)
	if err != nil {
		return err
	}
	var c cell
	if err := json.Unmarshal(resp.Value, &c); err != nil {
		return err
	}
	plain, err := s.open(c.Blob)
	if err != nil {
		return err
	}
	var v V
	_ = json.Unmarshal(plain, &v)
	next, _ := json.Marshal(fn(v))
	if c.Blob, err = s.seal(next); err != nil {
		return err
	}
	b, _ := json.Marshal(c)
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

type attachment struct {
	aztables.Entity
	Name string
	Data []byte
}

// Attach (added) stores an uploaded file of up to 10 MiB in the row itself.
func (s *KV[V]) Attach(w http.ResponseWriter, r *http.Request, group string) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 10<<20))
	if err != nil {
		http.Error(w, "upload too large", http.StatusRequestEntityTooLarge)
		return
	}
	a := attachment{Entity: aztables.Entity{PartitionKey: group, RowKey: "file"}, Name: r.Header.Get("X-File-Name")}
	a.Data = body // L: TL121 TL123
	b, _ := json.Marshal(a)
	_, _ = s.tc.UpsertEntity(r.Context(), b, nil)
}

// Thumb (added) is the twin: a thumbnail limited to 60 000 bytes.
func (s *KV[V]) Thumb(w http.ResponseWriter, r *http.Request, group string) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 60000))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	a := attachment{Entity: aztables.Entity{PartitionKey: group, RowKey: "thumb"}, Name: "thumb"}
	a.Data = body // S
	b, _ := json.Marshal(a)
	_, _ = s.tc.UpsertEntity(r.Context(), b, nil)
}
