package placementc

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

const unitsPerPod = 10

// capFor rounds units up to whole pods.
func capFor(units int) int {
	if units%unitsPerPod == 0 {
		return units
	}
	return units + unitsPerPod - units%unitsPerPod
}

// freeSlot returns the first slot of the first page with room for units.
func freeSlot(ctx context.Context, units int) (*slotRow, error) {
	q := fmt.Sprintf("PartitionKey eq '%s'", groupKey) // S
	pager := slotsTbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // S
		Select: to.Ptr("RowKey,Slot,Models,UnitsUsed,UnitsCap"),
		Top:    to.Ptr(int32(10)),
	})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	for _, raw := range page.Entities {
		var s slotRow
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		if s.UnitsCap-s.UnitsUsed >= int32(units) {
			return &s, nil
		}
	}
	return nil, nil
}

// slotTaken tells whether a slot of that name has a row (the demo only ever
// uses two names).
func slotTaken(ctx context.Context, slot string) (bool, error) {
	q := fmt.Sprintf("PartitionKey eq '%s' and Slot eq '%s'", groupKey, slot) // S
	pager := slotsTbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL303
		Select: to.Ptr("RowKey"),
		Top:    to.Ptr(int32(10)),
	})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return false, err
	}
	return len(page.Entities) != 0, nil
}

// openSlot inserts a slot row for a model that found no room.
func openSlot(ctx context.Context, name string, units int) (string, error) {
	slot := "s1"
	taken, err := slotTaken(ctx, "s1")
	if err != nil {
		return "", err
	}
	if taken {
		slot = "s2"
	}
	row := slotRow{
		Entity: aztables.Entity{
			PartitionKey: groupKey,            // S
			RowKey:       uuid.New().String(), // S
		},
		Slot:      slot,
		Models:    name,
		UnitsUsed: int32(units),
		UnitsCap:  int32(capFor(units)),
		TimeStamp: aztables.EDMDateTime(time.Now()), // S
	}
	b, err := json.Marshal(row)
	if err != nil {
		return "", err
	}
	if _, err := slotsTbl.AddEntity(ctx, b, nil); err != nil { // S
		return "", err
	}
	return slot, nil
}

// growSlot writes the slot back with the model added to it.
func growSlot(ctx context.Context, cur *slotRow, name string, units int) error {
	next := slotRow{
		Entity: aztables.Entity{
			PartitionKey: groupKey,
			RowKey:       cur.RowKey,
		},
		Slot:      cur.Slot,
		Models:    cur.Models + "," + name,
		UnitsUsed: cur.UnitsUsed + int32(units),
		UnitsCap:  int32(capFor(int(cur.UnitsUsed) + units)),
		TimeStamp: aztables.EDMDateTime(time.Now()),
	}
	b, err := json.Marshal(next)
	if err != nil {
		return err
	}
	_, err = slotsTbl.UpsertEntity(ctx, b, nil) // S
	return err
}

// placeModel puts a new model on a slot with room, or on a new slot.
func placeModel(ctx context.Context, name string, units int) (string, error) {
	cur, err := freeSlot(ctx, units)
	if err != nil {
		return "", err
	}
	if cur == nil {
		return openSlot(ctx, name, units)
	}
	if err := growSlot(ctx, cur, name, units); err != nil { // L: TL414
		return "", err
	}
	return cur.Slot, nil
}
