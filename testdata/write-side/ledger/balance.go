// Package ledger adjusts account balances: the account as partition, the
// balance row "balance" and one row per posting, written together.
package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

type balanceRow struct {
	PartitionKey string
	RowKey       string
	Cents        int64  `json:"Cents,string"`
	CentsType    string `json:"Cents@odata.type"`
}

type postingRow struct {
	PartitionKey string
	RowKey       string
	Cents        int64  `json:"Cents,string"`
	CentsType    string `json:"Cents@odata.type"`
}

func isPrecondition(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusPreconditionFailed
}

// Post adds a posting and moves the balance in one transaction, starting
// over from a fresh read when another posting won the race.
func Post(ctx context.Context, c *aztables.Client, account, postingID string, cents int64) error {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.GetEntity(ctx, account, "balance", nil)
		if err != nil {
			return err
		}
		var bal balanceRow
		if err := json.Unmarshal(resp.Value, &bal); err != nil {
			return err
		}
		bal.Cents += cents
		nb, _ := json.Marshal(bal)
		pb, _ := json.Marshal(postingRow{PartitionKey: account, RowKey: "post_" + postingID, Cents: cents, CentsType: "Edm.Int64"})
		actions := []aztables.TransactionAction{
			{ActionType: aztables.TransactionTypeUpdateReplace, Entity: nb, IfMatch: &resp.ETag},
			{ActionType: aztables.TransactionTypeAdd, Entity: pb},
		}
		_, err = c.SubmitTransaction(ctx, actions, nil) // S
		if err == nil || !isPrecondition(err) {
			return err
		}
	}
	return errors.New("ledger: too much contention")
}

// Correct overwrites a balance after a reconciliation: it reads the row
// and then writes with If-Match "*", so a posting made in between is lost.
func Correct(ctx context.Context, c *aztables.Client, account string, cents int64) error {
	resp, err := c.GetEntity(ctx, account, "balance", nil)
	if err != nil {
		return err
	}
	var bal balanceRow
	if err := json.Unmarshal(resp.Value, &bal); err != nil {
		return err
	}
	bal.Cents = cents
	b, err := json.Marshal(bal)
	if err != nil {
		return err
	}
	star := azcore.ETagAny
	_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &star, UpdateMode: aztables.UpdateModeReplace}) // L: TL414
	return err
}
