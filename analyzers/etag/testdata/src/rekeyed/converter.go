package rekeyed

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// face is the code's own view of a row; faceRow the row.
type face struct {
	Owner, ID string
	Score     int
}

type faceRow struct {
	aztables.Entity
	Score int
}

func toFace(r faceRow) face { return face{Owner: r.PartitionKey, ID: r.RowKey, Score: r.Score} }

func toRow(f face) faceRow {
	return faceRow{Entity: aztables.Entity{PartitionKey: f.Owner, RowKey: f.ID}, Score: f.Score}
}

func (s *shelf) facesOf(ctx context.Context, owner string) []face {
	var out []face
	p := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &owner})
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return out
		}
		for _, raw := range page.Entities {
			var r faceRow
			if json.Unmarshal(raw, &r) == nil {
				out = append(out, toFace(r))
			}
		}
	}
	return out
}

// Merge moves every face of one owner to another: the converter takes
// the new owner as the PartitionKey, a new entity.
func (s *shelf) Merge(ctx context.Context, from, to string) {
	for _, f := range s.facesOf(ctx, from) {
		f.Owner = to
		b, _ := json.Marshal(toRow(f))
		_, _ = s.tc.UpsertEntity(ctx, b, nil)
	}
}

// Rescore changes a property and writes each row back through the same
// converter, under its own keys.
func (s *shelf) Rescore(ctx context.Context, owner string) {
	for _, f := range s.facesOf(ctx, owner) {
		f.Score++
		b, _ := json.Marshal(toRow(f))
		_, _ = s.tc.UpsertEntity(ctx, b, nil) // want `UpsertEntity writes back an entity read by a list page`
	}
}
