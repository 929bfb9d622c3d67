package pokedexc

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func monAction(m Mon) (aztables.TransactionAction, error) {
	body, err := json.Marshal(aztables.EDMEntity{
		Entity:     aztables.Entity{PartitionKey: "pokemon", RowKey: m.Name},
		Properties: map[string]any{"Name": m.Name},
	})
	return aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: body}, err
}

// ImportAll stores a pulled list in one transaction.
func (d *Dex) ImportAll(ctx context.Context, mons []Mon) error {
	var actions []aztables.TransactionAction
	for _, m := range mons {
		a, err := monAction(m)
		if err != nil {
			return err
		}
		actions = append(actions, a)
	}
	_, err := d.table.SubmitTransaction(ctx, actions, nil) // L: TL401
	return err
}

// ImportInChunks stores it a hundred creatures to a transaction.
func (d *Dex) ImportInChunks(ctx context.Context, mons []Mon) error {
	for len(mons) > 0 {
		n := min(len(mons), 100)
		actions := make([]aztables.TransactionAction, 0, n)
		for _, m := range mons[:n] {
			a, err := monAction(m)
			if err != nil {
				return err
			}
			actions = append(actions, a)
		}
		if _, err := d.table.SubmitTransaction(ctx, actions, nil); err != nil { // S
			return err
		}
		mons = mons[n:]
	}
	return nil
}
