package origins

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func written(b []byte) {}

// Lamp is a device's settings.
type Lamp struct {
	ID     string
	Room   string
	Level  int
	Scenes []string
}

func readLamp(ctx context.Context, tc *aztables.Client, id string) (Lamp, error) {
	var l Lamp
	resp, err := tc.GetEntity(ctx, "lamp", id, nil)
	if err != nil {
		return l, err
	}
	err = json.Unmarshal(resp.Value, &l)
	return l, err
}

// layout builds a row as a map literal from the fields of its parameter.
func layout(l Lamp) []byte {
	scenes, _ := json.Marshal(l.Scenes)
	b, _ := json.Marshal(map[string]any{"PartitionKey": "lamp", "RowKey": l.ID, "room": l.Room, "scenes": string(scenes)})
	return b
}

func dim(ctx context.Context, tc *aztables.Client, id string) {
	l, _ := readLamp(ctx, tc, id)
	l.Level--
	written(layout(l)) // want `entity GetEntity.Value via "readLamp"`
}

// A map built from constants and the caller's own parameters: no read.
func fresh(id, room string) {
	written(layout(Lamp{ID: id, Room: room})) // want `^param 0; param 1$`
}

// A map filled entry by entry from a parameter's fields.
func layoutByEntries(l Lamp) []byte {
	m := map[string]any{}
	m["RowKey"] = l.ID
	m["room"] = l.Room
	b, _ := json.Marshal(m)
	return b
}

func move(ctx context.Context, tc *aztables.Client, id, room string) {
	l, _ := readLamp(ctx, tc, id)
	l.Room = room
	written(layoutByEntries(l)) // want `entity GetEntity.Value via "readLamp"; param 3`
}

// Marshalled and decoded again into a map: still the entity read.
func reshape(ctx context.Context, tc *aztables.Client, id string) {
	l, _ := readLamp(ctx, tc, id)
	raw, _ := json.Marshal(l)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	m["level"] = 0
	b, _ := json.Marshal(m)
	written(b) // want `entity GetEntity.Value via "readLamp"`
}

// Shelf is generic over what it keeps.
type Shelf[T any] struct{ tc *aztables.Client }

func (s *Shelf[T]) Take(ctx context.Context, id string) (T, error) {
	var out T
	resp, err := s.tc.GetEntity(ctx, "shelf", id, nil)
	if err != nil {
		return out, err
	}
	err = json.Unmarshal(resp.Value, &out)
	return out, err
}

func (s *Shelf[T]) Touch(ctx context.Context, id string) {
	v, _ := s.Take(ctx, id)
	b, _ := json.Marshal(v)
	written(b) // want `entity GetEntity.Value via "Take"`
}

func (s *Shelf[T]) Fresh(v T) {
	b, _ := json.Marshal(v)
	written(b) // want `param 1`
}

func useShelf(ctx context.Context, s *Shelf[Lamp], id string) {
	l, _ := s.Take(ctx, id)
	b, _ := json.Marshal(l)
	written(b) // want `entity GetEntity.Value via "Take"`
}

// A row of constants only: nothing read, no parameter.
func marker() {
	b, _ := json.Marshal(map[string]any{"PartitionKey": "lamp", "RowKey": "marker", "on": true})
	written(b) // want `^none$`
}

// parseLamp decodes a row a caller gives and returns a pointer to it.
func parseLamp(raw []byte) *Lamp {
	var l Lamp
	if json.Unmarshal(raw, &l) != nil {
		return nil
	}
	return &l
}

// Rows of a page, through a helper returning a pointer: what it points
// to is the page's row.
func relight(ctx context.Context, tc *aztables.Client) {
	pager := tc.NewListEntitiesPager(nil)
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return
		}
		for _, raw := range page.Entities {
			l := *parseLamp(raw)
			l.Level = 3
			b, _ := json.Marshal(l)
			written(b) // want `entity page.Entities via "parseLamp"`
		}
	}
}
