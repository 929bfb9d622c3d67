package embedkeys

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type sensorRow struct {
	aztables.Entity
	Model    string `json:"model"`
	Location string `json:"location"`
	Label    string `json:"label"`
}

type labelRow struct {
	aztables.Entity
	Label string `json:"label"`
}

// The smaller struct takes its keys from the row that was read: a
// Replace of the same entity without model and location.
func relabel(ctx context.Context, c *aztables.Client, site, id, label string) error {
	resp, err := c.GetEntity(ctx, site, id, nil)
	if err != nil {
		return err
	}
	var cur sensorRow
	if err := json.Unmarshal(resp.Value, &cur); err != nil {
		return err
	}
	b, _ := json.Marshal(labelRow{Entity: cur.Entity, Label: label})
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace, IfMatch: &resp.ETag}) // want `TL411: UpdateEntity replaces the entity read at line 25 without location, model$`
	return err
}

// Silent below.

// The same smaller struct in a Merge: the other properties stay.
func relabelMerge(ctx context.Context, c *aztables.Client, site, id, label string) error {
	resp, err := c.GetEntity(ctx, site, id, nil)
	if err != nil {
		return err
	}
	var cur sensorRow
	if err := json.Unmarshal(resp.Value, &cur); err != nil {
		return err
	}
	b, _ := json.Marshal(labelRow{Entity: cur.Entity, Label: label})
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge, IfMatch: &resp.ETag})
	return err
}

// The read row moved under another RowKey before its Entity is copied:
// a new entity, nothing of the old one is replaced.
func copyLabel(ctx context.Context, c *aztables.Client, site, id, newID, label string) error {
	resp, err := c.GetEntity(ctx, site, id, nil)
	if err != nil {
		return err
	}
	var cur sensorRow
	if err := json.Unmarshal(resp.Value, &cur); err != nil {
		return err
	}
	cur.RowKey = newID
	b, _ := json.Marshal(labelRow{Entity: cur.Entity, Label: label})
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}

// The Entity of a row built from arguments, not the one read.
func fresh(ctx context.Context, c *aztables.Client, site, id, label string) error {
	resp, err := c.GetEntity(ctx, site, id, nil)
	if err != nil {
		return err
	}
	var cur sensorRow
	if err := json.Unmarshal(resp.Value, &cur); err != nil {
		return err
	}
	other := sensorRow{Entity: aztables.Entity{PartitionKey: site + "-archive", RowKey: id}}
	b, _ := json.Marshal(labelRow{Entity: other.Entity, Label: label})
	_, err = c.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})
	return err
}
