package replay

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/tablelint/tablelint/internal/textable"
	"github.com/tablelint/tablelint/internal/tracefmt"

	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/report"
)

// MaxHotFindings bounds the TL501 findings of one replay; the last one
// says how many more partitions were over the target.
const MaxHotFindings = 20

// Findings returns the findings of a replay: what it observed (the
// rejected operations, grouped; unpadded numbers and time-ordered
// partitions in the keys written) and TL501 for every partition whose
// peak is over the partition target, hottest first. file is the trace
// (or design) the operations' lines refer to.
func (r *Report) Findings(file string) []finding.Finding {
	fs := r.rejectionFindings(file)
	if r.obs != nil {
		fs = append(fs, r.obs.keyFindings(file)...)
		fs = append(fs, r.obs.overlapFindings(file)...)
	}
	if r.Throughput.RU != nil {
		// Cosmos DB throttles by request units, not by Table storage's
		// partition and account targets (TL501, TL502, TL518).
		return append(fs, r.ruFindings(file)...)
	}
	fs = append(fs, r.accountFindings(file)...)
	fs = append(fs, r.spikeFindings(file)...)
	return append(fs, r.hotFindings(file)...)
}

// ruFindings returns TL319 when Cosmos DB throttled operations: some
// second's request units were over the throughput.
func (r *Report) ruFindings(file string) []finding.Finding {
	ru := r.Throughput.RU
	if ru.HotSeconds == 0 {
		return nil
	}
	f := finding.New("TL319", fmt.Sprintf("the workload needs %s RU/s at peak, over its throughput of %s RU/s",
		decimal(ru.Peak), rateText(ru.Budget)))
	f.Hint = finding.HintWith("TL319", fmt.Sprintf("peak in second %d; over the throughput in %s; %s answered 429 with x-ms-retry-after-ms up to %d: \"If, in any given second, the operations consume more RUs than the provisioned RU/s, Azure Cosmos DB will return a 429 exception.\"",
		ru.PeakAt, plural(int64(ru.HotSeconds), "second"), plural(int64(r.Throughput.Throttled), "operation"), ru.MaxRetryAfterMs))
	f.File, f.Line, f.Col = file, max(ru.HotLine, 1), 1
	return []finding.Finding{f}
}

// MaxSpikeFindings bounds the TL502 findings of one replay.
const MaxSpikeFindings = 10

// spikeFindings returns TL502 for the largest jumps in partitions' load.
func (r *Report) spikeFindings(file string) []finding.Finding {
	var fs []finding.Finding
	sp := r.Throughput.Spikes
	for i, s := range sp {
		if i == MaxSpikeFindings {
			break
		}
		msg := fmt.Sprintf("traffic spike on partition %s: %s entities/s, %s times its recent level",
			strconv.Quote(finding.Clip(s.PK)), group(s.Load), decimal(float64(s.Load)/max(s.Recent, 1)))
		detail := fmt.Sprintf("table %s, second %d, recent level %s entities/s", s.Table, s.Second, decimal(s.Recent))
		if i == MaxSpikeFindings-1 && len(sp) > MaxSpikeFindings {
			detail += fmt.Sprintf("; %d more partitions spike", len(sp)-MaxSpikeFindings)
		}
		f := finding.New("TL502", msg)
		f.Hint = finding.HintWith("TL502", detail)
		f.File, f.Line, f.Col = file, s.Line, 1
		fs = append(fs, f)
	}
	return fs
}

// accountFindings returns TL518 when the account's requests went over
// its target in some second.
func (r *Report) accountFindings(file string) []finding.Finding {
	tp := r.Throughput
	if float64(tp.AccountPeak) <= math.Ceil(tp.AccountRate) {
		return nil
	}
	f := finding.New("TL518", fmt.Sprintf("the account serves %s requests/s at peak, over the target of %s/s",
		group(tp.AccountPeak), rateText(tp.AccountRate)))
	f.Hint = finding.HintWith("TL518", fmt.Sprintf("peak in second %d; over the target in %s; %s throttled (503) by the account target",
		tp.AccountPeakAt, plural(int64(tp.AccountHotSeconds), "second"), plural(int64(tp.ThrottledAccount), "operation")))
	f.File, f.Line, f.Col = file, max(tp.AccountHotLine, 1), 1
	return []finding.Finding{f}
}

