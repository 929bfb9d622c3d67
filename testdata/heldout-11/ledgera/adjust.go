package ledgera

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

func (l *Ledger) read(ctx context.Context, account, id string) (aztables.EDMEntity, aztables.GetEntityResponse, error) {
	var e aztables.EDMEntity
	resp, err := l.rows.GetEntity(ctx, account, id, nil)
	if err != nil {
		return e, resp, err
	}
	err = json.Unmarshal(resp.Value, &e)
	return e, resp, err
}

// Correct adds delta to a booked movement under the ETag of the read, so a
// concurrent correction fails with 412 instead of being lost. (added)
func (l *Ledger) Correct(ctx context.Context, account, id string, delta int64) error {
	e, resp, err := l.read(ctx, account, id)
	if err != nil {
		return err
	}
	cur, _ := e.Properties["Amount"].(aztables.EDMInt64)
	e.Properties["Amount"] = aztables.EDMInt64(int64(cur) + delta)
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = l.rows.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}

// Reverse negates a booked movement and stores it back with an upsert. (added)
func (l *Ledger) Reverse(ctx context.Context, account, id string) error {
	e, _, err := l.read(ctx, account, id)
	if err != nil {
		return err
	}
	cur, _ := e.Properties["Amount"].(aztables.EDMInt64)
	e.Properties["Amount"] = -cur
	e.Properties["Memo"] = "reversed"
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = l.rows.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}
