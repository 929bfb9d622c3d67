package replay

import (
	"fmt"
	"math"
	"strconv"

	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/numtext"
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
		numtext.Decimal(ru.Peak), numtext.Rate(ru.Budget)))
	f.Hint = finding.HintWith("TL319", fmt.Sprintf("peak in second %d; over the throughput in %s; %s answered 429 with x-ms-retry-after-ms up to %d: \"If, in any given second, the operations consume more RUs than the provisioned RU/s, Azure Cosmos DB will return a 429 exception.\"",
		ru.PeakAt, numtext.Plural(int64(ru.HotSeconds), "second"), numtext.Plural(int64(r.Throughput.Throttled), "operation"), ru.MaxRetryAfterMs))
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
			strconv.Quote(finding.Clip(s.PK)), numtext.Group(s.Load), numtext.Decimal(float64(s.Load)/max(s.Recent, 1)))
		detail := fmt.Sprintf("table %s, second %d, recent level %s entities/s", s.Table, s.Second, numtext.Decimal(s.Recent))
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
		numtext.Group(tp.AccountPeak), numtext.Rate(tp.AccountRate)))
	f.Hint = finding.HintWith("TL518", fmt.Sprintf("peak in second %d; over the target in %s; %s throttled (503) by the account target",
		tp.AccountPeakAt, numtext.Plural(int64(tp.AccountHotSeconds), "second"), numtext.Plural(int64(tp.ThrottledAccount), "operation")))
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
			strconv.Quote(finding.Clip(p.PK)), p.Table, numtext.Group(p.Peak), numtext.Rate(tp.PartitionRate))
		throttled := numtext.Plural(int64(p.Throttled), "operation") + " throttled (503)"
		if p.Throttled > 0 && tp.Throttled > 0 {
			throttled = fmt.Sprintf("%s throttled (503), %s of all throttled", numtext.Plural(int64(p.Throttled), "operation"),
				numtext.Percent(float64(p.Throttled)/float64(tp.Throttled)))
		}
		detail := fmt.Sprintf("peak in second %d; %s of all traffic; %s", p.PeakAt, numtext.Percent(p.Share), throttled)
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
