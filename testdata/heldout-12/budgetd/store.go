// Package budgetd keeps a household's monthly budget plan, its credit
// cards and its imported bank lines in Azure Tables.
package budgetd

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const azuriteKey = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="

// Ledger is the table layer: one table per kind of record.
type Ledger struct {
	endpoint string
	plans    string
	cards    string
	lines    string
	members  string
	cred     azcore.TokenCredential
}

// PlanLine is one planned expense of a month.
type PlanLine struct {
	Label  string  `json:"label"`
	Amount float64 `json:"amount"`
}

// MonthPlan is what the planning page shows for one month.
type MonthPlan struct {
	Opening float64    `json:"opening"`
	Lines   []PlanLine `json:"lines"`
}

// NewLedger opens the tables and makes sure they exist.
func NewLedger(ctx context.Context, endpoint string, cred azcore.TokenCredential) (*Ledger, error) {
	l := &Ledger{endpoint: endpoint, plans: "plans", cards: "cards", lines: "banklines", members: "members", cred: cred}
	var svc *aztables.ServiceClient
	var err error
	if cred == nil {
		key, kerr := aztables.NewSharedKeyCredential("devstoreaccount1", azuriteKey)
		if kerr != nil {
			return nil, kerr
		}
		svc, err = aztables.NewServiceClientWithSharedKey(endpoint, key, nil)
	} else {
		svc, err = aztables.NewServiceClient(endpoint, cred, nil)
	}
	if err != nil {
		return nil, err
	}
	for _, name := range []string{l.plans, l.cards, l.lines, l.members} {
		if _, err := svc.CreateTable(ctx, name, nil); err != nil {
			var re *azcore.ResponseError
			if errors.As(err, &re) && re.ErrorCode == "TableAlreadyExists" {
				continue
			}
			return nil, fmt.Errorf("create %s: %w", name, err)
		}
	}
	return l, nil
}

func (l *Ledger) table(name string) (*aztables.Client, error) {
	url := strings.TrimSuffix(l.endpoint, "/") + "/" + name
	if l.cred == nil {
		key, err := aztables.NewSharedKeyCredential("devstoreaccount1", azuriteKey)
		if err != nil {
			return nil, err
		}
		return aztables.NewClientWithSharedKey(url, key, nil)
	}
	return aztables.NewClient(url, l.cred, nil)
}

func lineKey(label string) string {
	sum := sha256.Sum256([]byte(label))
	return "LINE_" + hex.EncodeToString(sum[:])
}

// Plan reads every row of the month's partition: the opening balance row
// and one row per planned line.
func (l *Ledger) Plan(ctx context.Context, month string) (*MonthPlan, error) {
	c, err := l.table(l.plans)
	if err != nil {
		return nil, err
	}
	q := fmt.Sprintf("PartitionKey eq '%s'", month) // L: TL321
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // S
	})
	plan := &MonthPlan{}
	for pages.More() {
		page, err := pages.NextPage(ctx) // S
		if err != nil {
			return nil, fmt.Errorf("list plan: %w", err)
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if json.Unmarshal(raw, &row) != nil {
				continue
			}
			rk, _ := row["RowKey"].(string)
			switch {
			case rk == "OPENING":
				plan.Opening, _ = row["Opening"].(float64)
			case strings.HasPrefix(rk, "LINE_"):
				label, _ := row["Label"].(string)
				amount, _ := row["Amount"].(float64)
				plan.Lines = append(plan.Lines, PlanLine{Label: label, Amount: amount})
			}
		}
	}
	return plan, nil
}

// SavePlan replaces the month's plan: it upserts the opening row and each
// line, and deletes the lines the new plan no longer has.
func (l *Ledger) SavePlan(ctx context.Context, month string, plan *MonthPlan) error {
	c, err := l.table(l.plans)
	if err != nil {
		return err
	}
	q := fmt.Sprintf("PartitionKey eq '%s'", month) // L: TL321
	cols := "RowKey"
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // S
		Select: &cols,
	})
	stored := map[string]bool{}
	for pages.More() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("list plan keys: %w", err)
		}
		for _, raw := range page.Entities {
			var row map[string]any
			if json.Unmarshal(raw, &row) == nil {
				if rk, ok := row["RowKey"].(string); ok && strings.HasPrefix(rk, "LINE_") {
					stored[rk] = true
				}
			}
		}
	}

	var acts []aztables.TransactionAction
	opening, _ := json.Marshal(map[string]any{
		"PartitionKey": month, // L: TL201
		"RowKey":       "OPENING",
		"Opening":      plan.Opening,
	})
	acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: opening})

	keep := map[string]bool{}
	for _, ln := range plan.Lines {
		rk := lineKey(ln.Label)
		keep[rk] = true
		b, _ := json.Marshal(map[string]any{
			"PartitionKey": month, // L: TL201
			"RowKey":       rk,    // S
			"Label":        ln.Label,
			"Amount":       ln.Amount,
		})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: b})
	}
	for rk := range stored {
		if keep[rk] {
			continue
		}
		b, _ := json.Marshal(map[string]any{
			"PartitionKey": month, // L: TL201
			"RowKey":       rk,
		})
		acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeDelete, Entity: b})
	}

	const perTx = 100
	for start := 0; start < len(acts); start += perTx {
		stop := start + perTx
		if stop > len(acts) {
			stop = len(acts)
		}
		if _, err := c.SubmitTransaction(ctx, acts[start:stop], nil); err != nil { // S
			return fmt.Errorf("plan batch %d-%d: %w", start, stop, err)
		}
	}
	return nil
}
