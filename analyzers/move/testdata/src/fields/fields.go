// Package fields keeps its Table clients in struct fields.
package fields

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type Ticket struct {
	PartitionKey string
	RowKey       string
	Closed       bool
}

// Desk's clients are set up by the code that builds it (dependency
// injection): two fields, two tables.
type Desk struct {
	open   *aztables.Client
	closed *aztables.Client
}

func (d *Desk) Close(ctx context.Context, queue, id string) error {
	got, err := d.open.GetEntity(ctx, queue, id, nil)
	if err != nil {
		return err
	}
	var t Ticket
	if err := json.Unmarshal(got.Value, &t); err != nil {
		return err
	}
	t.Closed = true
	b, _ := json.Marshal(t)
	if _, err := d.closed.UpsertEntity(ctx, b, nil); err != nil { // want `TL408: the entity is moved to another table here and deleted \(line 39\)`
		return err
	}
	_, err = d.open.DeleteEntity(ctx, queue, id, nil)
	return err
}

// Tables named by configuration, each field given its own name.
type Config struct{ Live, Old string }

type Store struct {
	live, old *aztables.Client
}

func NewStore(url string, cred azcore.TokenCredential, cfg Config) (*Store, error) {
	live, err := aztables.NewClient(url+cfg.Live, cred, nil)
	if err != nil {
		return nil, err
	}
	old, err2 := aztables.NewClient(url+cfg.Old, cred, nil)
	if err2 != nil {
		return nil, err2
	}
	return &Store{live: live, old: old}, nil
}

func (s *Store) Retire(ctx context.Context, pk, rk string) error {
	got, err := s.live.GetEntity(ctx, pk, rk, nil)
	if err != nil {
		return err
	}
	var row map[string]any
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	row["Retired"] = true
	b, _ := json.Marshal(row)
	if _, err := s.old.AddEntity(ctx, b, nil); err != nil { // want `TL408`
		return err
	}
	_, err = s.live.DeleteEntity(ctx, pk, rk, nil)
	return err
}

// Silent: one field, one table (a move within it).
type Single struct{ table *aztables.Client }

func (s *Single) Rename(ctx context.Context, pk, from, to string) error {
	got, _ := s.table.GetEntity(ctx, pk, from, nil)
	var t Ticket
	_ = json.Unmarshal(got.Value, &t)
	t.RowKey = to
	b, _ := json.Marshal(t)
	if _, err := s.table.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := s.table.DeleteEntity(ctx, pk, from, nil)
	return err
}

// Silent: both fields may be given one client.
type Pair struct{ src, dst *aztables.Client }

func NewPair(c *aztables.Client) *Pair { return &Pair{src: c, dst: c} }

func (p *Pair) Move(ctx context.Context, pk, rk string) error {
	got, _ := p.src.GetEntity(ctx, pk, rk, nil)
	var t Ticket
	_ = json.Unmarshal(got.Value, &t)
	b, _ := json.Marshal(t)
	if _, err := p.dst.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := p.src.DeleteEntity(ctx, pk, rk, nil)
	return err
}

// Silent: built with a positional literal, from values of unknown tables.
type Shelf struct{ front, back *aztables.Client }

func NewShelf(a, b *aztables.Client) Shelf { return Shelf{a, b} }

func (s Shelf) Restock(ctx context.Context, pk, rk string) error {
	got, _ := s.back.GetEntity(ctx, pk, rk, nil)
	var t Ticket
	_ = json.Unmarshal(got.Value, &t)
	b, _ := json.Marshal(t)
	if _, err := s.front.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := s.back.DeleteEntity(ctx, pk, rk, nil)
	return err
}

// Silent: both fields from one configured name.
type Twin struct{ a, b *aztables.Client }

func NewTwin(svc *aztables.ServiceClient, name string) *Twin {
	return &Twin{a: svc.NewClient(name), b: svc.NewClient(name)}
}

func (t *Twin) Copy(ctx context.Context, pk, rk string) error {
	got, _ := t.a.GetEntity(ctx, pk, rk, nil)
	var row Ticket
	_ = json.Unmarshal(got.Value, &row)
	b, _ := json.Marshal(row)
	if _, err := t.b.AddEntity(ctx, b, nil); err != nil {
		return err
	}
	_, err := t.a.DeleteEntity(ctx, pk, rk, nil)
	return err
}
