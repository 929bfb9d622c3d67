package ownkeys

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Silent below: the write carries the read's ETag, or the row written
// is another one (a key that is not the read row's own key).

// The relabel with the read's ETag as IfMatch.
func (s *deckStore) relabelChecked(ctx context.Context, id, deck, label string) error {
	c, read, err := s.load(ctx, id, deck)
	if err != nil {
		return err
	}
	c.Fields["Label"] = label
	b, err := json.Marshal(entityOf(c))
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &read.ETag, UpdateMode: aztables.UpdateModeMerge})
	return err
}

// A copy of the card into the archive partition: a new row.
func (s *deckStore) archive(ctx context.Context, id, deck string) error {
	c, _, err := s.load(ctx, id, deck)
	if err != nil {
		return err
	}
	b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: "archive", RowKey: c.ID}, Properties: map[string]any{"Label": c.Fields["Label"]}})
	if err != nil {
		return err
	}
	_, err = s.tc.UpsertEntity(ctx, b, nil)
	return err
}

// The next card of the chain, keyed by a property of the one read (not
// its RowKey): another row, given the label of the first.
func (s *deckStore) passOn(ctx context.Context, id, deck string) error {
	c, _, err := s.load(ctx, id, deck)
	if err != nil {
		return err
	}
	b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: c.Deck, RowKey: c.Next}, Properties: map[string]any{"Label": c.Fields["Label"]}})
	if err != nil {
		return err
	}
	_, err = s.tc.UpsertEntity(ctx, b, nil)
	return err
}

// The keys swapped: the read row's RowKey as the PartitionKey of a
// reverse index row.
func (s *deckStore) index(ctx context.Context, id, deck string) error {
	c, _, err := s.load(ctx, id, deck)
	if err != nil {
		return err
	}
	b, err := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: c.ID, RowKey: c.Deck}, Properties: map[string]any{"Label": c.Fields["Label"]}})
	if err != nil {
		return err
	}
	_, err = s.tc.UpsertEntity(ctx, b, nil)
	return err
}
