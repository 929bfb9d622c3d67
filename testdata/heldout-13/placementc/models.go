package placementc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	"github.com/google/uuid"
)

// listModels logs every model row of the group, page by page.
func listModels(ctx context.Context) error {
	q := fmt.Sprintf("PartitionKey eq '%s'", groupKey) // S
	pager := modelsTbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // S
		Select: to.Ptr("Model,Units,UnitsChangedAt"),
		Top:    to.Ptr(int32(10)),
	})
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return err
		}
		for _, raw := range page.Entities {
			var m modelRow
			if err := json.Unmarshal(raw, &m); err != nil {
				return err
			}
			log.Printf("model %s: %d units", m.Model, m.Units)
		}
	}
	return nil
}

// modelUnknown tells whether no row names the model yet.
func modelUnknown(ctx context.Context, name string) (bool, error) {
	q := fmt.Sprintf("PartitionKey eq '%s' and Model eq '%s'", groupKey, name) // L: TL321
	pager := modelsTbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL303
		Select: to.Ptr("RowKey"),
		Top:    to.Ptr(int32(10)),
	})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return false, err
	}
	return len(page.Entities) == 0, nil
}

// findModel returns the model's row.
func findModel(ctx context.Context, name string) (*modelRow, error) {
	q := fmt.Sprintf("PartitionKey eq '%s' and Model eq '%s'", groupKey, name) // L: TL321
	pager := modelsTbl.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL303
		Select: to.Ptr("RowKey,Model,Slot,Units,UnitsChangedAt"),
		Top:    to.Ptr(int32(10)),
	})
	page, err := pager.NextPage(ctx) // L: TL307
	if err != nil {
		return nil, err
	}
	if len(page.Entities) == 0 {
		return nil, errors.New("no row for model " + name)
	}
	var m modelRow
	if err := json.Unmarshal(page.Entities[0], &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// addModel inserts a new model row under a random RowKey.
func addModel(ctx context.Context, name string, units int) error {
	row := modelRow{
		Entity: aztables.Entity{
			PartitionKey: groupKey,            // S
			RowKey:       uuid.New().String(), // S
		},
		Model:          name, // S
		Slot:           "",
		Units:          int32(units),
		UnitsChangedAt: aztables.EDMDateTime(time.Now()), // S
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = modelsTbl.AddEntity(ctx, b, nil) // S
	return err
}

// rewriteModel writes the model's row again under the RowKey found for it,
// with the new units (and an empty slot).
func rewriteModel(ctx context.Context, rowKey, name string, units int) error {
	row := modelRow{
		Entity: aztables.Entity{
			PartitionKey: groupKey,
			RowKey:       rowKey,
		},
		Model:          name,
		Slot:           "",
		Units:          int32(units),
		UnitsChangedAt: aztables.EDMDateTime(time.Now()),
	}
	b, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = modelsTbl.UpsertEntity(ctx, b, nil) // S
	return err
}

// SetUnits records a model's request: a new model gets a row and a slot; a
// known model whose units changed gets its row rewritten.
func SetUnits(ctx context.Context, name string, units int) (string, error) {
	fresh, err := modelUnknown(ctx, name)
	if err != nil {
		return "", err
	}
	if fresh {
		if err := addModel(ctx, name, units); err != nil {
			return "", err
		}
		return placeModel(ctx, name, units)
	}
	cur, err := findModel(ctx, name)
	if err != nil {
		return "", err
	}
	if int32(units) != cur.Units {
		if err := rewriteModel(ctx, cur.RowKey, name, units); err != nil { // S
			return "", err
		}
	}
	return cur.Slot, nil
}
