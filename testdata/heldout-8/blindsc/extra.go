package blindsc

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

var (
	stateCode = regexp.MustCompile(`^[A-Z]{2}$`)
	blindID   = regexp.MustCompile(`^[A-Za-z0-9-]{1,40}$`)
)

// (added) InBox lets the service narrow the partition to a box before the
// distance test.
func (s *Store) InBox(ctx context.Context, south, north, west, east float64) ([]Blind, error) {
	f := fmt.Sprintf("PartitionKey eq '%s' and Lat ge %f and Lat le %f and Lon ge %f and Lon le %f", homeState, south, north, west, east) // S
	var out []Blind
	pg := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	for pg.More() {
		page, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var r blindRow
			if json.Unmarshal(raw, &r) == nil {
				out = append(out, fromRow(&r))
			}
		}
	}
	return out, nil
}

// (added) InState lists another state's partition, the code as the caller
// gave it.
func (s *Store) InState(ctx context.Context, state string) ([][]byte, error) {
	f := "PartitionKey eq '" + state + "'" // L: TL321
	return s.collect(ctx, f)
}

// (added) InStateChecked is InState for a two-letter code only.
func (s *Store) InStateChecked(ctx context.Context, state string) ([][]byte, error) {
	if !stateCode.MatchString(state) {
		return nil, fmt.Errorf("blindsc: bad state %q", state)
	}
	f := "PartitionKey eq '" + state + "'" // S
	return s.collect(ctx, f)
}

func (s *Store) collect(ctx context.Context, f string) ([][]byte, error) {
	var rows [][]byte
	pg := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	for pg.More() {
		page, err := pg.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		rows = append(rows, page.Entities...)
	}
	return rows, nil
}

// (added) MoveChecked checks the id, reads the row and replaces it under
// the ETag of the read.
func (s *Store) MoveChecked(ctx context.Context, id string, lat, lon float64) error {
	if !blindID.MatchString(id) {
		return ErrMissing
	}
	resp, err := s.tc.GetEntity(ctx, homeState, id, nil) // S
	if err != nil {
		return ErrMissing
	}
	var r blindRow
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return err
	}
	r.Lat, r.Lon = lat, lon
	r.Changed = time.Now().UTC().Format(time.RFC3339)
	payload, err := json.Marshal(&r)
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(ctx, payload, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
