// Package decodedrows: rows listed and decoded into models that keep no
// ETag, collected and filtered by helpers, changed in range loops and
// written back by save helpers (through a service method and an
// interface) that upsert a new entity keyed by the model's fields.
package decodedrows

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Tray is kept whole as one JSON document (Doc), keyed by its bench and
// label.
type Tray struct {
	Bench  string `json:"bench"`
	Label  string `json:"label"`
	Water  int    `json:"water"`
	Wilted bool   `json:"wilted"`
}

type trayRow struct {
	aztables.Entity
	Doc string
}

// Keeper stores trays.
type Keeper interface {
	Keep(ctx context.Context, t Tray) error
}

type tableKeeper struct{ svc *aztables.ServiceClient }

// Keep writes the tray whole under its own keys, with no condition.
func (k *tableKeeper) Keep(ctx context.Context, t Tray) error {
	doc, err := json.Marshal(t)
	if err != nil {
		return err
	}
	b, err := json.Marshal(trayRow{Entity: aztables.Entity{PartitionKey: t.Bench, RowKey: t.Label}, Doc: string(doc)})
	if err != nil {
		return err
	}
	_, err = k.svc.NewClient("Trays").UpsertEntity(ctx, b, nil)
	return err
}

// Greenhouse reads trays and records what happens to them.
type Greenhouse struct {
	svc    *aztables.ServiceClient
	keeper Keeper
}

// trays lists the trays of the table.
func (g *Greenhouse) trays(ctx context.Context) ([]Tray, error) {
	pager := g.svc.NewClient("Trays").NewListEntitiesPager(nil)
	var out []Tray
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
			doc, _ := e.Properties["Doc"].(string)
			var t Tray
			if err := json.Unmarshal([]byte(doc), &t); err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	return out, nil
}

// dry keeps the trays that need water.
func (g *Greenhouse) dry(ctx context.Context) []Tray {
	all, err := g.trays(ctx)
	if err != nil {
		return nil
	}
	var due []Tray
	for _, t := range all {
		if t.Water < 10 {
			due = append(due, t)
		}
	}
	return due
}

// Record notes whether the tray wilted and keeps it.
func (g *Greenhouse) Record(ctx context.Context, t Tray) error {
	t.Wilted = t.Water == 0
	return g.keeper.Keep(ctx, t)
}

// WaterAll changes every dry tray read and writes it back with no ETag.
func (g *Greenhouse) WaterAll(ctx context.Context) {
	for _, t := range g.dry(ctx) {
		t.Water = 100
		_ = g.Record(ctx, t) // want `TL414: Record rewrites the entity read by a list page \(through trays\) from its fields without IfMatch`
	}
}

// Plant keeps a tray built here: a blind write, not a read-modify-write.
func (g *Greenhouse) Plant(ctx context.Context, bench, label string) error {
	return g.Record(ctx, Tray{Bench: bench, Label: label, Water: 50})
}

// Split keeps each dry tray under a new label: a copy, another row.
func (g *Greenhouse) Split(ctx context.Context) {
	for _, t := range g.dry(ctx) {
		t.Label += "-b"
		_ = g.Record(ctx, t)
	}
}

// archiver writes trays into another table, or back into theirs.
type archiver struct{ svc *aztables.ServiceClient }

func (a *archiver) store(ctx context.Context, t Tray) error {
	doc, _ := json.Marshal(t)
	b, _ := json.Marshal(trayRow{Entity: aztables.Entity{PartitionKey: t.Bench, RowKey: t.Label}, Doc: string(doc)})
	_, err := a.svc.NewClient("TrayHistory").UpsertEntity(ctx, b, nil)
	return err
}

func (a *archiver) restore(ctx context.Context, t Tray) error {
	doc, _ := json.Marshal(t)
	b, _ := json.Marshal(trayRow{Entity: aztables.Entity{PartitionKey: t.Bench, RowKey: t.Label}, Doc: string(doc)})
	_, err := a.svc.NewClient("Trays").UpsertEntity(ctx, b, nil) // want `TL414: UpsertEntity rewrites an entity its callers read without IfMatch`
	return err
}

// Archive copies the dry trays into the history table: silent.
func (g *Greenhouse) Archive(ctx context.Context, a *archiver) {
	for _, t := range g.dry(ctx) {
		t.Wilted = true
		_ = a.store(ctx, t)
	}
}

// Reset writes them back into the table they were listed from, changed
// here: restore's one caller, so its write is reported.
func (g *Greenhouse) Reset(ctx context.Context, a *archiver) {
	for _, t := range g.dry(ctx) {
		t.Water = 0
		_ = a.restore(ctx, t)
	}
}

// Pot keeps the ETag of its row and is written with it.
type Pot struct {
	Shelf string `json:"PartitionKey"`
	Name  string `json:"RowKey"`
	Soil  string `json:"Soil"`
	ETag  string `json:"odata.etag"`
}

func (g *Greenhouse) pots(ctx context.Context) []Pot {
	page, err := g.svc.NewClient("Pots").NewListEntitiesPager(nil).NextPage(ctx)
	if err != nil {
		return nil
	}
	var out []Pot
	for _, raw := range page.Entities {
		var p Pot
		if json.Unmarshal(raw, &p) == nil {
			out = append(out, p)
		}
	}
	return out
}

func (g *Greenhouse) savePot(ctx context.Context, p Pot) error {
	b, _ := json.Marshal(map[string]any{"PartitionKey": p.Shelf, "RowKey": p.Name, "Soil": p.Soil})
	et := azcore.ETag(p.ETag)
	_, err := g.svc.NewClient("Pots").UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &et})
	return err
}

// Repot writes each pot back with the ETag it was read with: silent.
func (g *Greenhouse) Repot(ctx context.Context) {
	for _, p := range g.pots(ctx) {
		p.Soil = "peat"
		_ = g.savePot(ctx, p)
	}
}

// bedRow is decoded whole from a listed row.
type bedRow struct {
	aztables.Entity
	Crop string
	Rows int
}

// firstBed returns the first bed listed.
func firstBed(ctx context.Context, tc *aztables.Client) (*bedRow, error) {
	page, err := tc.NewListEntitiesPager(nil).NextPage(ctx)
	if err != nil {
		return nil, err
	}
	for _, raw := range page.Entities {
		var b bedRow
		if err := json.Unmarshal(raw, &b); err != nil {
			return nil, err
		}
		return &b, nil
	}
	return nil, nil
}

// widen writes a new row, under the bed's own RowKey, computed from it.
func widen(ctx context.Context, tc *aztables.Client, cur *bedRow, n int) error {
	next := bedRow{
		Entity: aztables.Entity{PartitionKey: "beds", RowKey: cur.RowKey},
		Crop:   cur.Crop,
		Rows:   cur.Rows + n,
	}
	b, err := json.Marshal(next)
	if err != nil {
		return err
	}
	_, err = tc.UpsertEntity(ctx, b, nil)
	return err
}

// Grow hands the bed it read to widen, which rewrites it: reported at
// the call, in the function that read it.
func Grow(ctx context.Context, tc *aztables.Client) error {
	cur, err := firstBed(ctx, tc)
	if err != nil || cur == nil {
		return err
	}
	return widen(ctx, tc, cur, 2) // want `TL414: widen rewrites the entity read by a list page \(through firstBed\) from its fields without IfMatch`
}

// Sow widens a bed built here: silent.
func Sow(ctx context.Context, tc *aztables.Client, id string) error {
	return widen(ctx, tc, &bedRow{Entity: aztables.Entity{RowKey: id}}, 1)
}
