package seedbankb

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Harvest is what a regeneration plot returns for one accession.
type Harvest struct {
	Batch     string
	Accession string
	Grams     float64
	Seeds     int32
	Species   string
}

// Regrow re-registers the accessions of a regeneration run, each under the
// batch its harvest names, in one transaction.
func (v *Vault) Regrow(ctx context.Context, run []Harvest) error {
	actions := make([]aztables.TransactionAction, 0, len(run))
	for _, h := range run {
		doc, err := json.Marshal(Accession{
			Entity:  aztables.Entity{PartitionKey: h.Batch, RowKey: h.Accession},
			Grams:   h.Grams,
			Seeds:   h.Seeds,
			Species: h.Species,
			Viable:  true,
		})
		if err != nil {
			return err
		}
		actions = append(actions, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: doc})
	}
	_, err := v.tbl.SubmitTransaction(ctx, actions, nil) // L: TL403
	return err
}

// RegrowByBatch files the harvests by batch first and sends one
// transaction per batch, a hundred actions at most.
func (v *Vault) RegrowByBatch(ctx context.Context, run []Harvest) error {
	byBatch := map[string][]aztables.TransactionAction{}
	for _, h := range run {
		doc, err := json.Marshal(Accession{
			Entity:  aztables.Entity{PartitionKey: h.Batch, RowKey: h.Accession},
			Grams:   h.Grams,
			Seeds:   h.Seeds,
			Species: h.Species,
			Viable:  true,
		})
		if err != nil {
			return err
		}
		byBatch[h.Batch] = append(byBatch[h.Batch], aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: doc})
	}
	for _, group := range byBatch {
		for len(group) > 0 {
			n := min(len(group), 100)
			if _, err := v.tbl.SubmitTransaction(ctx, group[:n], nil); err != nil { // S
				return err
			}
			group = group[n:]
		}
	}
	return nil
}

// Relabel replaces the reference accession of batch one by deleting it and
// adding it again with a new species name, in one transaction.
func (v *Vault) Relabel(ctx context.Context, species string) error {
	gone, err := json.Marshal(aztables.Entity{PartitionKey: "batch-01", RowKey: "acc-000001"})
	if err != nil {
		return err
	}
	fresh, err := json.Marshal(Accession{
		Entity:  aztables.Entity{PartitionKey: "batch-01", RowKey: "acc-000001"},
		Species: species,
		Viable:  true,
	})
	if err != nil {
		return err
	}
	_, err = v.tbl.SubmitTransaction(ctx, []aztables.TransactionAction{ // L: TL404
		{ActionType: aztables.TransactionTypeDelete, Entity: gone},
		{ActionType: aztables.TransactionTypeAdd, Entity: fresh},
	}, nil)
	return err
}

// RelabelOnce is Relabel as one InsertReplace action.
func (v *Vault) RelabelOnce(ctx context.Context, species string) error {
	fresh, err := json.Marshal(Accession{
		Entity:  aztables.Entity{PartitionKey: "batch-01", RowKey: "acc-000001"},
		Species: species,
		Viable:  true,
	})
	if err != nil {
		return err
	}
	_, err = v.tbl.SubmitTransaction(ctx, []aztables.TransactionAction{ // S
		{ActionType: aztables.TransactionTypeInsertReplace, Entity: fresh},
	}, nil)
	return err
}
