package review

import (
	"fmt"
	"io"
	"math"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/numtext"
	"github.com/tablelint/tablelint/internal/report"
	"github.com/tablelint/tablelint/internal/textable"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/plan"
)

// EntityRow is one entity type's estimated size and volumes.
type EntityRow struct {
	Entity      *model.Entity
	Table, Name string
	Size        model.Size
}

func entityRow(e *model.Entity, t model.Target) EntityRow {
	return EntityRow{Entity: e, Table: e.Table.Name, Name: e.Name, Size: e.SizeOn(t)}
}

func newTable(w io.Writer, align []tw.Align) *tablewriter.Table { return textable.New(w, align) }

// esc escapes the control characters of text from the design (names,
// templates, key values): a table cell must not drive the terminal.
var esc = report.EscapeControl

const (
	l = tw.AlignLeft
	r = tw.AlignRight
)

// WriteTables writes the entity-type and query tables of the reviews.
func WriteTables(w io.Writer, results []*Result) error {
	for _, res := range results {
		if len(results) > 1 {
			fmt.Fprintf(w, "\n%s\n", esc(res.Design.File))
		}
		if err := writeEntities(w, res); err != nil {
			return err
		}
		if err := writeQueries(w, res); err != nil {
			return err
		}
		writeStorageBill(w, res)
	}
	return nil
}

// writeStorageBill writes the capacity part of the month's bill on Table
// storage, and the whole when the queries' prices are known.
func writeStorageBill(w io.Writer, res *Result) {
	b := res.Storage
	if b == nil {
		return
	}
	cur := res.Prices.Currency
	if !b.Known {
		fmt.Fprintf(w, "\nstorage: ? a month (%s has no count; capacity is billed at %s %g per GB a month)\n", esc(b.NoCount), cur, b.PerGBMonth)
		return
	}
	fmt.Fprintf(w, "\nstorage: ~%s GiB (entity counts × typical sizes, else declared) at %s %g per GB a month: %s",
		cost.Text(b.StoredBytes/(1<<30)), cur, b.PerGBMonth, cost.Text(b.Monthly))
	month, known := 0.0, len(res.Queries) > 0
	for _, q := range res.Queries {
		month += q.Costs.Monthly
		known = known && q.Costs.MonthlyKnown
	}
	if known {
		fmt.Fprintf(w, "; with the queries' transactions: %s", cost.Text(month+b.Monthly))
	}
	fmt.Fprintln(w)
}

func optional(known bool, v float64) string {
	if !known {
		return "?"
	}
	return num(v)
}

func writeEntities(w io.Writer, res *Result) error {
	if len(res.Entities) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nentity types (sizes: approximate, external accounting; * = unbounded properties at %s)\n", limits.SizeText(limits.MaxStringBytes))
	t := newTable(w, []tw.Align{l, l, l, l, r, r, r, r, r})
	t.Header("TABLE", "ENTITY", "PARTITIONKEY", "ROWKEY", "PROPS", "MAX BYTES", "TYPICAL", "COUNT", "WRITES")
	for _, er := range res.Entities {
		e := er.Entity
		maxText := numtext.Group(er.Size.Max)
		if len(er.Size.Unbounded) > 0 {
			maxText += "*"
		}
		typical := "?"
		if er.Size.TypicalKnown {
			typical = numtext.Group(er.Size.Typical)
		}
		count, writes := "?", "?"
		if e.CountNode != nil {
			count = numtext.Group(e.Count)
		}
		if e.WritesNode != nil {
			writes = e.Writes.String()
		}
		if err := t.Append([]string{esc(er.Table), esc(er.Name), esc(e.PartitionKey.Text), esc(e.RowKey.Text),
			fmt.Sprint(len(e.Properties)), maxText, typical, count, writes}); err != nil {
			return err
		}
	}
	return t.Render()
}

