// Package budget keeps a household budget: savings per month, imported
// card transactions partitioned by month, and credit cards.
package budget

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Txn is one imported card transaction; Date comes from the bank's CSV.
type Txn struct {
	Date, Name string
	Amount     float64
	Account    int
}

// DB holds the table clients.
type DB struct {
	savings, txns, cards *aztables.Client
}

// Savings lists the rows of a month ("2024-05"), as given by the request.
func (d *DB) Savings(ctx context.Context, month string) (int, error) {
	f := fmt.Sprintf("PartitionKey eq '%s'", month) // L: TL321
	p := d.savings.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// Import stores new transactions, one batch per month partition, skipping
// the rows already there.
func (d *DB) Import(ctx context.Context, in []Txn) error {
	byMonth := map[string][]Txn{}
	for _, t := range in {
		pk := "unknown"
		if len(t.Date) >= 7 {
			pk = "tx_" + t.Date[:7]
		}
		byMonth[pk] = append(byMonth[pk], t)
	}
	for pk, list := range byMonth {
		f := fmt.Sprintf("PartitionKey eq '%s'", pk) // L: TL321
		sel := "RowKey"
		p := d.txns.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Select: &sel})
		have := map[string]bool{}
		for p.More() {
			page, err := p.NextPage(ctx)
			if err != nil {
				return err
			}
			for _, raw := range page.Entities {
				var m map[string]any
				if json.Unmarshal(raw, &m) == nil {
					rk, _ := m["RowKey"].(string)
					have[rk] = true
				}
			}
		}
		var batch []aztables.TransactionAction
		for _, t := range list {
			h := sha256.Sum256([]byte(fmt.Sprintf("%s|%s|%v|%d", t.Date, t.Name, t.Amount, t.Account)))
			rk := hex.EncodeToString(h[:])
			if have[rk] {
				continue
			}
			b, _ := json.Marshal(map[string]any{"PartitionKey": pk, "RowKey": rk, "Name": t.Name, "Amount": t.Amount})
			batch = append(batch, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
		}
		for i := 0; i < len(batch); i += 100 {
			end := i + 100
			if end > len(batch) {
				end = len(batch)
			}
			if _, err := d.txns.SubmitTransaction(ctx, batch[i:end], nil); err != nil { // S
				return err
			}
		}
	}
	return nil
}

// Cards lists the cards, all kept in one partition.
func (d *DB) Cards(ctx context.Context) (int, error) {
	f := "PartitionKey eq 'CARDS'" // S
	p := d.cards.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	n := 0
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// AdjustBalance finds a card by account number when its RowKey is not the
// number, and updates its balance.
func (d *DB) AdjustBalance(ctx context.Context, account int, delta float64) error {
	if resp, err := d.cards.GetEntity(ctx, "CARDS", fmt.Sprint(account), nil); err == nil {
		return d.apply(ctx, resp.Value, delta)
	}
	f := fmt.Sprintf("PartitionKey eq 'CARDS' and Account eq %d", account) // S
	p := d.cards.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})
	if p.More() {
		page, err := p.NextPage(ctx) // L: TL307
		if err != nil {
			return err
		}
		if len(page.Entities) > 0 {
			return d.apply(ctx, page.Entities[0], delta)
		}
	}
	return fmt.Errorf("card %d not found", account)
}

func (d *DB) apply(ctx context.Context, raw []byte, delta float64) error {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	bal, _ := m["Balance"].(float64)
	m["Balance"] = bal + delta
	b, _ := json.Marshal(m)
	_, err := d.cards.UpdateEntity(ctx, b, nil)
	return err
}
