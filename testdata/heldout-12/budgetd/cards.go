package budgetd

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const cardPartition = "CARDS"

// Card is a credit card the household tracks.
type Card struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Account   int     `json:"account"`
	Limit     float64 `json:"limit"`
	DueDay    int     `json:"dueDay"`
	Statement float64 `json:"statement"`
	Balance   float64 `json:"balance"`
}

// Cards lists the cards; they all live in one partition.
func (l *Ledger) Cards(ctx context.Context) ([]Card, error) {
	c, err := l.table(l.cards)
	if err != nil {
		return nil, err
	}
	q := "PartitionKey eq '" + cardPartition + "'"
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q}) // S
	var out []Card
	for pages.More() {
		page, err := pages.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if json.Unmarshal(raw, &row) != nil {
				continue
			}
			card := Card{}
			card.ID, _ = row["RowKey"].(string)
			card.Name, _ = row["Name"].(string)
			if v, ok := row["AccountNumber"].(float64); ok {
				card.Account = int(v)
			}
			card.Limit, _ = row["CreditLimit"].(float64)
			card.Balance, _ = row["CurrentBalance"].(float64)
			out = append(out, card)
		}
	}
	return out, nil
}

// Members lists the people the lines are split between.
func (l *Ledger) Members(ctx context.Context) ([]string, error) {
	c, err := l.table(l.members)
	if err != nil {
		return nil, err
	}
	q := "PartitionKey eq 'MEMBERS'"
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // S
	})
	var names []string
	for pages.More() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row struct {
				RowKey string
				Email  string
			}
			if json.Unmarshal(raw, &row) == nil {
				if row.Email == "" {
					row.Email = row.RowKey
				}
				names = append(names, row.Email)
			}
		}
	}
	return names, nil
}

// AddToBalance moves a card's current balance by delta. The card is looked
// up by its account number as RowKey; older rows are found by a query.
func (l *Ledger) AddToBalance(ctx context.Context, account int, delta float64) error {
	c, err := l.table(l.cards)
	if err != nil {
		return err
	}
	got, err := c.GetEntity(ctx, cardPartition, fmt.Sprintf("%d", account), nil) // S
	if err == nil {
		var row map[string]any
		if err := json.Unmarshal(got.Value, &row); err != nil {
			return err
		}
		bal, _ := row["CurrentBalance"].(float64)
		row["CurrentBalance"] = bal + delta
		b, _ := json.Marshal(row)
		_, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &got.ETag}) // S
		_, err = c.UpdateEntity(ctx, b, nil)                                               // L: TL414
		return err
	}

	q := fmt.Sprintf("PartitionKey eq '%s' and AccountNumber eq %d", cardPartition, account)
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL303 TL313
	})
	if pages.More() {
		page, err := pages.NextPage(ctx) // L: TL307
		if err != nil {
			return err
		}
		if len(page.Entities) > 0 {
			var row map[string]any
			if err := json.Unmarshal(page.Entities[0], &row); err != nil {
				return err
			}
			bal, _ := row["CurrentBalance"].(float64)
			row["CurrentBalance"] = bal + delta
			b, _ := json.Marshal(row)
			_, err = c.UpdateEntity(ctx, b, nil) // L: TL414
			return err
		}
	}
	return fmt.Errorf("no card with account %d", account)
}

// PutCard stores a card's settings as sent.
func (l *Ledger) PutCard(ctx context.Context, card Card) error {
	c, err := l.table(l.cards)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(map[string]any{
		"PartitionKey":     cardPartition, // S
		"RowKey":           card.ID,       // L: TL201
		"Name":             card.Name,
		"AccountNumber":    card.Account,
		"CreditLimit":      card.Limit,
		"DueDay":           card.DueDay,
		"StatementBalance": card.Statement,
		"CurrentBalance":   card.Balance,
	})
	_, err = c.UpsertEntity(ctx, b, nil) // S
	return err
}
