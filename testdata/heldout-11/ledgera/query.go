package ledgera

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// comparison operators a caller may ask for, as in the five Int64 filter
// cases of the source's tests.
var operators = map[string]string{
	"eq": "eq", "gt": "gt", "ge": "ge", "lt": "lt", "le": "le",
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func decodeAll(ctx context.Context, pager interface {
	More() bool
	NextPage(context.Context) (aztables.ListEntitiesResponse, error)
}) ([]Movement, error) {
	var out []Movement
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if err := json.Unmarshal(raw, &e); err != nil {
				return nil, err
			}
			m := Movement{Account: e.PartitionKey, ID: e.RowKey}
			if v, ok := e.Properties["Amount"].(aztables.EDMInt64); ok {
				m.Amount = int64(v)
			}
			if s, ok := e.Properties["Memo"].(string); ok {
				m.Memo = s
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// Over lists every movement above min, whatever the account: the Int64
// column compared with a bare number, across all partitions.
func (l *Ledger) Over(ctx context.Context, min int64) ([]Movement, error) {
	f := fmt.Sprintf("Amount gt %d", min)
	pager := l.rows.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL301
	return decodeAll(ctx, pager)
}

// Compare lists the movements of one account whose Amount compares with v by
// op (eq, gt, ge, lt, le).
func (l *Ledger) Compare(ctx context.Context, account, op string, v int64) ([]Movement, error) {
	o, ok := operators[op]
	if !ok {
		return nil, fmt.Errorf("ledger: operator %q", op)
	}
	f := "PartitionKey eq '" + account + "'" + // L: TL321
		fmt.Sprintf(" and Amount %s %d", o, v)
	pager := l.rows.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // L: TL303
	return decodeAll(ctx, pager)
}

// Exactly finds one movement by its keys and checks its amount, the
// point-query form of the eq case.
func (l *Ledger) Exactly(ctx context.Context, account, id string, v int64) (bool, error) {
	f := "PartitionKey eq " + quote(account) + " and RowKey eq " + quote(id) +
		fmt.Sprintf(" and Amount eq %d", v)
	pager := l.rows.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f}) // S
	got, err := decodeAll(ctx, pager)
	return len(got) == 1, err
}

// Amounts projects the keys and the typed Amount of one account's
// movements; the "@odata.type" companion comes back with the selected
// property, so Amount decodes as an EDMInt64.
func (l *Ledger) Amounts(ctx context.Context, account string) ([]Movement, error) {
	pager := l.rows.NewListEntitiesPager(&aztables.ListEntitiesOptions{ // S
		Filter: to.Ptr("PartitionKey eq " + quote(account)),
		Select: to.Ptr("PartitionKey,RowKey,Amount"),
	})
	return decodeAll(ctx, pager)
}

// Between lists every movement whose Amount lies in [lo, hi], whatever the
// account: the ge and le cases of the source's tests.
func (l *Ledger) Between(ctx context.Context, lo, hi int64) ([]Movement, error) {
	pager := l.rows.NewListEntitiesPager(&aztables.ListEntitiesOptions{ // L: TL301
		Filter: to.Ptr(fmt.Sprintf("Amount ge %d and Amount le %d", lo, hi)),
	})
	return decodeAll(ctx, pager)
}

// AllAmounts projects keys and Amount of the whole table, the $select case
// of the source without a filter.
func (l *Ledger) AllAmounts(ctx context.Context) ([]Movement, error) {
	pager := l.rows.NewListEntitiesPager(&aztables.ListEntitiesOptions{ // L: TL301
		Select: to.Ptr("PartitionKey,RowKey,Amount"),
	})
	return decodeAll(ctx, pager)
}
