// Package kidevents keeps the events of a childcare centre's calendar: one
// partition for all events, the event id as RowKey, the invitees as a
// comma-separated list of user ids.
package kidevents

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// calendarPartition holds every event.
const calendarPartition = "Calendar"

// Gathering is one event as the service layer sees it.
type Gathering struct {
	ID       string
	Title    string
	Day      string
	Host     string
	Guests   []string
	StartsAt string
}

// row is the stored shape of a Gathering.
type row struct {
	aztables.Entity
	Title    string
	Day      string
	Host     string
	GuestIDs string
	StartsAt string
}

// Store is what the handlers use.
type Store interface {
	Fetch(ctx context.Context, id string) (Gathering, error)
	Save(ctx context.Context, g Gathering) error
	Edit(ctx context.Context, g Gathering) error
	DropHost(ctx context.Context, hostID string) error
	Uninvite(ctx context.Context, userID string) error
}

// TableStore implements Store over one table.
type TableStore struct {
	tc *aztables.Client
}

var _ Store = (*TableStore)(nil)

func toRow(g Gathering) row {
	return row{
		Entity:   aztables.Entity{PartitionKey: calendarPartition, RowKey: g.ID},
		Title:    g.Title,
		Day:      g.Day,
		Host:     g.Host,
		GuestIDs: strings.Join(g.Guests, ","), // L: TL122
		StartsAt: g.StartsAt,
	}
}

// Fetch reads one event; the ETag of the read is not kept.
func (s *TableStore) Fetch(ctx context.Context, id string) (Gathering, error) {
	got, err := s.tc.GetEntity(ctx, calendarPartition, id, nil)
	if err != nil {
		return Gathering{}, fmt.Errorf("fetch %s: %w", id, err)
	}
	var r row
	if err := json.Unmarshal(got.Value, &r); err != nil {
		return Gathering{}, err
	}
	return Gathering{ID: r.RowKey, Title: r.Title, Day: r.Day, Host: r.Host, Guests: strings.Split(r.GuestIDs, ","), StartsAt: r.StartsAt}, nil
}

// Save adds a new event.
func (s *TableStore) Save(ctx context.Context, g Gathering) error {
	b, err := json.Marshal(toRow(g))
	if err != nil {
		return err
	}
	_, err = s.tc.AddEntity(ctx, b, nil)
	return err
}

// Edit applies a partial change: fetch, patch the fields given, write back.
func (s *TableStore) Edit(ctx context.Context, g Gathering) error {
	cur, err := s.Fetch(ctx, g.ID)
	if err != nil {
		return err
	}
	if g.Title != "" {
		cur.Title = g.Title
	}
	if g.Day != "" {
		cur.Day = g.Day
	}
	b, _ := json.Marshal(toRow(cur))
	_, err = s.tc.UpdateEntity(ctx, b, nil) // L: TL414
	return err
}

// EditChecked is Edit with the read's ETag carried to the write (added).
func (s *TableStore) EditChecked(ctx context.Context, id, title string) error {
	got, err := s.tc.GetEntity(ctx, calendarPartition, id, nil)
	if err != nil {
		return err
	}
	var r row
	if err := json.Unmarshal(got.Value, &r); err != nil {
		return err
	}
	r.Title = title
	b, _ := json.Marshal(r)
	tag := got.ETag
	_, err = s.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &tag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// All lists the calendar partition.
func (s *TableStore) All(ctx context.Context) ([]row, error) {
	f := "PartitionKey eq '" + calendarPartition + "'"
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	var out []row
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var r row
			if json.Unmarshal(raw, &r) == nil {
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// DropHost deletes every event a user hosts, found by a non-key property.
func (s *TableStore) DropHost(ctx context.Context, hostID string) error {
	f := fmt.Sprintf("Host eq '%s'", hostID)                                      // L: TL321
	pager := s.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301 TL313
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var r row
			_ = json.Unmarshal(raw, &r)
			if _, err := s.tc.DeleteEntity(ctx, calendarPartition, r.RowKey, nil); err != nil { // L: TL406
				return err
			}
		}
	}
	return nil
}

// Uninvite removes a user from the guest list of every event: the whole
// table is read and each changed row written back.
func (s *TableStore) Uninvite(ctx context.Context, userID string) error {
	pager := s.tc.NewListEntitiesPager(nil) // L: TL301
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var r row
			if err := json.Unmarshal(raw, &r); err != nil {
				continue
			}
			if !strings.Contains(r.GuestIDs, userID) {
				continue
			}
			r.GuestIDs = without(r.GuestIDs, userID)
			b, _ := json.Marshal(r)
			if _, err := s.tc.UpdateEntity(ctx, b, nil); err != nil { // L: TL414
				return err
			}
		}
	}
	return nil
}

func without(csv, id string) string {
	parts := strings.Split(csv, ",")
	kept := parts[:0]
	for _, p := range parts {
		if p != id {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ",")
}
