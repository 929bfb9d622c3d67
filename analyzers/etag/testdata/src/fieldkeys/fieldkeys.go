// Package fieldkeys: a row read into a struct of the program, changed,
// and written whole by a save helper under keys computed from the
// struct's fields.
package fieldkeys

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func norm(s string) string { return strings.ToLower(s) }

func asText(row map[string]any, name string) string {
	s, _ := row[name].(string)
	return s
}

// fetch reads one row as a map.
func fetch(ctx context.Context, tc *aztables.Client, pk, rk string) (map[string]any, error) {
	got, err := tc.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return nil, err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return nil, err
	}
	return row, nil
}

// store replaces the row the map describes.
func store(ctx context.Context, tc *aztables.Client, row map[string]any) error {
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = tc.UpsertEntity(ctx, body, nil)
	return err
}

// Seat is keyed by its hall (partition, normalised) and stores the hall
// as a property too.
type Seat struct {
	Hall  string
	Owner string
	Note  string
}

type Seats struct{ tc *aztables.Client }

// Put writes a seat whole: the keys are functions of the seat's fields.
func (s *Seats) Put(x Seat) error {
	return store(context.Background(), s.tc, map[string]any{
		"PartitionKey": norm(x.Hall),
		"RowKey":       "seat",
		"Hall":         x.Hall,
		"Owner":        x.Owner,
		"Note":         x.Note,
	})
}

// Get reads a seat into the struct.
func (s *Seats) Get(hall string) (*Seat, error) {
	row, err := fetch(context.Background(), s.tc, norm(hall), "seat")
	if err != nil {
		return nil, err
	}
	return &Seat{Hall: asText(row, "Hall"), Owner: asText(row, "Owner"), Note: asText(row, "Note")}, nil
}

// Claim reads, changes and saves the seat: the same row, no ETag.
func (s *Seats) Claim(hall, owner string) error {
	x, err := s.Get(hall)
	if err != nil {
		return err
	}
	x.Owner = owner
	return s.Put(*x) // want `Put rewrites the entity read by GetEntity`
}

// getInline reads the seat in the function that builds the struct.
func (s *Seats) getInline(hall string) (*Seat, error) {
	got, err := s.tc.GetEntity(context.Background(), norm(hall), "seat", nil)
	if err != nil {
		return nil, err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return nil, err
	}
	return &Seat{Hall: asText(row, "Hall"), Owner: asText(row, "Owner")}, nil
}

func (s *Seats) ClaimInline(hall, owner string) error {
	x, err := s.getInline(hall)
	if err != nil {
		return err
	}
	x.Owner = owner
	return s.Put(*x) // want `Put rewrites the entity read by GetEntity`
}

// Move gives the seat another hall before saving it: a copy under new
// keys, not the row read.
func (s *Seats) Move(hall, to string) error {
	x, err := s.Get(hall)
	if err != nil {
		return err
	}
	x.Hall = to
	return s.Put(*x)
}

// Create saves a seat the caller describes: nothing was read.
func (s *Seats) Create(hall, owner string) error {
	return s.Put(Seat{Hall: hall, Owner: owner})
}

// byNote fills the hall from another property than the one Put keeps
// it in: the keys Put computes are not the row's.
func (s *Seats) byNote(hall string) (*Seat, error) {
	row, err := fetch(context.Background(), s.tc, norm(hall), "seat")
	if err != nil {
		return nil, err
	}
	return &Seat{Hall: asText(row, "Note"), Owner: asText(row, "Owner")}, nil
}

func (s *Seats) ClaimByNote(hall, owner string) error {
	x, err := s.byNote(hall)
	if err != nil {
		return err
	}
	x.Owner = owner
	return s.Put(*x)
}

// PutIf writes the seat only over the version read: conditional.
func (s *Seats) PutIf(x Seat, tag azcore.ETag) error {
	body, err := json.Marshal(map[string]any{"PartitionKey": norm(x.Hall), "RowKey": "seat", "Hall": x.Hall, "Owner": x.Owner})
	if err != nil {
		return err
	}
	_, err = s.tc.UpdateEntity(context.Background(), body, &aztables.UpdateEntityOptions{IfMatch: &tag})
	return err
}

func (s *Seats) ClaimIf(hall, owner string, tag azcore.ETag) error {
	x, err := s.Get(hall)
	if err != nil {
		return err
	}
	x.Owner = owner
	return s.PutIf(*x, tag)
}

// Card is keyed by its deck (a property) and its own RowKey.
type Card struct {
	ID   string
	Deck string
	Text string
}

type Cards struct{ tc *aztables.Client }

func prop(e *aztables.EDMEntity, name string) string {
	s, _ := e.Properties[name].(string)
	return s
}

// cardOf fills a card from a listed entity: the ID is the row's RowKey.
func cardOf(e *aztables.EDMEntity) Card {
	return Card{ID: e.RowKey, Deck: prop(e, "Deck"), Text: prop(e, "Text")}
}

// list reads every page of a query.
func list(ctx context.Context, tc *aztables.Client, filter string) ([]aztables.EDMEntity, error) {
	var rows []aztables.EDMEntity
	pager := tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return nil, err
			}
			rows = append(rows, e)
		}
	}
	return rows, nil
}

