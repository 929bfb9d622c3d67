// Package swimmers loads a federation's registered swimmers into a table:
// the club as partition, the swimmer ID as RowKey.
package swimmers

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const maxBatchSize = 100

// Swimmer is one registration.
type Swimmer struct {
	ID, First, Last, Birth string
}

// Club is a club's roster.
type Club struct {
	Name     string
	Swimmers []Swimmer
}

type swimmerRow struct {
	aztables.Entity
	Club    string
	Swimmer Swimmer // L: TL126
}

type flatRow struct {
	aztables.Entity
	Club, First, Last, Birth string
}

func flat(club string, s Swimmer) ([]byte, error) {
	return json.Marshal(flatRow{
		Entity: aztables.Entity{PartitionKey: strings.ReplaceAll(club, " ", ""), RowKey: s.ID},
		Club:   club, First: s.First, Last: s.Last, Birth: s.Birth,
	})
}

// Load writes a club's roster in transactions of at most 100 rows.
func Load(ctx context.Context, client *aztables.Client, c Club) error {
	batch := make([]aztables.TransactionAction, 0, maxBatchSize)
	for _, s := range c.Swimmers {
		b, err := flat(c.Name, s)
		if err != nil {
			return err
		}
		batch = append(batch, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		if len(batch) >= maxBatchSize {
			if _, err := client.SubmitTransaction(ctx, batch, nil); err != nil { // S
				return err
			}
			batch = make([]aztables.TransactionAction, 0, maxBatchSize)
		}
	}
	if len(batch) > 0 {
		if _, err := client.SubmitTransaction(ctx, batch, nil); err != nil { // S
			return err
		}
	}
	return nil
}

// Register adds one late registration, nested as the first version of
// the loader wrote it: the service cannot store the Swimmer object.
func Register(ctx context.Context, client *aztables.Client, club string, s Swimmer) error {
	b, err := json.Marshal(swimmerRow{
		Entity:  aztables.Entity{PartitionKey: strings.ReplaceAll(club, " ", ""), RowKey: s.ID},
		Club:    club,
		Swimmer: s,
	})
	if err != nil {
		return err
	}
	_, err = client.UpsertEntity(ctx, b, nil)
	return err
}
