package budgetd

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// BankLine is one line of an uploaded bank statement.
type BankLine struct {
	Date     string  `json:"date"` // YYYY-MM-DD
	Text     string  `json:"text"`
	Amount   float64 `json:"amount"`
	Account  int     `json:"account"`
	Category string  `json:"category"`
	Skip     string  `json:"skip,omitempty"`
}

func (b BankLine) fingerprint() string {
	return fmt.Sprintf("%s|%s|%.2f|%d", b.Date, b.Text, b.Amount, b.Account)
}

// lineRowKey makes the RowKey of the n-th identical line: a hash, so the
// same statement uploaded twice gives the same keys.
func lineRowKey(b BankLine, n int) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%d", b.fingerprint(), n)))
	return hex.EncodeToString(sum[:])
}

// Import stores the lines not stored yet and returns them. Lines are filed
// by month ("acct_2026-11"); each month's stored keys are read first.
func (l *Ledger) Import(ctx context.Context, lines []BankLine) ([]BankLine, error) {
	if len(lines) == 0 {
		return nil, nil
	}
	c, err := l.table(l.lines)
	if err != nil {
		return nil, err
	}
	byMonth := map[string][]BankLine{}
	for _, b := range lines {
		pk := "acct_unknown"
		if len(b.Date) >= 7 {
			pk = "acct_" + b.Date[:7]
		}
		byMonth[pk] = append(byMonth[pk], b)
	}

	var added []BankLine
	stamp := time.Now().UTC().Format(time.RFC3339)
	for pk, group := range byMonth {
		seen := map[string]int{}
		keys := make([]string, len(group))
		for i, b := range group {
			fp := b.fingerprint()
			keys[i] = lineRowKey(b, seen[fp])
			seen[fp]++
		}

		q := fmt.Sprintf("PartitionKey eq '%s'", pk) // L: TL321
		cols := "RowKey"
		pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
			Filter: &q, // S
			Select: &cols,
		})
		have := map[string]bool{}
		for pages.More() {
			page, err := pages.NextPage(ctx) // S
			if err != nil {
				return nil, fmt.Errorf("list %s: %w", pk, err)
			}
			for _, raw := range page.Entities {
				var row struct{ RowKey string }
				if json.Unmarshal(raw, &row) == nil {
					have[row.RowKey] = true
				}
			}
		}

		var acts []aztables.TransactionAction
		for i, b := range group {
			if have[keys[i]] {
				continue
			}
			added = append(added, b)
			row := map[string]any{
				"PartitionKey":  pk,      // S
				"RowKey":        keys[i], // S
				"Date":          b.Date,
				"Description":   b.Text,
				"Amount":        b.Amount,
				"AccountNumber": b.Account,
				"Category":      b.Category,
				"ImportedAt":    stamp,
			}
			if b.Skip != "" {
				row["SkippedFrom"] = b.Skip
			}
			e, _ := json.Marshal(row)
			acts = append(acts, aztables.TransactionAction{ActionType: aztables.TransactionTypeInsertReplace, Entity: e})
		}
		for start := 0; start < len(acts); start += 100 {
			stop := start + 100
			if stop > len(acts) {
				stop = len(acts)
			}
			if _, err := c.SubmitTransaction(ctx, acts[start:stop], nil); err != nil { // S
				return nil, fmt.Errorf("store %s: %w", pk, err)
			}
		}
	}
	return added, nil
}