// hotFindings returns the TL501 findings.
func (r *Report) hotFindings(file string) []finding.Finding {
	tp := r.Throughput
	var hot []PartitionStat
	for _, p := range tp.Partitions {
		// The model counts whole entities a second: a fractional target
		// is reached at its ceiling, as when HotLine is recorded.
		if float64(p.Peak) > math.Ceil(tp.PartitionRate) {
			hot = append(hot, p)
		}
	}
	var fs []finding.Finding
	for i, p := range hot {
		if i == MaxHotFindings {
			break
		}
		msg := fmt.Sprintf("hot partition %s of table %s: %s entities/s at peak, over the target of %s/s",
			strconv.Quote(finding.Clip(p.PK)), p.Table, group(p.Peak), rateText(tp.PartitionRate))
		throttled := plural(int64(p.Throttled), "operation") + " throttled (503)"
		if p.Throttled > 0 && tp.Throttled > 0 {
			throttled = fmt.Sprintf("%s throttled (503), %s of all throttled", plural(int64(p.Throttled), "operation"),
				percent(float64(p.Throttled)/float64(tp.Throttled)))
		}
		detail := fmt.Sprintf("peak in second %d; %s of all traffic; %s", p.PeakAt, percent(p.Share), throttled)
		if i == MaxHotFindings-1 && len(hot) > MaxHotFindings {
			detail += fmt.Sprintf("; %d more partitions are over the target", len(hot)-MaxHotFindings)
		}
		f := finding.New("TL501", msg)
		f.Hint = finding.HintWith("TL501", detail)
		f.File, f.Line, f.Col = file, max(p.HotLine, 1), 1
		fs = append(fs, f)
	}
	return fs
}

// rateText formats a throughput target: whole numbers with thousands
// separators, fractions as they are (0.5).
func rateText(r float64) string {
	if r == math.Trunc(r) && math.Abs(r) < 1e15 {
		return group(int64(r))
	}
	return strconv.FormatFloat(r, 'g', -1, 64)
}

// group formats n with thousands separators: 12,345.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return group(n) + " " + word + "s"
}

func percent(f float64) string {
	p := 100 * f
	switch {
	case p == 0:
		return "0%"
	case p < 0.1:
		return "<0.1%"
	}
	return strconv.FormatFloat(p, 'f', 1, 64) + "%"
}

func decimal(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return group(int64(f))
	}
	if f >= 100 {
		return group(int64(math.Round(f)))
	}
	return strconv.FormatFloat(f, 'f', 1, 64)
}

func newTable(w io.Writer, align []tw.Align) *tablewriter.Table { return textable.New(w, align) }

// queryLabel is how the report names a query: its name, or its shape.
func (q *QueryStat) label() string {
	if q.Name != "" {
		return q.Name
	}
	return q.Shape
}

