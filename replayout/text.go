package replayout

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter/tw"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/numtext"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/textable"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// queryLabel is how the report names a query: its name, or its shape.
func queryLabel(q *replay.QueryStat) string {
	if q.Name != "" {
		return q.Name
	}
	return q.Shape
}

// WriteText writes a replay's report as text: the totals, the queries and the
// hottest partitions.
func WriteText(w io.Writer, r *replay.Report, topN int) error {
	tp := r.Throughput
	var b strings.Builder
	kinds := make([]string, 0, len(r.ByKind))
	for k := tracefmt.CreateTable; k <= tracefmt.DeleteTable; k++ {
		if n := r.ByKind[k.String()]; n > 0 {
			kinds = append(kinds, fmt.Sprintf("%s %s", k, numtext.Group(int64(n))))
		}
	}
	fmt.Fprintf(&b, "replay: %s over %s", numtext.Plural(int64(r.Operations), "operation"), numtext.Plural(int64(tp.Seconds), "second"))
	if len(kinds) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(kinds, ", "))
	}
	b.WriteString("\n")
	ru := tp.RU
	if ru != nil {
		fmt.Fprintf(&b, "  target:        Cosmos DB for Table, %s\n", cosmosText(r.Cosmos))
	}
	codes := make([]int, 0, len(r.Statuses))
	for c := range r.Statuses {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	var st []string
	for _, c := range codes {
		st = append(st, fmt.Sprintf("%d ×%s", c, numtext.Group(int64(r.Statuses[c]))))
	}
	if len(st) > 0 {
		fmt.Fprintf(&b, "  statuses:      %s\n", strings.Join(st, ", "))
	}
	fmt.Fprintf(&b, "  entities:      %s scanned, %s returned\n", numtext.Group(r.Scanned), numtext.Group(r.Returned))
	if ru != nil {
		writeRU(&b, r)
	} else {
		fmt.Fprintf(&b, "  transactions:  %s billable (every page of a query is one)\n", numtext.Group(r.Transactions))
		fmt.Fprintf(&b, "  account peak:  %s requests/s in second %d (target %s/s)\n", numtext.Group(tp.AccountPeak), tp.AccountPeakAt, numtext.Rate(tp.AccountRate))
		fmt.Fprintf(&b, "  throttled:     %s (503 Server Busy", numtext.Plural(int64(tp.Throttled), "operation"))
		if tp.ThrottledAccount > 0 {
			fmt.Fprintf(&b, "; %s over the account target", numtext.Group(int64(tp.ThrottledAccount)))
		}
		b.WriteString(")\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if len(r.Queries) > 0 {
		if _, err := io.WriteString(w, "\nqueries (per call: mean / p99)\n"); err != nil {
			return err
		}
		predicted := false
		for i := range r.Queries {
			predicted = predicted || r.Queries[i].Predicted != nil
		}
		l, rt := tw.AlignLeft, tw.AlignRight
		align := []tw.Align{l, l, l, rt, rt, rt, rt, rt, rt, rt}
		header := []string{"table", "query", "plan", "calls", "scanned", "returned", "pages/call", "partitions/call", "transactions", "tx/s"}
		if ru != nil {
			header = []string{"table", "query", "plan", "calls", "scanned", "returned", "pages/call", "partitions/call", "RU/call", "RU", "RU/s"}
			align = append(align, rt)
		} else if r.PricePer10k > 0 {
			align, header = append(align, rt), append(header, "month ("+r.Currency+")")
		}
		if predicted {
			if ru != nil {
				align, header = append(align, rt, rt), append(header, "predicted scanned/call", "predicted RU/call")
			} else {
				align, header = append(align, rt, rt), append(header, "predicted scanned/call", "predicted tx/call")
			}
		}
		t := textable.New(w, align)
		t.Header(header)
		for i := range r.Queries {
			q := &r.Queries[i]
			calls := numtext.Group(int64(q.Calls))
			if q.Errors > 0 {
				calls += fmt.Sprintf(" (%d failed)", q.Errors)
			}
			row := []string{report.EscapeControl(q.Table), report.EscapeControl(queryLabel(q)), q.Plan, calls,
				numtext.Decimal(q.Scanned.Mean) + " / " + numtext.Group(q.Scanned.P99),
				numtext.Decimal(q.Returned.Mean) + " / " + numtext.Group(q.Returned.P99),
				numtext.Decimal(q.PagesMean), numtext.Decimal(q.PartitionsMean), numtext.Group(q.Pages), numtext.Decimal(q.TxPerSecond)}
			if ru != nil {
				row = append(row[:8], numtext.Decimal(q.RU/float64(q.Calls)), numtext.Decimal(q.RU), numtext.Decimal(q.RUPerSecond))
			} else if m, ok := r.Monthly(q); ok {
				row = append(row, cost.Text(m))
			}
			if predicted {
				sc, tx := "", ""
				if p := q.Predicted; p != nil {
					sc, tx = "?", "?"
					if p.ScannedKnown {
						sc = numtext.Decimal(p.ScannedPerRun)
					}
					if ru != nil {
						if tx = "?"; p.RUKnown {
							tx = numtext.Decimal(p.RUPerRun)
						}
					} else if p.TxKnown {
						tx = numtext.Decimal(p.TxPerRun)
					}
				}
				row = append(row, sc, tx)
			}
			if err := t.Append(row); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		if predicted {
			if _, err := io.WriteString(w, predictedNote); err != nil {
				return err
			}
		}
	}
	if len(tp.Partitions) > 0 {
		n := min(topN, len(tp.Partitions))
		if topN <= 0 {
			n = min(10, len(tp.Partitions))
		}
		target := fmt.Sprintf("; target %s entities/s", numtext.Rate(tp.PartitionRate))
		if ru != nil {
			target = "" // Cosmos DB throttles by request units (above)
		}
		if _, err := fmt.Fprintf(w, "\nhottest partitions (%d of %d%s)\n", n, len(tp.Partitions), target); err != nil {
			return err
		}
		l, rt := tw.AlignLeft, tw.AlignRight
		t := textable.New(w, []tw.Align{l, l, rt, rt, rt, rt, rt, rt})
		t.Header("table", "partition", "operations", "entities", "share", "peak/s", "at second", "throttled")
		for _, p := range tp.Partitions[:n] {
			if err := t.Append(report.EscapeControl(p.Table), strconv.Quote(p.PK), numtext.Group(int64(p.Ops)), numtext.Group(p.Entities), numtext.Percent(p.Share),
				numtext.Group(p.Peak), strconv.Itoa(p.PeakAt), numtext.Group(int64(p.Throttled))); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	return nil
}

// cosmosText says what the throughput is and what the replay does with it.
func cosmosText(c *replay.CosmosOptions) string {
	switch c.Mode {
	case "provisioned":
		return "provisioned " + numtext.Rate(c.RUPerSecond) + " RU/s"
	case "autoscale":
		return "autoscale up to " + numtext.Rate(c.RUPerSecond) + " RU/s (held against the maximum)"
	case "serverless":
		return "serverless (billed per RU; not throttled here)"
	}
	return "no throughput declared (not throttled)"
}

// writeRU writes the request-unit lines of a replay on Cosmos DB.
func writeRU(b *strings.Builder, r *replay.Report) {
	tp := r.Throughput
	ru := tp.RU
	mean := 0.0
	if tp.Seconds > 0 {
		mean = ru.Charged / float64(tp.Seconds)
	}
	fmt.Fprintf(b, "  request units: %s RU charged, %s RU/s on average; peak %s RU/s in second %d\n",
		numtext.Decimal(ru.Charged), numtext.Decimal(mean), numtext.Decimal(ru.Peak), ru.PeakAt)
	fmt.Fprintf(b, "  throttled:     %s (429 Too Many Requests", numtext.Plural(int64(tp.Throttled), "operation"))
	if tp.Throttled > 0 {
		fmt.Fprintf(b, ", x-ms-retry-after-ms up to %d; over %s RU/s in %s", ru.MaxRetryAfterMs, numtext.Rate(ru.Budget), numtext.Plural(int64(ru.HotSeconds), "second"))
	} else if ru.Budget <= 0 {
		b.WriteString("; no provisioned throughput to exceed")
	}
	b.WriteString(")\n")
	if c := r.Cosmos; c.Monthly != nil {
		fmt.Fprintf(b, "  month:         %s %s for the throughput at this load (storage not counted)\n", c.Currency, cost.Text(c.Monthly(mean)))
	}
}

// predictedNote says why the predicted and measured columns differ.
const predictedNote = `predicted: an upper bound from the design's volumes (every entity the plan may read when each
entity type holds its declared count); scanned: measured on the data this replay generated.
Measured below predicted means the generated data held fewer entities where the query reads
(its partitions or key range), not that the plan is cheaper.
`