// one returns the row when exactly one matched.
func one(rows []aztables.EDMEntity) *aztables.EDMEntity {
	if len(rows) != 1 {
		return nil
	}
	return &rows[0]
}

// First returns the one card of a deck.
func (c *Cards) First(ctx context.Context, deck string) (*Card, error) {
	rows, err := list(ctx, c.tc, "PartitionKey eq '"+strings.ReplaceAll(deck, "'", "''")+"'")
	if err != nil {
		return nil, err
	}
	e := one(rows)
	if e == nil {
		return nil, nil
	}
	card := cardOf(e)
	return &card, nil
}

// Save writes a card whole, under the deck and the card's ID.
func (c *Cards) Save(ctx context.Context, x *Card) error {
	body, err := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: x.Deck, RowKey: x.ID},
		Properties: map[string]any{"Deck": x.Deck, "Text": x.Text},
	})
	if err != nil {
		return err
	}
	_, err = c.tc.UpdateEntity(ctx, body, nil)
	return err
}

// Edit changes the card's text and saves it: no ETag. The row is a
// parameter of cardOf, given a listed entity by every caller.
func (c *Cards) Edit(ctx context.Context, deck, text string) error {
	x, err := c.First(ctx, deck)
	if err != nil || x == nil {
		return err
	}
	x.Text = text
	return c.Save(ctx, x) // want `Save rewrites the entity read by a list page from its fields \(UpdateEntity, no IfMatch\)`
}

// Fork saves the first card under a fresh ID: another row.
func (c *Cards) Fork(ctx context.Context, deck, id string) error {
	x, err := c.First(ctx, deck)
	if err != nil || x == nil {
		return err
	}
	x.ID = id
	return c.Save(ctx, x)
}

// Tag is keyed by its name, kept as a property too.
type Tag struct {
	Name  string
	Color string
}

func (s *Seats) tagOf(name string) (*Tag, error) {
	row, err := fetch(context.Background(), s.tc, "tags", name)
	if err != nil {
		return nil, err
	}
	return &Tag{Name: asText(row, "Name"), Color: asText(row, "Color")}, nil
}

// saveTag is only ever given a tag its caller read: the write itself
// is reported, once.
func (s *Seats) saveTag(t *Tag) error {
	body, err := json.Marshal(map[string]any{"PartitionKey": "tags", "RowKey": t.Name, "Name": t.Name, "Color": t.Color})
	if err != nil {
		return err
	}
	_, err = s.tc.UpsertEntity(context.Background(), body, nil) // want `UpsertEntity rewrites the entity each caller of saveTag read \(GetEntity\) without IfMatch`
	return err
}

func (s *Seats) Recolor(name, color string) error {
	t, err := s.tagOf(name)
	if err != nil {
		return err
	}
	t.Color = color
	return s.saveTag(t)
}

func (s *Seats) Rename(name string) error {
	t, err := s.tagOf(name)
	if err != nil {
		return err
	}
	t.Color = ""
	return s.saveTag(t)
}

// saveLabel is also given a new label: each call that rewrites a row
// read is reported, the write is not.
func (s *Seats) saveLabel(t *Tag) error {
	body, err := json.Marshal(map[string]any{"PartitionKey": "labels", "RowKey": t.Name, "Name": t.Name, "Color": t.Color})
	if err != nil {
		return err
	}
	_, err = s.tc.UpsertEntity(context.Background(), body, nil)
	return err
}

func (s *Seats) labelOf(name string) (*Tag, error) {
	row, err := fetch(context.Background(), s.tc, "labels", name)
	if err != nil {
		return nil, err
	}
	return &Tag{Name: asText(row, "Name"), Color: asText(row, "Color")}, nil
}

func (s *Seats) Relabel(name, color string) error {
	t, err := s.labelOf(name)
	if err != nil {
		return err
	}
	t.Color = color
	return s.saveLabel(t) // want `saveLabel rewrites the entity read by GetEntity from its fields \(UpsertEntity, no IfMatch\)`
}

func (s *Seats) NewLabel(name, color string) error {
	return s.saveLabel(&Tag{Name: name, Color: color})
}

// saver is what ClaimVia writes through: Seats.Put, by the interface.
type saver interface{ Put(Seat) error }

func (s *Seats) ClaimVia(sv saver, hall, owner string) error {
	x, err := s.Get(hall)
	if err != nil {
		return err
	}
	x.Owner = owner
	return sv.Put(*x) // want `Put rewrites the entity read by GetEntity from its fields \(UpsertEntity, no IfMatch\)`
}

// add inserts a seat: AddEntity fails on a row that exists instead of
// overwriting it.
func (s *Seats) add(x Seat) error {
	body, err := json.Marshal(map[string]any{"PartitionKey": norm(x.Hall), "RowKey": "seat", "Hall": x.Hall, "Owner": x.Owner})
	if err != nil {
		return err
	}
	_, err = s.tc.AddEntity(context.Background(), body, nil)
	return err
}

func (s *Seats) Copy(hall, owner string) error {
	x, err := s.Get(hall)
	if err != nil {
		return err
	}
	x.Owner = owner
	return s.add(*x)
}