// WriteText writes the report as text: the totals, the queries and the
// hottest partitions.
func (r *Report) WriteText(w io.Writer, topN int) error {
	tp := r.Throughput
	var b strings.Builder
	kinds := make([]string, 0, len(r.ByKind))
	for k := tracefmt.CreateTable; k <= tracefmt.DeleteTable; k++ {
		if n := r.ByKind[k.String()]; n > 0 {
			kinds = append(kinds, fmt.Sprintf("%s %s", k, group(int64(n))))
		}
	}
	fmt.Fprintf(&b, "replay: %s over %s", plural(int64(r.Operations), "operation"), plural(int64(tp.Seconds), "second"))
	if len(kinds) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(kinds, ", "))
	}
	b.WriteString("\n")
	ru := tp.RU
	if ru != nil {
		fmt.Fprintf(&b, "  target:        Cosmos DB for Table, %s\n", r.Cosmos.text())
	}
	codes := make([]int, 0, len(r.Statuses))
	for c := range r.Statuses {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	var st []string
	for _, c := range codes {
		st = append(st, fmt.Sprintf("%d ×%s", c, group(int64(r.Statuses[c]))))
	}
	if len(st) > 0 {
		fmt.Fprintf(&b, "  statuses:      %s\n", strings.Join(st, ", "))
	}
	fmt.Fprintf(&b, "  entities:      %s scanned, %s returned\n", group(r.Scanned), group(r.Returned))
	if ru != nil {
		r.writeRU(&b)
	} else {
		fmt.Fprintf(&b, "  transactions:  %s billable (every page of a query is one)\n", group(r.Transactions))
		fmt.Fprintf(&b, "  account peak:  %s requests/s in second %d (target %s/s)\n", group(tp.AccountPeak), tp.AccountPeakAt, rateText(tp.AccountRate))
		fmt.Fprintf(&b, "  throttled:     %s (503 Server Busy", plural(int64(tp.Throttled), "operation"))
		if tp.ThrottledAccount > 0 {
			fmt.Fprintf(&b, "; %s over the account target", group(int64(tp.ThrottledAccount)))
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
		t := newTable(w, align)
		t.Header(header)
		for i := range r.Queries {
			q := &r.Queries[i]
			calls := group(int64(q.Calls))
			if q.Errors > 0 {
				calls += fmt.Sprintf(" (%d failed)", q.Errors)
			}
			row := []string{report.EscapeControl(q.Table), report.EscapeControl(q.label()), q.Plan, calls,
				decimal(q.Scanned.Mean) + " / " + group(q.Scanned.P99),
				decimal(q.Returned.Mean) + " / " + group(q.Returned.P99),
				decimal(q.PagesMean), decimal(q.PartitionsMean), group(q.Pages), decimal(q.TxPerSecond)}
			if ru != nil {
				row = append(row[:8], decimal(q.RU/float64(q.Calls)), decimal(q.RU), decimal(q.RUPerSecond))
			} else if m, ok := r.Monthly(q); ok {
				row = append(row, cost.Text(m))
			}
			if predicted {
				sc, tx := "", ""
				if p := q.Predicted; p != nil {
					sc, tx = "?", "?"
					if p.ScannedKnown {
						sc = decimal(p.ScannedPerRun)
					}
					if ru != nil {
						if tx = "?"; p.RUKnown {
							tx = decimal(p.RUPerRun)
						}
					} else if p.TxKnown {
						tx = decimal(p.TxPerRun)
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
		target := fmt.Sprintf("; target %s entities/s", rateText(tp.PartitionRate))
		if ru != nil {
			target = "" // Cosmos DB throttles by request units (above)
		}
		if _, err := fmt.Fprintf(w, "\nhottest partitions (%d of %d%s)\n", n, len(tp.Partitions), target); err != nil {
			return err
		}
		l, rt := tw.AlignLeft, tw.AlignRight
		t := newTable(w, []tw.Align{l, l, rt, rt, rt, rt, rt, rt})
		t.Header("table", "partition", "operations", "entities", "share", "peak/s", "at second", "throttled")
		for _, p := range tp.Partitions[:n] {
			if err := t.Append(report.EscapeControl(p.Table), strconv.Quote(p.PK), group(int64(p.Ops)), group(p.Entities), percent(p.Share),
				group(p.Peak), strconv.Itoa(p.PeakAt), group(int64(p.Throttled))); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
	}
	return nil
}

// text says what the throughput is and what the replay does with it.
func (c *CosmosOptions) text() string {
	switch c.Mode {
	case "provisioned":
		return "provisioned " + rateText(c.RUPerSecond) + " RU/s"
	case "autoscale":
		return "autoscale up to " + rateText(c.RUPerSecond) + " RU/s (held against the maximum)"
	case "serverless":
		return "serverless (billed per RU; not throttled here)"
	}
	return "no throughput declared (not throttled)"
}

// writeRU writes the request-unit lines of a replay on Cosmos DB.
func (r *Report) writeRU(b *strings.Builder) {
	tp := r.Throughput
	ru := tp.RU
	mean := 0.0
	if tp.Seconds > 0 {
		mean = ru.Charged / float64(tp.Seconds)
	}
	fmt.Fprintf(b, "  request units: %s RU charged, %s RU/s on average; peak %s RU/s in second %d\n",
		decimal(ru.Charged), decimal(mean), decimal(ru.Peak), ru.PeakAt)
	fmt.Fprintf(b, "  throttled:     %s (429 Too Many Requests", plural(int64(tp.Throttled), "operation"))
	if tp.Throttled > 0 {
		fmt.Fprintf(b, ", x-ms-retry-after-ms up to %d; over %s RU/s in %s", ru.MaxRetryAfterMs, rateText(ru.Budget), plural(int64(ru.HotSeconds), "second"))
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

// JSON types of the report (report.Write's Extra fields).

// JSONSummary is the "replay" field.
type JSONSummary struct {
	Operations       int            `json:"operations"`
	Seconds          int            `json:"seconds"`
	ByKind           map[string]int `json:"byOp"`
	Statuses         map[string]int `json:"statuses"`
	Scanned          int64          `json:"scanned"`
	Returned         int64          `json:"returned"`
	Transactions     int64          `json:"transactions"`
	Throttled        int            `json:"throttled"`
	ThrottledAccount int            `json:"throttledByAccount"`
	AccountPeak      int64          `json:"accountPeak"`
	AccountPeakAt    int            `json:"accountPeakAt"`
	PartitionTarget  float64        `json:"partitionTarget"`
	AccountTarget    float64        `json:"accountTarget"`
	Partitions       int            `json:"partitions"`
	// Cosmos is the request-unit measure of a replay on Cosmos DB.
	Cosmos *JSONCosmos `json:"cosmos,omitempty"`
}

// JSONCosmos is the "cosmos" field of a replay on Cosmos DB for Table.
type JSONCosmos struct {
	Throughput            string   `json:"throughput"`
	RUPerSecondBudget     float64  `json:"throughputRUPerSecond"`
	RequestUnits          float64  `json:"requestUnits"`
	RequestUnitsPerSecond float64  `json:"requestUnitsPerSecond"`
	PeakRUPerSecond       float64  `json:"peakRUPerSecond"`
	PeakAt                int      `json:"peakAt"`
	Throttled             int      `json:"throttled"`
	SecondsOver           int      `json:"secondsOverThroughput"`
	MaxRetryAfterMs       int      `json:"maxRetryAfterMs"`
	MonthlyCost           *float64 `json:"monthlyThroughputCost,omitempty"`
	Currency              string   `json:"currency,omitempty"`
}

// JSONQuery is one element of the "queries" field.
type JSONQuery struct {
	Table          string    `json:"table"`
	Name           string    `json:"name,omitempty"`
	Shape          string    `json:"shape,omitempty"`
	Plan           string    `json:"plan,omitempty"`
	Line           int       `json:"line"`
	Calls          int       `json:"calls"`
	Errors         int       `json:"errors"`
	Scanned        JSONCount `json:"scanned"`
	Returned       JSONCount `json:"returned"`
	Pages          int64     `json:"pages"`
	PagesMean      float64   `json:"pagesMean"`
	PartitionsMean float64   `json:"partitionsMean"`
	PartitionsMax  int       `json:"partitionsMax"`
	Transactions   int64     `json:"transactions"`
	// TransactionsPerSecond over the workload; MonthlyCost at that rate
	// (with a price); Predicted the design review's estimate per call.
	TransactionsPerSecond float64  `json:"transactionsPerSecond"`
	MonthlyCost           *float64 `json:"monthlyCost,omitempty"`
	// RequestUnits, RequestUnitsPerCall and RequestUnitsPerSecond: on
	// Cosmos DB, what its calls were charged.
	RequestUnits          *float64        `json:"requestUnits,omitempty"`
	RequestUnitsPerCall   *float64        `json:"requestUnitsPerCall,omitempty"`
	RequestUnitsPerSecond *float64        `json:"requestUnitsPerSecond,omitempty"`
	Predicted             *JSONPrediction `json:"predicted,omitempty"`
}

// JSONPrediction is the design review's estimate of one call.
type JSONPrediction struct {
	ScannedPerRun      *float64 `json:"scannedPerRun,omitempty"`
	TransactionsPerRun *float64 `json:"transactionsPerRun,omitempty"`
	RequestUnitsPerRun *float64 `json:"requestUnitsPerRun,omitempty"`
}

// JSONCount is a per-call count's summary.
type JSONCount struct {
	Total int64   `json:"total"`
	Mean  float64 `json:"mean"`
	P99   int64   `json:"p99"`
	Max   int64   `json:"max"`
}

// JSONPartition is one element of the "partitions" field.
type JSONPartition struct {
	Table      string  `json:"table"`
	Partition  string  `json:"partitionKey"`
	Operations int     `json:"operations"`
	Entities   int64   `json:"entities"`
	Share      float64 `json:"share"`
	Peak       int64   `json:"peak"`
	PeakAt     int     `json:"peakAt"`
	Throttled  int     `json:"throttled"`
}

func round(f float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(f*p) / p
}

// JSON returns the report's JSON fields: "replay" (the totals), "queries"
// and "partitions" (the topN hottest).
func (r *Report) JSON(topN int) (summary JSONSummary, queries []JSONQuery, partitions []JSONPartition) {
	tp := r.Throughput
	summary = JSONSummary{Operations: r.Operations, Seconds: tp.Seconds, ByKind: r.ByKind, Statuses: map[string]int{},
		Scanned: r.Scanned, Returned: r.Returned, Transactions: r.Transactions, Throttled: tp.Throttled,
		ThrottledAccount: tp.ThrottledAccount, AccountPeak: tp.AccountPeak, AccountPeakAt: tp.AccountPeakAt,
		PartitionTarget: tp.PartitionRate, AccountTarget: tp.AccountRate, Partitions: len(tp.Partitions)}
	for c, n := range r.Statuses {
		summary.Statuses[strconv.Itoa(c)] = n
	}
	if ru := tp.RU; ru != nil {
		c := &JSONCosmos{Throughput: r.Cosmos.Mode, RUPerSecondBudget: ru.Budget, RequestUnits: round(ru.Charged, 2),
			PeakRUPerSecond: round(ru.Peak, 2), PeakAt: ru.PeakAt, Throttled: tp.Throttled, SecondsOver: ru.HotSeconds,
			MaxRetryAfterMs: ru.MaxRetryAfterMs}
		if tp.Seconds > 0 {
			c.RequestUnitsPerSecond = round(ru.Charged/float64(tp.Seconds), 3)
		}
		if r.Cosmos.Monthly != nil {
			m := round(r.Cosmos.Monthly(c.RequestUnitsPerSecond), 6)
			c.MonthlyCost, c.Currency = &m, r.Cosmos.Currency
		}
		summary.Cosmos = c
	}
	queries = []JSONQuery{}
	for i := range r.Queries {
		q := &r.Queries[i]
		j := JSONQuery{Table: q.Table, Name: q.Name, Shape: q.Shape, Plan: q.Plan, Line: q.Line,
			Calls: q.Calls, Errors: q.Errors, Scanned: sum2(q.Scanned), Returned: sum2(q.Returned),
			Pages: q.Pages, PagesMean: round(q.PagesMean, 3), PartitionsMean: round(q.PartitionsMean, 3),
			PartitionsMax: q.PartitionsMax, Transactions: q.Pages, TransactionsPerSecond: round(q.TxPerSecond, 3)}
		if m, ok := r.Monthly(q); ok {
			m = round(m, 6)
			j.MonthlyCost = &m
		}
		if tp.RU != nil {
			ru, per, ps := round(q.RU, 2), round(q.RU/float64(q.Calls), 3), round(q.RUPerSecond, 3)
			j.RequestUnits, j.RequestUnitsPerCall, j.RequestUnitsPerSecond = &ru, &per, &ps
		}
		if p := q.Predicted; p != nil {
			j.Predicted = &JSONPrediction{}
			if p.RUKnown && tp.RU != nil {
				v := round(p.RUPerRun, 3)
				j.Predicted.RequestUnitsPerRun = &v
			}
			if p.ScannedKnown {
				v := round(p.ScannedPerRun, 3)
				j.Predicted.ScannedPerRun = &v
			}
			if p.TxKnown {
				v := round(p.TxPerRun, 3)
				j.Predicted.TransactionsPerRun = &v
			}
		}
		queries = append(queries, j)
	}
	if topN <= 0 {
		topN = 10
	}
	partitions = []JSONPartition{}
	for _, p := range tp.Partitions[:min(topN, len(tp.Partitions))] {
		partitions = append(partitions, JSONPartition{Table: p.Table, Partition: p.PK, Operations: p.Ops,
			Entities: p.Entities, Share: round(p.Share, 4), Peak: p.Peak, PeakAt: p.PeakAt, Throttled: p.Throttled})
	}
	return summary, queries, partitions
}

func sum2(s Summary) JSONCount {
	return JSONCount{Total: s.Total, Mean: round(s.Mean, 3), P99: s.P99, Max: s.Max}
}