func writeQueries(w io.Writer, res *Result) error {
	if len(res.Queries) == 0 {
		return nil
	}
	cosmos := res.Design.Target == model.Cosmos
	// On Cosmos DB a query has a monthly price of its own only on a
	// serverless account; provisioned throughput is billed by the hour.
	perQuery := !cosmos || res.Design.Throughput.Mode == model.Serverless
	prices := priceText(res.Prices)
	if cosmos {
		prices = cosmosPriceText(res)
	}
	fmt.Fprintf(w, "\nqueries (READ/RUN: entities read per run, an upper bound from the volumes; READ/S: at the query's rate; TX: billable transactions; BYTES/RUN: returned whole → with select, or keys only without; MONTH: %s)\n", prices)
	align := []tw.Align{l, l, l, l, l, r, r, r, r, r, r, r}
	header := []any{"TABLE", "QUERY", "PLAN", "PARTITION", "ROWKEY", "READ/RUN", "RATE", "READ/S", "TX/RUN", "TX/S", "BYTES/RUN", "MONTH"}
	if cosmos {
		align, header = append(align, r, r), append(header, "RU/RUN", "RU/S")
	}
	t := newTable(w, align)
	t.Header(header...)
	total, unknown := 0.0, 0
	month, monthUnknown := 0.0, 0
	for _, q := range res.Queries {
		rate := "?"
		if q.RateKnown {
			rate = rateText(q.Rate)
		}
		partition := q.Partition
		if partition == "" && q.Kind == plan.TableScan.String() {
			partition = "(all)"
		}
		if q.CostKnown {
			total += q.Cost
		} else {
			unknown++
		}
		c := q.Costs
		bytes := "?"
		if c.BytesKnown {
			bytes = num(c.BytesPerRun) + " → " + num(c.SelectedBytesPerRun)
		}
		monthCell := moneyText(c.MonthlyKnown, c.Monthly)
		switch {
		case !perQuery:
			monthCell = "-"
		case c.MonthlyKnown:
			month += c.Monthly
		default:
			monthUnknown++
		}
		row := []string{esc(q.Table), esc(q.Name), q.Kind, esc(partition), esc(q.RowKeys),
			optional(q.ScannedKnown, q.Scanned), rate, optional(q.CostKnown, q.Cost),
			optional(c.TxKnown, c.TxPerRun), optional(c.TxKnown && q.RateKnown, c.TxPerSecond), bytes,
			monthCell}
		if cosmos {
			row = append(row, optional(q.RUKnown, q.RU), optional(q.RUKnown && q.RateKnown, q.RU*q.Rate))
		}
		if err := t.Append(row); err != nil {
			return err
		}
	}
	totalText := num(total)
	if unknown > 0 {
		totalText += fmt.Sprintf(" + %d unknown", unknown)
	}
	monthText := moneyText(true, month)
	if monthUnknown > 0 {
		monthText += fmt.Sprintf(" + %d unknown", monthUnknown)
	}
	if !perQuery {
		monthText = "-"
	}
	footer := []any{"", "", "", "", "", "", "total", totalText, "", "", "", monthText}
	if cosmos {
		footer = append(footer, "", "")
	}
	t.Footer(footer...)
	if err := t.Render(); err != nil {
		return err
	}
	if res.Cosmos != nil {
		writeCosmosBill(w, res.Cosmos)
	}
	return nil
}

// cosmosPriceText says what the MONTH column of a Cosmos DB design holds.
func cosmosPriceText(res *Result) string {
	if res.Design.Throughput.Mode == model.Serverless && res.Cosmos != nil {
		p := res.Cosmos.Prices
		return fmt.Sprintf("%s a 30-day month of the query's request units at %s %g per million (serverless)", p.Currency, p.Currency, p.ServerlessPerMillionRU)
	}
	return "- on Cosmos DB provisioned throughput is billed by the hour, used or not: see the bill below"
}

// writeCosmosBill writes the design's monthly bill on Cosmos DB.
func writeCosmosBill(w io.Writer, b *CosmosBill) {
	p := b.Prices
	fmt.Fprintf(w, "\ncosmos db bill (%s a 30-day month; prices: %s)\n", p.Currency, p.Source)
	t := b.Throughput
	need := num(b.NeededRU) + " RU/s"
	if b.WriteRU > 0 {
		need += " (writes " + num(b.WriteRU) + ")"
	}
	if b.Unknown > 0 {
		need += fmt.Sprintf(" + %d unknown", b.Unknown)
	}
	switch t.Mode {
	case model.Provisioned:
		fmt.Fprintf(w, "  throughput: provisioned %s RU/s at %s %g per 100 RU/s an hour: %s (the design needs %s)\n",
			numtext.Group(t.RUPerSecond), p.Currency, p.ProvisionedPer100RUHour, cost.Text(b.ThroughputMonthly), need)
	case model.Autoscale:
		fmt.Fprintf(w, "  throughput: autoscale up to %s RU/s at %s %g per 100 RU/s an hour, billed at what the design needs (%s), at least 10%% of the maximum: %s\n",
			numtext.Group(t.RUPerSecond), p.Currency, p.AutoscalePer100RUHour, need, cost.Text(b.ThroughputMonthly))
	case model.Serverless:
		fmt.Fprintf(w, "  throughput: serverless, the design's %s at %s %g per million RU: %s\n",
			need, p.Currency, p.ServerlessPerMillionRU, cost.Text(b.ThroughputMonthly))
	default:
		fmt.Fprintf(w, "  throughput: not declared (throughput:); priced as provisioned %s RU/s (what the design needs, %s, and at least %d) at %s %g per 100 RU/s an hour: %s\n",
			num(max(b.NeededRU, MinProvisionedRU)), need, MinProvisionedRU, p.Currency, p.ProvisionedPer100RUHour, cost.Text(b.ThroughputMonthly))
	}
	if b.StoredKnown {
		fmt.Fprintf(w, "  storage: %s GiB at %s %g per GB a month: %s\n", cost.Text(b.StoredBytes/(1<<30)), p.Currency, p.StoragePerGBMonth, cost.Text(b.StorageMonthly))
		fmt.Fprintf(w, "  total: %s\n", cost.Text(b.Monthly()))
	} else {
		fmt.Fprintf(w, "  storage: ? (an entity type has no count)\n")
		fmt.Fprintf(w, "  total: %s + storage\n", cost.Text(b.Monthly()))
	}
}

