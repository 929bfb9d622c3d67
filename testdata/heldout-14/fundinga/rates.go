// Package fundinga is a command-line chart of perpetual-futures funding
// rates: a collector stores one row per ticker and settlement time (the
// ticker as PartitionKey, the settlement time as RowKey, the rate as text),
// and this tool reads a ticker's rows and draws the most recent ones.
package fundinga

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const ratesTable = "FundingRates"

// point is one settlement of a ticker.
type point struct {
	At   string
	Rate float64
}

// latestRates reads every row of the ticker's partition, orders the rows by
// RowKey and keeps the last `keep` of them.
func latestRates(ctx context.Context, c *aztables.Client, ticker string, keep int) ([]point, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s'", ticker) // L: TL321
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &filter,
	})

	var rows []map[string]any
	for pager.More() {
		page, err := pager.NextPage(ctx) // S
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", ticker, err)
		}
		for _, raw := range page.Entities {
			row := map[string]any{}
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, fmt.Errorf("decode row: %w", err)
			}
			rows = append(rows, row)
		}
	}

	sort.Slice(rows, func(i, j int) bool {
		return rows[i]["RowKey"].(string) < rows[j]["RowKey"].(string)
	})
	if len(rows) > keep {
		rows = rows[len(rows)-keep:] // L: TL312
	}

	out := make([]point, 0, len(rows))
	for _, row := range rows {
		text, ok := row["funding_rate"].(string)
		if !ok {
			continue
		}
		rate, err := strconv.ParseFloat(text, 64)
		if err != nil {
			continue
		}
		at, _ := row["RowKey"].(string)
		out = append(out, point{At: at, Rate: rate})
	}
	return out, nil
}

// (added) ratesSince is the collector's own read of what it stored after a
// given settlement: the ticker's quotes doubled, the time in a fixed layout,
// and every row returned.
func ratesSince(ctx context.Context, c *aztables.Client, ticker string, since time.Time) ([]point, error) {
	filter := fmt.Sprintf("PartitionKey eq '%s' and RowKey gt '%s'",
		strings.ReplaceAll(ticker, "'", "''"), // S
		since.UTC().Format(time.RFC3339))
	pager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter}) // S
	var out []point
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row struct {
				RowKey      string
				FundingRate string `json:"funding_rate"`
			}
			if err := json.Unmarshal(raw, &row); err != nil {
				return nil, err
			}
			rate, err := strconv.ParseFloat(row.FundingRate, 64)
			if err != nil {
				continue
			}
			out = append(out, point{At: row.RowKey, Rate: rate})
		}
	}
	return out, nil
}
