package fieldkeys

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// meter is one gas meter's row.
type meter struct {
	aztables.Entity
	Reading int    `json:"reading"`
	Unit    string `json:"unit"`
	Serial  string `json:"serial"`
}

// slot names one row through its holder's fields.
type slot struct {
	site, id string
	spare    string
	tc       *aztables.Client
}

// The keys are the holder's fields on both sides: the same row, replaced
// with the reading only (unit and serial are deleted).
func (s *slot) zero(ctx context.Context) error {
	got, err := s.tc.GetEntity(ctx, s.site, s.id, nil)
	if err != nil {
		return err
	}
	var m meter
	if err := json.Unmarshal(got.Value, &m); err != nil {
		return err
	}
	b, _ := json.Marshal(map[string]any{"PartitionKey": s.site, "RowKey": s.id, "reading": 0})
	tag := got.ETag
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &tag, UpdateMode: aztables.UpdateModeReplace}) // want `TL411: UpdateEntity replaces the entity read at line 28 without serial, unit$`
	return err
}

// The keys copied to locals first, then used in a smaller struct.
type reading struct {
	aztables.Entity
	Reading int `json:"reading"`
}

func (s *slot) record(ctx context.Context, n int) error {
	pk, rk := s.site, s.id
	got, err := s.tc.GetEntity(ctx, s.site, s.id, nil)
	if err != nil {
		return err
	}
	var m meter
	_ = json.Unmarshal(got.Value, &m)
	b, _ := json.Marshal(reading{Entity: aztables.Entity{PartitionKey: pk, RowKey: rk}, Reading: m.Reading + n})
	_, err = s.tc.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // want `TL411: UpsertEntity replaces the entity read at line 50 without serial, unit$`
	return err
}

// Silent below.

// The RowKey is another field: another row.
func (s *slot) seedSpare(ctx context.Context) error {
	got, err := s.tc.GetEntity(ctx, s.site, s.id, nil)
	if err != nil {
		return err
	}
	var m meter
	_ = json.Unmarshal(got.Value, &m)
	b, _ := json.Marshal(map[string]any{"PartitionKey": s.site, "RowKey": s.spare, "reading": m.Reading})
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// The field is moved on between the read and the write: another row.
func (s *slot) advance(ctx context.Context, next string) error {
	got, err := s.tc.GetEntity(ctx, s.site, s.id, nil)
	if err != nil {
		return err
	}
	var m meter
	_ = json.Unmarshal(got.Value, &m)
	s.id = next
	b, _ := json.Marshal(map[string]any{"PartitionKey": s.site, "RowKey": s.id, "reading": m.Reading})
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// The same fields of two different holders: maybe two rows.
func copyTo(ctx context.Context, from, to *slot) error {
	got, err := from.tc.GetEntity(ctx, from.site, from.id, nil)
	if err != nil {
		return err
	}
	var m meter
	_ = json.Unmarshal(got.Value, &m)
	b, _ := json.Marshal(map[string]any{"PartitionKey": to.site, "RowKey": to.id, "reading": m.Reading})
	_, err = to.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// The same row in a Merge: the other properties stay.
func (s *slot) zeroMerge(ctx context.Context) error {
	got, err := s.tc.GetEntity(ctx, s.site, s.id, nil)
	if err != nil {
		return err
	}
	var m meter
	_ = json.Unmarshal(got.Value, &m)
	b, _ := json.Marshal(map[string]any{"PartitionKey": s.site, "RowKey": s.id, "reading": 0})
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &got.ETag, UpdateMode: aztables.UpdateModeMerge})
	return err
}
