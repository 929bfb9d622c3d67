// Package ownkeys: entities rebuilt from a read and written under the
// keys the read row itself carries (its decoded PartitionKey and
// RowKey), not under the keys the read was asked with — the same row,
// replaced without its ETag.
package ownkeys

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// card is what the store hands back: the row's keys and its text
// properties; the ETag stays in the response.
type card struct {
	Deck   string
	ID     string
	Next   string
	Fields map[string]string
}

type deckStore struct{ tc *aztables.Client }

// load reads a card and returns it with the response.
func (s *deckStore) load(ctx context.Context, id, deck string) (*card, aztables.GetEntityResponse, error) {
	resp, err := s.tc.GetEntity(ctx, deck, id, nil)
	if err != nil {
		return nil, resp, err
	}
	c, err := toCard(resp.Value)
	return c, resp, err
}

// toCard decodes a row: its keys become the card's Deck and ID.
func toCard(raw []byte) (*card, error) {
	var e aztables.EDMEntity
	if err := json.Unmarshal(raw, &e); err != nil {
		return nil, err
	}
	f := map[string]string{}
	for k, v := range e.Properties {
		if s, ok := v.(string); ok {
			f[k] = s
		}
	}
	next, _ := e.Properties["next"].(string)
	return &card{Deck: e.PartitionKey, ID: e.RowKey, Next: next, Fields: f}, nil
}

// entityOf lays a card out as a row under the keys it carries.
func entityOf(c *card) aztables.EDMEntity {
	props := map[string]any{}
	for k, v := range c.Fields {
		props[k] = v
	}
	return aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: c.Deck, RowKey: c.ID}, Properties: props}
}

// A card read through the store, relabelled and merged back under its
// own keys without IfMatch.
func (s *deckStore) relabel(ctx context.Context, id, deck, label string) error {
	c, _, err := s.load(ctx, id, deck)
	if err != nil {
		return err
	}
	c.Fields["Label"] = label
	props := map[string]any{}
	for k, v := range c.Fields {
		props[k] = v
	}
	b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: c.Deck, RowKey: c.ID}, Properties: props})
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge}) // want `TL414: UpdateEntity rewrites the entity read by GetEntity \(through load\) from its data without IfMatch`
	return err
}

// Read and rewritten in one function: a map under the decoded keys.
func (s *deckStore) count(ctx context.Context, deck, id string) error {
	resp, err := s.tc.GetEntity(ctx, deck, id, nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		return err
	}
	n, _ := e.Properties["Views"].(int32)
	row := map[string]any{"PartitionKey": e.PartitionKey, "RowKey": e.RowKey, "Views": n + 1}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity rewrites the entity read by GetEntity from its data without IfMatch`
	return err
}
