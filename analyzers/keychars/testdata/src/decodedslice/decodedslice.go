// Package decodedslice: a request body decoded into a slice of items,
// each ranged over (directly, or handed to a helper) and its fields,
// nested fields and metadata map entries made keys.
package decodedslice

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type item struct {
	Key  string            `json:"key"`
	Meta map[string]string `json:"meta"`
}

type op struct {
	Kind string `json:"kind"`
	Req  item   `json:"req"`
}

type store struct {
	app string
	c   *aztables.Client
}

// part is the metadata's partition, else the application's name.
func (s *store) part(md map[string]string) string {
	if pk := md["pk"]; pk != "" {
		return pk
	}
	return s.app
}

func (s *store) saveAll(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	var items []item
	if err := json.Unmarshal(body, &items); err != nil {
		return
	}
	for _, it := range items {
		_ = s.save(r.Context(), it)
	}
}

func (s *store) save(ctx context.Context, it item) error {
	e := aztables.Entity{
		PartitionKey: s.part(it.Meta), // want `TL201: PartitionKey comes from the request \(body.Meta`
		RowKey:       it.Key,          // want `TL201: RowKey comes from the request \(body.Key`
	}
	b, _ := json.Marshal(e)
	_, err := s.c.UpsertEntity(ctx, b, nil)
	return err
}

func (s *store) transact(w http.ResponseWriter, r *http.Request) {
	var ops []op
	if err := json.NewDecoder(r.Body).Decode(&ops); err != nil {
		return
	}
	for _, o := range ops {
		e := aztables.Entity{
			PartitionKey: s.part(o.Req.Meta), // want `TL201: PartitionKey comes from the request \(body.Req.Meta`
			RowKey:       o.Req.Key,          // want `TL201: RowKey comes from the request \(body.Req.Key`
		}
		b, _ := json.Marshal(e)
		_, _ = s.c.UpsertEntity(r.Context(), b, nil)
	}
}

var keyRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Silent: the same operations, each key checked against a pattern.
func (s *store) transactChecked(w http.ResponseWriter, r *http.Request) {
	var ops []op
	if err := json.NewDecoder(r.Body).Decode(&ops); err != nil {
		return
	}
	for _, o := range ops {
		pk := s.part(o.Req.Meta)
		if !keyRe.MatchString(pk) || !keyRe.MatchString(o.Req.Key) {
			return
		}
		e := aztables.Entity{PartitionKey: pk, RowKey: o.Req.Key}
		b, _ := json.Marshal(e)
		_, _ = s.c.UpsertEntity(r.Context(), b, nil)
	}
}

// Silent: the range variable's key is replaced before it is used.
func (s *store) transactFixed(w http.ResponseWriter, r *http.Request) {
	var ops []op
	if err := json.NewDecoder(r.Body).Decode(&ops); err != nil {
		return
	}
	for _, o := range ops {
		o.Req.Key = "fixed"
		e := aztables.Entity{PartitionKey: "ops", RowKey: o.Req.Key}
		b, _ := json.Marshal(e)
		_, _ = s.c.UpsertEntity(r.Context(), b, nil)
	}
}
