package readkinds

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// A row its callers read in different ways: the finding names both.

// mark is given a row by each of its callers, one got and one listed.
func (l *Lockers) mark(ctx context.Context, row map[string]any) error {
	x := lockerOf(row)
	x.Busy = true
	return l.save(ctx, *x) // want `save rewrites the entity read by GetEntity or a list page from its fields`
}

// firstRow lists the rows of the slot and returns the first, as a map.
func (l *Lockers) firstRow(ctx context.Context, slot string) (map[string]any, error) {
	filter := "PartitionKey eq '" + slot + "'"
	pager := l.tc.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			return row, nil
		}
	}
	return nil, nil
}

// oneRow gets the locker's row, as a map.
func (l *Lockers) oneRow(ctx context.Context, slot string) (map[string]any, error) {
	resp, err := l.tc.GetEntity(ctx, slot, "locker", nil)
	if err != nil {
		return nil, err
	}
	var row map[string]any
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return nil, err
	}
	return row, nil
}

func (l *Lockers) MarkGot(ctx context.Context, slot string) error {
	row, err := l.oneRow(ctx, slot)
	if err != nil {
		return err
	}
	return l.mark(ctx, row)
}

func (l *Lockers) MarkListed(ctx context.Context, slot string) error {
	row, err := l.firstRow(ctx, slot)
	if err != nil {
		return err
	}
	return l.mark(ctx, row)
}

// Either takes the row from a list or a get, changes it and puts it
// back.
func (l *Lockers) Either(ctx context.Context, slot string, listed bool) error {
	var row map[string]any
	var err error
	if listed {
		row, err = l.firstRow(ctx, slot)
	} else {
		row, err = l.oneRow(ctx, slot)
	}
	if err != nil {
		return err
	}
	row["Busy"] = false
	return put(ctx, l.tc, row) // want `put writes back an entity read by GetEntity or a list page with UpsertEntity`
}

// Parcel is written only by stow, whose every caller changes a row it
// read first: one gets it, one lists it.
type Parcel struct {
	Shelf string
	Label string
}

func parcelOf(row map[string]any) *Parcel {
	return &Parcel{Shelf: field(row, "Shelf"), Label: field(row, "Label")}
}

func (l *Lockers) stow(ctx context.Context, p *Parcel) error {
	b, err := json.Marshal(map[string]any{"PartitionKey": "parcels", "RowKey": p.Shelf, "Shelf": p.Shelf, "Label": p.Label})
	if err != nil {
		return err
	}
	_, err = l.tc.UpsertEntity(ctx, b, nil) // want `UpsertEntity rewrites the entity each caller of stow read \(GetEntity or a list page\)`
	return err
}

func (l *Lockers) Relabel(ctx context.Context, shelf, label string) error {
	row, err := l.oneRow(ctx, shelf)
	if err != nil {
		return err
	}
	p := parcelOf(row)
	p.Label = label
	return l.stow(ctx, p)
}

func (l *Lockers) Unlabel(ctx context.Context, shelf string) error {
	row, err := l.firstRow(ctx, shelf)
	if err != nil {
		return err
	}
	p := parcelOf(row)
	p.Label = ""
	return l.stow(ctx, p)
}

// Bin is decoded whole from its row: its fields hold the row's keys.
type Bin struct {
	Shelf string `json:"PartitionKey"`
	Slot  string `json:"RowKey"`
	Size  int
}

func (l *Lockers) putBin(ctx context.Context, b Bin) error {
	body, err := json.Marshal(map[string]any{"PartitionKey": b.Shelf, "RowKey": b.Slot, "Size": b.Size})
	if err != nil {
		return err
	}
	_, err = l.tc.UpsertEntity(ctx, body, nil)
	return err
}

// Grow decodes a row it listed or got, changes it and writes it back.
func (l *Lockers) Grow(ctx context.Context, shelf, slot string, listed bool) error {
	var raw []byte
	if listed {
		page, err := l.tc.NewListEntitiesPager(nil).NextPage(ctx)
		if err != nil || len(page.Entities) == 0 {
			return err
		}
		raw = page.Entities[0]
	} else {
		resp, err := l.tc.GetEntity(ctx, shelf, slot, nil)
		if err != nil {
			return err
		}
		raw = resp.Value
	}
	var b Bin
	if err := json.Unmarshal(raw, &b); err != nil {
		return err
	}
	b.Size++
	return l.putBin(ctx, b) // want `putBin rewrites the entity read by GetEntity or a list page from its fields`
}

// Place writes a bin its caller describes.
func (l *Lockers) Place(ctx context.Context, b Bin) error { return l.putBin(ctx, b) }
