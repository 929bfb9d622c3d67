// Package readkinds: a struct of the program built by one converter
// from rows that some functions get (GetEntity) and others list (a
// page), changed and saved whole by a helper under keys computed from
// its fields. Each finding names the read that reaches its write, not
// whichever read another caller of the converter makes. A second file
// of the package has a finding on the very line of one here: each is
// reported.
package readkinds

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Locker is keyed by its slot, kept as a property too.
type Locker struct {
	Slot   string
	Tenant string
	Busy   bool
}

type Lockers struct{ tc *aztables.Client }

func field(row map[string]any, name string) string {
	s, _ := row[name].(string)
	return s
}

// lockerOf is the one converter, whatever read the row came from.
func lockerOf(row map[string]any) *Locker {
	busy, _ := row["Busy"].(bool)
	return &Locker{Slot: field(row, "Slot"), Tenant: field(row, "Tenant"), Busy: busy}
}

// save replaces the locker's row: no condition.
func (l *Lockers) save(ctx context.Context, x Locker) error {
	b, err := json.Marshal(map[string]any{"PartitionKey": x.Slot, "RowKey": "locker", "Slot": x.Slot, "Tenant": x.Tenant, "Busy": x.Busy})
	if err != nil {
		return err
	}
	_, err = l.tc.UpsertEntity(ctx, b, nil)
	return err
}

// Open gets the locker's row.
func (l *Lockers) Open(ctx context.Context, slot string) (*Locker, error) {
	resp, err := l.tc.GetEntity(ctx, slot, "locker", nil)
	if err != nil {
		return nil, err
	}
	var row map[string]any
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return nil, err
	}
	return lockerOf(row), nil
}

// Search lists the rows of the slot and takes the first.
func (l *Lockers) Search(ctx context.Context, slot string) (*Locker, error) {
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
			return lockerOf(row), nil
		}
	}
	return nil, nil
}

// Lend gets, changes and saves: the read is GetEntity.
func (l *Lockers) Lend(ctx context.Context, slot, tenant string) error {
	x, err := l.Open(ctx, slot)
	if err != nil || x == nil {
		return err
	}
	x.Tenant = tenant
	return l.save(ctx, *x) // want `save rewrites the entity read by GetEntity from its fields \(UpsertEntity, no IfMatch\)`
}

// Free lists, changes and saves: the read is a list page.
func (l *Lockers) Free(ctx context.Context, slot string) error {
	x, err := l.Search(ctx, slot)
	if err != nil || x == nil {
		return err
	}
	x.Busy = false
	return l.save(ctx, *x) // want `save rewrites the entity read by a list page from its fields \(UpsertEntity, no IfMatch\)`
}

// Occupy gets, changes and saves; its save call sits on the line of a
// finding of the package's other file.
func (l *Lockers) Occupy(ctx context.Context, slot string) error {
	x, err := l.Open(ctx, slot)
	if err != nil || x == nil {
		return err
	}
	x.Busy = true
	return l.save(ctx, *x) // want `save rewrites the entity read by GetEntity from its fields \(UpsertEntity, no IfMatch\)`
}

// Relocate saves the locker under another slot: a new row, not the one
// read.
func (l *Lockers) Relocate(ctx context.Context, slot, to string) error {
	x, err := l.Search(ctx, slot)
	if err != nil || x == nil {
		return err
	}
	x.Slot = to
	return l.save(ctx, *x)
}

// LendIf writes only over the version read.
func (l *Lockers) LendIf(ctx context.Context, slot, tenant string) error {
	resp, err := l.tc.GetEntity(ctx, slot, "locker", nil)
	if err != nil {
		return err
	}
	var row map[string]any
	if err := json.Unmarshal(resp.Value, &row); err != nil {
		return err
	}
	x := lockerOf(row)
	x.Tenant = tenant
	b, err := json.Marshal(map[string]any{"PartitionKey": x.Slot, "RowKey": "locker", "Slot": x.Slot, "Tenant": x.Tenant})
	if err != nil {
		return err
	}
	etag := azcore.ETag(resp.ETag)
	_, err = l.tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &etag})
	return err
}