// moneyText formats a price, "?" when unknown.
func moneyText(known bool, v float64) string {
	if !known {
		return "?"
	}
	return cost.Text(v)
}

// priceText describes the price table.
func priceText(p Prices) string {
	s := fmt.Sprintf("%s a 30-day month at %s %g per 10,000 transactions", p.Currency, p.Currency, p.PerTenThousandTransactions)
	if p.EgressPerGiB > 0 {
		s += fmt.Sprintf(" and %g per GiB returned", p.EgressPerGiB)
	}
	if p.Region != "" {
		s += " (" + p.Region + ")"
	}
	return s
}

// JSONEntity is an entity type in `review --format json`.
type JSONEntity struct {
	File            string   `json:"file"`
	Table           string   `json:"table"`
	Name            string   `json:"name"`
	PartitionKey    string   `json:"partitionKey"`
	RowKey          string   `json:"rowKey"`
	Properties      int      `json:"properties"`
	MaxBytes        int64    `json:"maxBytes"`
	DeclaredBytes   int64    `json:"declaredBytes"`
	TypicalBytes    *int64   `json:"typicalBytes,omitempty"`
	Unbounded       []string `json:"unbounded,omitempty"`
	Count           *int64   `json:"count,omitempty"`
	WritesPerSecond *float64 `json:"writesPerSecond,omitempty"`
}

// JSONQuery is a query in `review --format json`.
type JSONQuery struct {
	File             string    `json:"file"`
	Table            string    `json:"table"`
	Name             string    `json:"name"`
	Filter           string    `json:"filter"`
	Plan             plan.JSON `json:"plan"`
	RatePerSecond    *float64  `json:"ratePerSecond,omitempty"`
	Top              int64     `json:"top,omitempty"`
	Select           []string  `json:"select,omitempty"`
	ScannedPerRun    *float64  `json:"scannedPerRun,omitempty"`
	ScannedPerSecond *float64  `json:"scannedPerSecond,omitempty"`
	// The billable cost (see QueryCost).
	TransactionsPerRun    *float64 `json:"transactionsPerRun,omitempty"`
	TransactionsPerSecond *float64 `json:"transactionsPerSecond,omitempty"`
	BytesPerRun           *float64 `json:"bytesPerRun,omitempty"`
	SelectedBytesPerRun   *float64 `json:"selectedBytesPerRun,omitempty"`
	Monthly               *float64 `json:"monthlyCost,omitempty"`
	// RequestUnitsPerRun and RequestUnitsPerSecond: target cosmos only.
	RequestUnitsPerRun    *float64  `json:"requestUnitsPerRun,omitempty"`
	RequestUnitsPerSecond *float64  `json:"requestUnitsPerSecond,omitempty"`
	Error                 *JSONDiag `json:"error,omitempty"`
}

// JSONDiag is why a filter has no plan.
type JSONDiag struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// JSONTotals sums the query costs.
type JSONTotals struct {
	ScannedPerSecond float64 `json:"scannedPerSecond"`
	UnknownCost      int     `json:"queriesWithUnknownCost"`
	// Monthly sums the queries' monthly costs in Currency.
	Monthly  float64 `json:"monthlyCost"`
	Currency string  `json:"currency"`
	// Cosmos holds the bills of the target: cosmos designs, one per
	// design, in the order of the results.
	Cosmos []JSONCosmosBill `json:"cosmos,omitempty"`
	// StoredBytes and StorageMonthly sum the data stored and its price a
	// month (Currency) over the Table storage designs whose entity types
	// all have a count; StorageUnknown counts those where one has none.
	StoredBytes    float64 `json:"storedBytes,omitempty"`
	StorageMonthly float64 `json:"storageMonthlyCost,omitempty"`
	StorageUnknown int     `json:"designsWithUnknownStorage,omitempty"`
}

