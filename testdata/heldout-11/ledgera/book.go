package ledgera

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Movement is one booked amount, in minor units.
type Movement struct {
	Account string
	ID      string
	Amount  int64
	Memo    string
}

// Book adds a movement; a movement id can be booked once.
func (l *Ledger) Book(ctx context.Context, m Movement) error {
	row := aztables.EDMEntity{
		Entity: aztables.Entity{PartitionKey: m.Account, RowKey: m.ID},
		Properties: map[string]any{
			"Amount": aztables.EDMInt64(m.Amount), // S
			"Memo":   m.Memo,
		},
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	if _, err := l.rows.AddEntity(ctx, body, nil); err != nil { // S
		if alreadyThere(err, "EntityAlreadyExists") {
			return ErrDuplicate
		}
		return err
	}
	return nil
}

// BookWire adds a movement the way the SDK puts an EDMInt64 on the wire: the
// decimal string and its "@odata.type" companion, written by hand.
func (l *Ledger) BookWire(ctx context.Context, m Movement) error {
	row := map[string]any{
		"PartitionKey":      m.Account,
		"RowKey":            m.ID,
		"Amount":            strconv.FormatInt(m.Amount, 10), // S
		"Amount@odata.type": "Edm.Int64",
		"Memo":              m.Memo,
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = l.rows.AddEntity(ctx, body, nil)
	return err
}

// openingCredit is what a new account starts with, in minor units.
const openingCredit = 5_000_000_000

// OpenAccount books the opening credit of an account. (added)
func (l *Ledger) OpenAccount(ctx context.Context, account string) error {
	row := map[string]any{
		"PartitionKey": account,
		"RowKey":       "000-opening",
		"Amount":       openingCredit, // L: TL125
		"Memo":         "opening credit",
	}
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	_, err = l.rows.AddEntity(ctx, body, nil)
	return err
}
