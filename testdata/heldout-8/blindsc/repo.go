// Package blindsc keeps registered hunting blinds (an id and a position)
// in one table partition per home state, behind a small service and JSON
// handlers.
package blindsc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const homeState = "VA"

var (
	ErrMissing = errors.New("blindsc: no such blind")
	ErrTaken   = errors.New("blindsc: blind id already registered")
)

// Blind is the domain value.
type Blind struct {
	ID      string     `json:"id"`
	Lat     float64    `json:"lat"`
	Lon     float64    `json:"lon"`
	Created time.Time  `json:"created"`
	Changed *time.Time `json:"changed,omitempty"`
}

type blindRow struct {
	aztables.Entity
	Ident   string  `json:"ident"`
	Lat     float64 `json:"lat"`
	Lon     float64 `json:"lon"`
	Created string  `json:"created"`
	Changed string  `json:"changed,omitempty"`
}

// Store is the table side.
type Store struct {
	tc *aztables.Client
}

// OpenStore makes the client from a connection string read from the
// configuration and makes sure the table exists.
func OpenStore(ctx context.Context, connStr, table string) (*Store, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(connStr, nil) // S
	if err != nil {
		return nil, err
	}
	_, _ = svc.CreateTable(ctx, table, nil)
	return &Store{tc: svc.NewClient(table)}, nil
}

func toRow(b *Blind) *blindRow {
	r := &blindRow{
		Entity:  aztables.Entity{PartitionKey: homeState, RowKey: b.ID}, // L: TL201
		Ident:   b.ID,
		Lat:     b.Lat,
		Lon:     b.Lon,
		Created: b.Created.Format(time.RFC3339),
	}
	if b.Changed != nil {
		r.Changed = b.Changed.Format(time.RFC3339)
	}
	return r
}

func fromRow(r *blindRow) Blind {
	b := Blind{ID: r.Ident, Lat: r.Lat, Lon: r.Lon}
	if t, err := time.Parse(time.RFC3339, r.Created); err == nil {
		b.Created = t
	}
	if r.Changed != "" {
		if t, err := time.Parse(time.RFC3339, r.Changed); err == nil {
			b.Changed = &t
		}
	}
	return b
}

// All lists the home state's partition, every page.
func (s *Store) All(ctx context.Context) ([]Blind, error) {
	f := "PartitionKey eq '" + homeState + "'"
	var out []Blind
	pg := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	for pg.More() {
		page, err := pg.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("list blinds: %w", err)
		}
		for _, raw := range page.Entities {
			var r blindRow
			if json.Unmarshal(raw, &r) != nil {
				continue
			}
			out = append(out, fromRow(&r))
		}
	}
	return out, nil
}

// One reads a blind by id.
func (s *Store) One(ctx context.Context, id string) (*Blind, error) {
	resp, err := s.tc.GetEntity(ctx, homeState, id, nil) // L: TL201
	if err != nil {
		return nil, ErrMissing
	}
	var r blindRow
	if err := json.Unmarshal(resp.Value, &r); err != nil {
		return nil, err
	}
	b := fromRow(&r)
	return &b, nil
}

// Near returns the blinds within radius metres, filtered after reading the
// whole partition.
func (s *Store) Near(ctx context.Context, lat, lon, radius float64) ([]Blind, error) {
	all, err := s.All(ctx)
	if err != nil {
		return nil, err
	}
	var out []Blind
	for _, b := range all {
		if metres(lat, lon, b.Lat, b.Lon) <= radius {
			out = append(out, b)
		}
	}
	return out, nil
}

// Add refuses an id already present, then inserts.
func (s *Store) Add(ctx context.Context, b *Blind) error {
	if got, _ := s.One(ctx, b.ID); got != nil {
		return ErrTaken
	}
	b.Created = time.Now().UTC()
	payload, err := json.Marshal(toRow(b))
	if err != nil {
		return err
	}
	_, err = s.tc.AddEntity(ctx, payload, nil)
	return err
}

// Move reads the blind, sets its position and replaces the row.
func (s *Store) Move(ctx context.Context, id string, lat, lon float64) error {
	cur, err := s.One(ctx, id)
	if err != nil {
		return err
	}
	cur.Lat, cur.Lon = lat, lon
	now := time.Now().UTC()
	cur.Changed = &now
	payload, err := json.Marshal(toRow(cur))
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(ctx, payload, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}

// Drop deletes a blind.
func (s *Store) Drop(ctx context.Context, id string) error {
	if _, err := s.tc.DeleteEntity(ctx, homeState, id, nil); err != nil { // L: TL201
		return ErrMissing
	}
	return nil
}

// Summary is what Stats reports.
type Summary struct {
	Count                          int
	MinLat, MaxLat, MinLon, MaxLon float64
}

// Stats reads the partition and folds it.
func (s *Store) Stats(ctx context.Context) (Summary, error) {
	all, err := s.All(ctx)
	if err != nil || len(all) == 0 {
		return Summary{}, err
	}
	sum := Summary{Count: len(all), MinLat: all[0].Lat, MaxLat: all[0].Lat, MinLon: all[0].Lon, MaxLon: all[0].Lon}
	for _, b := range all[1:] {
		sum.MinLat, sum.MaxLat = min(sum.MinLat, b.Lat), max(sum.MaxLat, b.Lat)
		sum.MinLon, sum.MaxLon = min(sum.MinLon, b.Lon), max(sum.MaxLon, b.Lon)
	}
	return sum, nil
}