// JSONCosmosBill is a design's monthly bill on Cosmos DB for Table.
type JSONCosmosBill struct {
	File string `json:"file"`
	// Throughput is provisioned, autoscale, serverless or none;
	// ThroughputRUPerSecond the provisioned RU/s or autoscale maximum.
	Throughput            string   `json:"throughput"`
	ThroughputRUPerSecond int64    `json:"throughputRUPerSecond,omitempty"`
	NeededRUPerSecond     float64  `json:"neededRUPerSecond"`
	UnknownRU             int      `json:"queriesWithUnknownRU"`
	ThroughputMonthly     float64  `json:"throughputMonthlyCost"`
	StoredBytes           *float64 `json:"storedBytes,omitempty"`
	StorageMonthly        *float64 `json:"storageMonthlyCost,omitempty"`
	Monthly               float64  `json:"monthlyCost"`
	Currency              string   `json:"currency"`
	PriceSource           string   `json:"priceSource"`
}

// JSON returns the entities, queries and totals of the reviews for the
// JSON report.
func JSON(results []*Result) ([]JSONEntity, []JSONQuery, JSONTotals) {
	entities := []JSONEntity{}
	queries := []JSONQuery{}
	var totals JSONTotals
	for _, res := range results {
		for _, er := range res.Entities {
			e := er.Entity
			j := JSONEntity{File: res.Design.File, Table: er.Table, Name: er.Name,
				PartitionKey: e.PartitionKey.Text, RowKey: e.RowKey.Text, Properties: len(e.Properties),
				MaxBytes: er.Size.Max, DeclaredBytes: er.Size.Declared}
			if er.Size.TypicalKnown {
				j.TypicalBytes = &er.Size.Typical
			}
			for _, p := range er.Size.Unbounded {
				j.Unbounded = append(j.Unbounded, p.Name)
			}
			if e.CountNode != nil {
				j.Count = &e.Count
			}
			if e.WritesNode != nil {
				v := e.Writes.PerSecond()
				j.WritesPerSecond = &v
			}
			entities = append(entities, j)
		}
		for _, qr := range res.Queries {
			q := qr.Query
			j := JSONQuery{File: res.Design.File, Table: qr.Table, Name: qr.Name, Filter: q.FilterNode.Value,
				Top: q.Top, Select: q.Select}
			if qr.RateKnown {
				j.RatePerSecond = ptr(qr.Rate)
			}
			if qr.ScannedKnown {
				j.ScannedPerRun = ptr(qr.Scanned)
			}
			if c := qr.Costs; c.TxKnown {
				j.TransactionsPerRun = ptr(c.TxPerRun)
				if qr.RateKnown {
					j.TransactionsPerSecond = ptr(c.TxPerSecond)
				}
			}
			if c := qr.Costs; c.BytesKnown {
				j.BytesPerRun, j.SelectedBytesPerRun = ptr(math.Round(c.BytesPerRun)), ptr(math.Round(c.SelectedBytesPerRun))
			}
			if c := qr.Costs; c.MonthlyKnown {
				j.Monthly = ptr(c.Monthly)
				totals.Monthly += c.Monthly
			}
			totals.Currency = res.Prices.Currency
			if qr.RUKnown {
				j.RequestUnitsPerRun = ptr(qr.RU)
				if qr.RateKnown {
					j.RequestUnitsPerSecond = ptr(qr.RU * qr.Rate)
				}
			}
			if qr.CostKnown {
				j.ScannedPerSecond = ptr(qr.Cost)
				totals.ScannedPerSecond += qr.Cost
			} else {
				totals.UnknownCost++
			}
			if q.Unsupported != nil {
				j.Plan = plan.JSON{Kind: "unsupported"}
				j.Error = &JSONDiag{Rule: q.Unsupported.Rule, Message: q.Unsupported.Msg}
			} else {
				j.Plan = q.Plan.JSON()
			}
			queries = append(queries, j)
		}
		if b := res.Cosmos; b != nil {
			j := JSONCosmosBill{File: res.Design.File, Throughput: b.Throughput.Mode.String(), ThroughputRUPerSecond: b.Throughput.RUPerSecond,
				NeededRUPerSecond: b.NeededRU, UnknownRU: b.Unknown, ThroughputMonthly: b.ThroughputMonthly,
				Monthly: b.Monthly(), Currency: b.Prices.Currency, PriceSource: b.Prices.Source}
			if b.StoredKnown {
				j.StoredBytes, j.StorageMonthly = ptr(math.Round(b.StoredBytes)), ptr(b.StorageMonthly)
			}
			totals.Cosmos = append(totals.Cosmos, j)
		}
		if b := res.Storage; b != nil {
			if b.Known {
				totals.StoredBytes += math.Round(b.StoredBytes)
				totals.StorageMonthly += b.Monthly
				totals.Currency = res.Prices.Currency
			} else {
				totals.StorageUnknown++
			}
		}
	}
	return entities, queries, totals
}

func ptr[T any](v T) *T { return &v }
