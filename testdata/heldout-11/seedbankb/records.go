package seedbankb

import (
	"context"
	"encoding/json"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// recordGermination stores the result of a germination test of one
// accession, keyed under the accession's batch.
func (v *Vault) recordGermination(ctx context.Context, batch, accession string, rate float64, at time.Time) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{
			PartitionKey: batch,
			RowKey:       accession + "-germ",
		},
		Properties: map[string]any{
			"Rate":     rate,
			"TestedAt": aztables.EDMDateTime(at), // L: TL124
		},
	}
	doc, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = v.tbl.UpsertEntity(ctx, doc, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge})
	return err
}

// TestedToday records a test made now.
func (v *Vault) TestedToday(ctx context.Context, batch, accession string, rate float64) error {
	return v.recordGermination(ctx, batch, accession, rate, time.Now())
}

// ImportLegacy records a test from the old register, which kept no date.
func (v *Vault) ImportLegacy(ctx context.Context, batch, accession string, rate float64) error {
	return v.recordGermination(ctx, batch, accession, rate, time.Time{})
}

// SetFreezerQuota stores the freezer's capacity next to its batch.
func (v *Vault) SetFreezerQuota(ctx context.Context, batch string) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: batch, RowKey: "freezer"},
		Properties: map[string]any{
			"CapacityBytes": 6 << 30, // L: TL125
			"Shelves":       12,      // S
		},
	}
	doc, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = v.tbl.UpsertEntity(ctx, doc, nil)
	return err
}

// SetFreezerQuotaTyped is SetFreezerQuota with the capacity sent as Int64.
func (v *Vault) SetFreezerQuotaTyped(ctx context.Context, batch string) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: batch, RowKey: "freezer"},
		Properties: map[string]any{
			"CapacityBytes": aztables.EDMInt64(6 << 30), // S
			"Shelves":       12,
		},
	}
	doc, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = v.tbl.UpsertEntity(ctx, doc, nil)
	return err
}
