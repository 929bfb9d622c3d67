package replayout

import (
	"strconv"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/numtext"
)

// JSON types of the replay report (report.Write's Extra fields).

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

// JSON returns the report's JSON fields: "replay" (the totals), "queries"
// and "partitions" (the topN hottest).
func JSON(r *replay.Report, topN int) (summary JSONSummary, queries []JSONQuery, partitions []JSONPartition) {
	tp := r.Throughput
	summary = JSONSummary{Operations: r.Operations, Seconds: tp.Seconds, ByKind: r.ByKind, Statuses: map[string]int{},
		Scanned: r.Scanned, Returned: r.Returned, Transactions: r.Transactions, Throttled: tp.Throttled,
		ThrottledAccount: tp.ThrottledAccount, AccountPeak: tp.AccountPeak, AccountPeakAt: tp.AccountPeakAt,
		PartitionTarget: tp.PartitionRate, AccountTarget: tp.AccountRate, Partitions: len(tp.Partitions)}
	for c, n := range r.Statuses {
		summary.Statuses[strconv.Itoa(c)] = n
	}
	if ru := tp.RU; ru != nil {
		c := &JSONCosmos{Throughput: r.Cosmos.Mode, RUPerSecondBudget: ru.Budget, RequestUnits: numtext.Round(ru.Charged, 2),
			PeakRUPerSecond: numtext.Round(ru.Peak, 2), PeakAt: ru.PeakAt, Throttled: tp.Throttled, SecondsOver: ru.HotSeconds,
			MaxRetryAfterMs: ru.MaxRetryAfterMs}
		if tp.Seconds > 0 {
			c.RequestUnitsPerSecond = numtext.Round(ru.Charged/float64(tp.Seconds), 3)
		}
		if r.Cosmos.Monthly != nil {
			m := numtext.Round(r.Cosmos.Monthly(c.RequestUnitsPerSecond), 6)
			c.MonthlyCost, c.Currency = &m, r.Cosmos.Currency
		}
		summary.Cosmos = c
	}
	queries = []JSONQuery{}
	for i := range r.Queries {
		q := &r.Queries[i]
		j := JSONQuery{Table: q.Table, Name: q.Name, Shape: q.Shape, Plan: q.Plan, Line: q.Line,
			Calls: q.Calls, Errors: q.Errors, Scanned: sum2(q.Scanned), Returned: sum2(q.Returned),
			Pages: q.Pages, PagesMean: numtext.Round(q.PagesMean, 3), PartitionsMean: numtext.Round(q.PartitionsMean, 3),
			PartitionsMax: q.PartitionsMax, Transactions: q.Pages, TransactionsPerSecond: numtext.Round(q.TxPerSecond, 3)}
		if m, ok := r.Monthly(q); ok {
			m = numtext.Round(m, 6)
			j.MonthlyCost = &m
		}
		if tp.RU != nil {
			ru, per, ps := numtext.Round(q.RU, 2), numtext.Round(q.RU/float64(q.Calls), 3), numtext.Round(q.RUPerSecond, 3)
			j.RequestUnits, j.RequestUnitsPerCall, j.RequestUnitsPerSecond = &ru, &per, &ps
		}
		if p := q.Predicted; p != nil {
			j.Predicted = &JSONPrediction{}
			if p.RUKnown && tp.RU != nil {
				v := numtext.Round(p.RUPerRun, 3)
				j.Predicted.RequestUnitsPerRun = &v
			}
			if p.ScannedKnown {
				v := numtext.Round(p.ScannedPerRun, 3)
				j.Predicted.ScannedPerRun = &v
			}
			if p.TxKnown {
				v := numtext.Round(p.TxPerRun, 3)
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
			Entities: p.Entities, Share: numtext.Round(p.Share, 4), Peak: p.Peak, PeakAt: p.PeakAt, Throttled: p.Throttled})
	}
	return summary, queries, partitions
}

func sum2(s replay.Summary) JSONCount {
	return JSONCount{Total: s.Total, Mean: numtext.Round(s.Mean, 3), P99: s.P99, Max: s.Max}
}
