package rebuilt

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Each row holds one JSON document in its Body property.
type shelf struct {
	tc *aztables.Client
}

// Stock is the document of a warehouse bin.
type Stock struct {
	Items map[string]int
	Notes []string
}

// fetch decodes the document of one row into out; the ETag stays here.
func (s *shelf) fetch(ctx context.Context, bin, slot string, out any) error {
	resp, err := s.tc.GetEntity(ctx, bin, slot, nil)
	if err != nil {
		return err
	}
	var row aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return err
	}
	body, _ := row.Properties["Body"].(string)
	return json.Unmarshal([]byte(body), out)
}

// current returns the document of one row; the ETag stays here too.
func (s *shelf) current(ctx context.Context, bin, slot string) (Stock, error) {
	var st Stock
	err := s.fetch(ctx, bin, slot, &st)
	return st, err
}

// A new entity under the keys it was read with, its Body derived from
// the document read: the same row, replaced without a condition.
func (s *shelf) take(ctx context.Context, bin, slot, item string) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	st.Items[item]--
	doc, _ := json.Marshal(st)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: bin, RowKey: slot}, Properties: map[string]any{"Body": string(doc)}})
	_, err := s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL414: UpdateEntity rewrites the entity read by GetEntity \(through fetch\) from its data without IfMatch`
	return err
}

// The same through a helper that returns the document.
func (s *shelf) note(ctx context.Context, bin, slot, text string) error {
	st, err := s.current(ctx, bin, slot)
	if err != nil {
		return err
	}
	st.Notes = append(st.Notes, text)
	doc, _ := json.Marshal(st)
	row := aztables.EDMEntity{Properties: map[string]any{"Body": string(doc)}}
	row.PartitionKey, row.RowKey = bin, slot
	b, _ := json.Marshal(row)
	_, err = s.tc.UpsertEntity(ctx, b, nil) // want `TL414: UpsertEntity rewrites the entity read by GetEntity \(through current\) from its data without IfMatch`
	return err
}

// Read and rebuilt in one function, the keys constants.
func (s *shelf) restock(ctx context.Context) error {
	resp, err := s.tc.GetEntity(ctx, "bins", "main", nil)
	if err != nil {
		return err
	}
	var row aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return err
	}
	n, _ := row.Properties["Count"].(int32)
	m := map[string]any{"PartitionKey": "bins", "RowKey": "main", "Count": n + 10}
	b, _ := json.Marshal(m)
	_, err = s.tc.UpdateEntity(ctx, b, nil) // want `TL414: UpdateEntity rewrites the entity read by GetEntity from its data without IfMatch`
	return err
}

// put stores a document as a bin's row, unconditionally.
func (s *shelf) put(ctx context.Context, bin, slot string, st Stock) error {
	doc, _ := json.Marshal(st)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: bin, RowKey: slot}, Properties: map[string]any{"Body": string(doc)}})
	_, err := s.tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// Read through one helper, written back through another under the
// same keys.
func (s *shelf) clear(ctx context.Context, bin, slot string) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	st.Notes = nil
	return s.put(ctx, bin, slot, st) // want `TL414: put rewrites the entity read by GetEntity \(through fetch\) from its data \(UpsertEntity, no IfMatch\)`
}

// Silent below.

// Through the same helper, a fresh document: nothing derives from the
// read.
func (s *shelf) wipe(ctx context.Context, bin, slot string) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	return s.put(ctx, bin, slot, Stock{Items: map[string]int{}})
}

// Through the same helper, the document read stored under a new slot.
func (s *shelf) fork(ctx context.Context, bin, slot, to string) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	return s.put(ctx, bin, to, st)
}

// The document moved under another RowKey: a copy, not the row read.
func (s *shelf) archive(ctx context.Context, bin, slot string) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	doc, _ := json.Marshal(st)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: bin, RowKey: slot + "-old"}, Properties: map[string]any{"Body": string(doc)}})
	_, err := s.tc.UpsertEntity(ctx, b, nil)
	return err
}

// Read to see that the row exists, then overwritten with a fresh
// document: nothing written is derived from the read.
func (s *shelf) reset(ctx context.Context, bin, slot string) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	doc, _ := json.Marshal(Stock{Items: map[string]int{}})
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: bin, RowKey: slot}, Properties: map[string]any{"Body": string(doc)}})
	_, err := s.tc.UpdateEntity(ctx, b, nil)
	return err
}

// Derived from the read, under its keys, but conditional on an ETag.
func (s *shelf) takeIf(ctx context.Context, bin, slot, item string, tag azcore.ETag) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	st.Items[item]--
	doc, _ := json.Marshal(st)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: bin, RowKey: slot}, Properties: map[string]any{"Body": string(doc)}})
	_, err := s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &tag})
	return err
}

// Derived from the read, under its keys, but added: an insert fails on
// conflict instead of overwriting.
func (s *shelf) duplicate(ctx context.Context, bin, slot string) error {
	var st Stock
	if err := s.fetch(ctx, bin, slot, &st); err != nil {
		return err
	}
	doc, _ := json.Marshal(st)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: bin, RowKey: slot}, Properties: map[string]any{"Body": string(doc)}})
	_, err := s.tc.AddEntity(ctx, b, nil)
	return err
}

// Read from one bin, written into another with the first's document.
func (s *shelf) copyBin(ctx context.Context, from, to, slot string) error {
	var st Stock
	if err := s.fetch(ctx, from, slot, &st); err != nil {
		return err
	}
	doc, _ := json.Marshal(st)
	b, _ := json.Marshal(aztables.EDMEntity{Entity: aztables.Entity{PartitionKey: to, RowKey: slot}, Properties: map[string]any{"Body": string(doc)}})
	_, err := s.tc.UpsertEntity(ctx, b, nil)
	return err
}
