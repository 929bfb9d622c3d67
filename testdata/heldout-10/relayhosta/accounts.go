package relayhosta

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Operator links an operator's public key to a billing account.
type Operator struct {
	PublicKey string
	HomeID    string // the operator's own relay address; empty for old rows
	BillingID string
	Joined    time.Time
	Credited  bool
}

// OperatorBook is what the relay needs from operator storage.
type OperatorBook interface {
	ByKey(ctx context.Context, publicKey string) (*Operator, error)
	ByHome(ctx context.Context, homeID string) (*Operator, error)
	Enrol(ctx context.Context, op *Operator) error
	Credit(ctx context.Context, publicKey string) error
}

const (
	mainRow  = "operator"
	indexRow = "operator-by-home"
)

type tableBook struct{ tc *aztables.Client }

// OpenOperatorBook gives the table-backed OperatorBook.
func OpenOperatorBook(conn string) (OperatorBook, error) {
	tc, err := openTable(conn, "RelayOperators")
	if err != nil {
		return nil, err
	}
	return &tableBook{tc: tc}, nil
}

func (b *tableBook) ByKey(ctx context.Context, publicKey string) (*Operator, error) {
	row, err := fetchRow(ctx, b.tc, safeKey(publicKey), mainRow)
	if err != nil || row == nil {
		return nil, err
	}
	return &Operator{
		PublicKey: asText(row, "PublicKey"),
		HomeID:    asText(row, "HomeID"),
		BillingID: asText(row, "BillingID"),
		Joined:    time.Unix(0, asInt(row["JoinedNs"])),
		Credited:  asInt(row["Credited"]) != 0,
	}, nil
}

// ByHome follows the index row to the operator's main row.
func (b *tableBook) ByHome(ctx context.Context, homeID string) (*Operator, error) {
	if homeID == "" {
		return nil, nil
	}
	idx, err := fetchRow(ctx, b.tc, safeKey(homeID), indexRow)
	if err != nil || idx == nil {
		return nil, err
	}
	if key := asText(idx, "PublicKey"); key != "" {
		return b.ByKey(ctx, key)
	}
	return nil, nil
}

// Enrol adds the operator's row and, when it has a home, an index row in the
// home's partition (two partitions, so two separate inserts).
func (b *tableBook) Enrol(ctx context.Context, op *Operator) error {
	credited := int64(0)
	if op.Credited {
		credited = 1
	}
	if err := createRow(ctx, b.tc, map[string]any{
		"PartitionKey": safeKey(op.PublicKey),
		"RowKey":       mainRow,
		"PublicKey":    op.PublicKey,
		"HomeID":       op.HomeID,
		"BillingID":    op.BillingID,
		"JoinedNs":     op.Joined.UnixNano(), // L: TL125
		"Credited":     credited,             // S
	}); err != nil {
		return fmt.Errorf("relay: enrol: %w", err)
	}
	if op.HomeID == "" {
		return nil
	}
	return createRow(ctx, b.tc, map[string]any{
		"PartitionKey": safeKey(op.HomeID),
		"RowKey":       indexRow,
		"PublicKey":    op.PublicKey,
		"HomeID":       op.HomeID,
	})
}

// Credit marks the sign-up credit as given: read, set the flag, write back.
func (b *tableBook) Credit(ctx context.Context, publicKey string) error {
	row, err := fetchRow(ctx, b.tc, safeKey(publicKey), mainRow)
	if err != nil {
		return err
	}
	if row == nil {
		return fmt.Errorf("relay: no operator %s", publicKey)
	}
	row["Credited"] = int64(1)
	return storeRow(ctx, b.tc, row) // L: TL414
}

// CreditOnce is the conditional variant (added): the write carries the
// read's ETag, and a lost race comes back to the caller as an error.
func (b *tableBook) CreditOnce(ctx context.Context, publicKey string) error {
	got, err := b.tc.GetEntity(ctx, safeKey(publicKey), mainRow, nil)
	if err != nil {
		return err
	}
	row := map[string]any{}
	if err := json.Unmarshal(got.Value, &row); err != nil {
		return err
	}
	row["Credited"] = int64(1)
	body, err := json.Marshal(row)
	if err != nil {
		return err
	}
	tag := got.ETag
	_, err = b.tc.UpdateEntity(ctx, body, &aztables.UpdateEntityOptions{IfMatch: &tag, UpdateMode: aztables.UpdateModeReplace}) // S
	return err
}
