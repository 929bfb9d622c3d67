package replay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/internal/cost"
	"github.com/tablelint/tablelint/internal/numtext"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/odata"
)

// Source yields the operations of a workload in order: a trace Reader,
// or a generated workload. Next returns io.EOF at the end.
type Source interface {
	Next(op *tracefmt.Op) error
}

// Options configure Run.
type Options struct {
	// Duration spreads operations without a time evenly over this many
	// seconds (see Model.Run).
	Duration float64
	// PartitionRate and AccountRate are the throughput targets (0: the
	// defaults).
	PartitionRate, AccountRate float64
	// TopN is the number of partitions the heat map and the report show.
	TopN int
	// Setup, when set, is run before the workload and not measured: the
	// data a generated workload starts from.
	Setup Source
	// Results, when set, receives one JSON line per operation.
	Results io.Writer
	// Progress, when set, is called every few thousand operations with
	// the number of operations done.
	Progress func(ops int)
	// Context, when set, stops the replay when it is done: Run then
	// returns its error (context.Canceled on an interrupt).
	Context context.Context
	// PricePer10k is the price of 10,000 billable transactions, in
	// Currency, for the monthly estimate (0: none shown).
	PricePer10k float64
	Currency    string
	// Predicted holds the design review's estimate of each query, by
	// PredictionKey(table, name), shown beside what the replay measured.
	Predicted map[string]Prediction
	// Cosmos, when set, measures the workload as Cosmos DB for Table
	// serves it: the engine must charge request units
	// (EngineOptions.Cosmos).
	Cosmos *CosmosOptions
	// Generated says the workload was generated from a design: its key
	// values are the generator's, so the shapes of numbers in keys
	// (TL204, TL205) are left to the design review, which reads the
	// templates.
	Generated bool
}

// CosmosOptions configure a replay on Cosmos DB for Table.
type CosmosOptions struct {
	// RUPerSecond is the throughput the operations are held against:
	// the provisioned RU/s or the autoscale maximum; 0 for serverless or
	// undeclared throughput, which is never throttled.
	RUPerSecond float64
	// Mode is the throughput's kind as a design writes it: provisioned,
	// autoscale (RUPerSecond is its maximum), serverless, or none (not
	// declared).
	Mode string
	// Monthly, when set, prices a month of the throughput at the mean
	// RU a second the replay charged; Currency is its currency.
	Monthly  func(ruPerSecond float64) float64
	Currency string
}

// Prediction is what the design review estimates one run of a query
// costs.
type Prediction struct {
	ScannedPerRun, TxPerRun float64
	ScannedKnown, TxKnown   bool
	// RUPerRun is the request units of one run on Cosmos DB, when RUKnown.
	RUPerRun float64
	RUKnown  bool
}

// PredictionKey is the key of a query's prediction in
// Options.Predicted.
func PredictionKey(table, name string) string { return strings.ToLower(table) + "\x00" + name }

// cancelCheck is how many operations run between looks at the context.
const cancelCheck = 1024

// Run replays the workload src on eng and measures it.
func Run(src Source, eng Engine, opts Options) (*Report, error) {
	var op tracefmt.Op
	var out Outcome
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.Setup != nil {
		for n := 0; ; n++ {
			if n%cancelCheck == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			err := opts.Setup.Next(&op)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, err
			}
			out.Reset()
			eng.Do(&op, &out)
			if op.Kind == tracefmt.CreateTable && out.Status >= 300 {
				// Every later operation on it would answer 404.
				return nil, fmt.Errorf("table %q cannot be created (status %d): table names are 3 to 63 letters and digits, starting with a letter", op.Table, out.Status)
			}
		}
		if d, ok := eng.(interface{ SetupDone() }); ok {
			d.SetupDone()
		}
	}
	// The results are spooled to a temporary file: whether an operation
	// was throttled (503) is known only once the whole workload is
	// placed in time.
	var rw *bufio.Writer
	var line []byte
	var spool *os.File
	if opts.Results != nil {
		var err error
		if spool, err = os.CreateTemp("", "tablelint-results-*.jsonl"); err != nil {
			return nil, fmt.Errorf("results: %w", err)
		}
		defer func() {
			spool.Close()
			os.Remove(spool.Name())
		}()
		rw = bufio.NewWriterSize(spool, 1<<16)
	}
	m := NewModel(opts.PartitionRate, opts.AccountRate)
	if opts.Cosmos != nil {
		m.Cosmos, m.RUPerSecond = true, opts.Cosmos.RUPerSecond
	}
	agg := newAggregator()
	obs := newObserver()
	obs.noShapes = opts.Generated
	p := prefetch(src)
	defer p.stop()
	// An engine that reads gets together (RefEngine.DoGets) is given each
	// run of consecutive gets of one table at once; their outcomes are
	// then taken in order, as if each had been done alone: a get changes
	// nothing another operation reads.
	gb, _ := eng.(getBatcher)
	var gops [maxGets]tracefmt.Op
	var gouts [maxGets]Outcome
	for i := 0; ; {
		if i%cancelCheck == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		err := p.next(ctx, &gops[0])
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		ops, outs := gops[:1], gouts[:1]
		if gb != nil && ops[0].Kind == tracefmt.Get {
			ops = gops[:1+p.nextGets(gops[1:], ops[0].Table)]
			outs = gouts[:len(ops)]
		}
		for j := range outs {
			outs[j].Reset()
		}
		if len(ops) > 1 {
			gb.DoGets(ops, outs)
		} else {
			eng.Do(&ops[0], &outs[0]) // a get alone reads as fast with Do
		}
		for j := range ops {
			if j > 0 && i%cancelCheck == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			op, out := &ops[j], &outs[j]
			m.Add(op, out)
			agg.add(op, out)
			obs.add(op, out)
			if rw != nil {
				line = appendResult(line[:0], i, op.Line, op, out, m.Cosmos)
				if _, err := rw.Write(line); err != nil {
					return nil, err
				}
			}
			if opts.Progress != nil && i%4096 == 4095 {
				opts.Progress(i + 1)
			}
			i++
		}
	}
	if rw != nil {
		if err := rw.Flush(); err != nil {
			return nil, err
		}
	}
	tp := m.Run(RunOptions{Duration: opts.Duration, TopN: opts.TopN})
	if spool != nil {
		if err := copyResults(opts.Results, spool, m); err != nil {
			return nil, fmt.Errorf("results: %w", err)
		}
	}
	// A throttled operation is answered 503 Server Busy (429 Too Many
	// Requests on Cosmos DB), whatever the engine answered.
	busy := http.StatusServiceUnavailable
	if m.Cosmos {
		busy = http.StatusTooManyRequests
	}
	for st, n := range m.throttledStatuses() {
		if agg.statuses[st] -= n; agg.statuses[st] <= 0 {
			delete(agg.statuses, st)
		}
		agg.statuses[busy] += n
	}
	if m.Cosmos {
		agg.unchargeThrottled(m)
	}
	r := agg.report(tp)
	r.obs = obs
	r.PricePer10k, r.Currency = opts.PricePer10k, opts.Currency
	r.Cosmos = opts.Cosmos
	for i := range r.Queries {
		q := &r.Queries[i]
		if tp.Seconds > 0 {
			q.TxPerSecond = float64(q.Pages) / float64(tp.Seconds)
			q.RUPerSecond = q.RU / float64(tp.Seconds)
		}
		if p, ok := opts.Predicted[PredictionKey(q.Table, q.Name)]; ok && q.Name != "" {
			q.Predicted = &p
		}
	}
	for _, g := range obs.order {
		r.rejections = append(r.rejections, *g)
	}
	return r, nil
}

// copyResults copies the spooled results to w, with the line of every
// throttled operation replaced by the service's answer: 503 with error
// code ServerBusy, nothing returned (on Cosmos DB 429 TooManyRequests,
// nothing charged, with its x-ms-retry-after-ms).
func copyResults(w io.Writer, spool *os.File, m *Model) error {
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return err
	}
	br := bufio.NewReaderSize(spool, 1<<16)
	bw := bufio.NewWriterSize(w, 1<<16)
	var b []byte
	for i := 0; ; i++ {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long line (many keys): gather it whole.
			b = append(b[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				b = append(b, line...)
			}
			line = b
		}
		if len(line) > 0 {
			if i < m.Len() && m.Throttled(i) {
				if m.Cosmos {
					line = throttledCosmosResult(line, m.RetryAfterMs(i))
				} else {
					line = throttledResult(line)
				}
			}
			if _, werr := bw.Write(line); werr != nil {
				return werr
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	return bw.Flush()
}

// throttledResult rewrites a result line for a throttled operation:
// {"i":N,"line":L,"status":503,"code":"ServerBusy"[,"keys":[]],"scanned":0,"returned":0,"pages":1,"partitions":0}.
func throttledResult(line []byte) []byte {
	const status = `,"status":`
	k := bytes.Index(line, []byte(status))
	if k < 0 {
		return line
	}
	rest := line[k+len(status):]
	j := bytes.IndexByte(rest, ',')
	if j < 0 {
		return line
	}
	out := append([]byte(nil), line[:k]...)
	out = append(out, `,"status":503,"code":"ServerBusy"`...)
	if bytes.HasPrefix(rest[j:], []byte(`,"keys":`)) {
		out = append(out, `,"keys":[]`...)
	}
	return append(out, `,"scanned":0,"returned":0,"pages":1,"partitions":0}`+"\n"...)
}

// throttledCosmosResult rewrites a result line for an operation Cosmos
// DB throttled:
// {"i":N,"line":L,"status":429,"code":"TooManyRequests"[,"keys":[]],"scanned":0,"returned":0,"pages":1,"partitions":0,"charge":0,"retryAfterMs":R}.
func throttledCosmosResult(line []byte, retryMs int) []byte {
	out := throttledResult(line)
	if len(out) == len(line) && bytes.Equal(out, line) {
		return line
	}
	out = bytes.Replace(out, []byte(`"status":503,"code":"ServerBusy"`), []byte(`"status":429,"code":"TooManyRequests"`), 1)
	out = append(out[:len(out)-2], `,"charge":0,"retryAfterMs":`...)
	out = strconv.AppendInt(out, int64(retryMs), 10)
	return append(out, "}\n"...)
}

// prefetcher reads a Source ahead on its own goroutine, in batches, so
// that parsing a trace and executing it use two cores.
type prefetcher struct {
	ch    chan prefetchBatch
	free  chan prefetchBatch // batches read to the end, for the reader to refill
	done  chan struct{}
	batch prefetchBatch
	k     int
}

// prefetchBatch is a batch of operations; the entities of its operations
// are copied into arena, which the batch keeps when it is refilled: a
// replay copies its entities without an allocation each.
type prefetchBatch struct {
	ops   []tracefmt.Op
	arena []byte
	err   error // after ops
}

const (
	prefetchSize = 256
	// arenaSize is the size of a batch's arena, and of every block it
	// adds when its entities do not fit.
	arenaSize = 64 << 10
)

func prefetch(src Source) *prefetcher {
	p := &prefetcher{ch: make(chan prefetchBatch, 8), free: make(chan prefetchBatch, 10), done: make(chan struct{})}
	go func() {
		defer close(p.ch)
		for {
			var b prefetchBatch
			select {
			case b = <-p.free: // emptied by next: no garbage per operation
			default:
				b.ops = make([]tracefmt.Op, 0, prefetchSize)
				b.arena = make([]byte, 0, arenaSize)
			}
			for len(b.ops) < prefetchSize {
				b.ops = append(b.ops, tracefmt.Op{})
				op := &b.ops[len(b.ops)-1]
				if err := src.Next(op); err != nil {
					b.ops, b.err = b.ops[:len(b.ops)-1], err
					break
				}
				b.own(op)
			}
			select {
			case p.ch <- b:
			case <-p.done:
				return
			}
			if b.err != nil {
				return
			}
		}
	}()
	return p
}

// own copies the bytes an operation shares with the reader's buffer into
// the batch's arena.
func (b *prefetchBatch) own(op *tracefmt.Op) {
	if op.Entity != nil {
		op.Entity = b.copy(op.Entity)
	}
	for i := range op.Actions {
		if op.Actions[i].Entity != nil {
			op.Actions[i].Entity = b.copy(op.Actions[i].Entity)
		}
	}
}

// copy returns a copy of data in the arena. When the arena is full it
// starts a new block: the copies made in the old one keep it alive until
// their operations are done.
func (b *prefetchBatch) copy(data []byte) []byte {
	if cap(b.arena)-len(b.arena) < len(data) {
		b.arena = make([]byte, 0, max(arenaSize, len(data)))
	}
	n := len(b.arena)
	b.arena = append(b.arena, data...)
	return b.arena[n:len(b.arena):len(b.arena)]
}

func (p *prefetcher) next(ctx context.Context, op *tracefmt.Op) error {
	for p.k == len(p.batch.ops) {
		if p.batch.err != nil {
			return p.batch.err
		}
		if p.batch.ops != nil {
			// Every Op in it was cleared, and done with: its arena is
			// free to hold the next batch's entities.
			select {
			case p.free <- prefetchBatch{ops: p.batch.ops[:0], arena: p.batch.arena[:0]}:
			default:
			}
			p.batch, p.k = prefetchBatch{}, 0 // the slices are the reader's again
		}
		var b prefetchBatch
		var ok bool
		select {
		case b, ok = <-p.ch:
		case <-ctx.Done():
			return ctx.Err()
		}
		if !ok {
			return io.EOF
		}
		p.batch, p.k = b, 0
	}
	*op = p.batch.ops[p.k]
	p.batch.ops[p.k] = tracefmt.Op{}
	p.k++
	return nil
}

// nextGets moves into dst the operations that follow in the batch at
// hand while they are gets of table, and returns how many it moved. It
// never waits for the next batch.
func (p *prefetcher) nextGets(dst []tracefmt.Op, table string) int {
	n := 0
	for n < len(dst) && p.k < len(p.batch.ops) {
		o := &p.batch.ops[p.k]
		if o.Kind != tracefmt.Get || o.Table != table {
			break
		}
		dst[n] = *o
		*o = tracefmt.Op{}
		p.k++
		n++
	}
	return n
}

// getBatcher is an Engine that executes a run of gets at once (see
// RefEngine.DoGets).
type getBatcher interface {
	DoGets(ops []tracefmt.Op, outs []Outcome)
}

func (p *prefetcher) stop() { close(p.done) }

// appendResult appends the --results line of operation i:
// {"i":N,"line":L,"status":S,"keys":[["pk","rk"],…],"scanned":…,"returned":…,"pages":…,"partitions":…[,"charge":RU]}
// with keys for get and query only, and the charge with charge (Cosmos
// DB).
func appendResult(b []byte, i, line int, op *tracefmt.Op, out *Outcome, charge bool) []byte {
	b = append(b, `{"i":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(out.Status), 10)
	if op.Kind == tracefmt.Get || op.Kind == tracefmt.Query {
		b = append(b, `,"keys":[`...)
		for k, key := range out.Keys {
			if k > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = tracefmt.AppendString(b, key[0])
			b = append(b, ',')
			b = tracefmt.AppendString(b, key[1])
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	b = append(b, `,"scanned":`...)
	b = strconv.AppendInt(b, int64(out.Scanned), 10)
	b = append(b, `,"returned":`...)
	b = strconv.AppendInt(b, int64(out.Returned), 10)
	b = append(b, `,"pages":`...)
	b = strconv.AppendInt(b, int64(out.Pages), 10)
	b = append(b, `,"partitions":`...)
	b = strconv.AppendInt(b, int64(out.Partitions), 10)
	if charge {
		// Cosmos DB's request units, as live replay's "charge".
		b = append(b, `,"charge":`...)
		b = strconv.AppendFloat(b, numtext.Round(out.Charge, 2), 'f', -1, 64)
	}
	return append(b, "}\n"...)
}

// aggregator collects the per-query statistics of a replay.
type aggregator struct {
	queries map[queryKey]*queryAgg
	// byShape finds the queries of kind 's' by the length of the
	// lower-case table name, the name and the shape; buf is where that
	// key is built.
	byShape map[string]*queryAgg
	buf     []byte
	// lastTable and lastLower are the table name of the last query and
	// its lower case (a trace names few tables).
	lastTable, lastLower string
	order                []*queryAgg
	kinds                [tracefmt.DeleteTable + 1]int
	statuses             map[int]int
	ops                  int
	scanned              int64
	returned             int64
	tx                   int64
	charges              []float32 // each operation's request units, in order (Cosmos DB)
}

// queryKey groups the queries of a table (in lower case): gets (kind
// 'g'), queries by name ('n') or by filter shape ('s').
type queryKey struct {
	table string
	kind  byte
	s     string
}

type queryAgg struct {
	table, name, shape, plan string
	calls, errors            int
	scanned, returned        counts
	pages                    int64
	ru                       float64
	ops                      []int32 // the operations of its calls, for unchargeThrottled (Cosmos DB)
	partitions               int64
	maxPartitions            int
	line                     int
}

func newAggregator() *aggregator {
	return &aggregator{queries: map[queryKey]*queryAgg{}, byShape: map[string]*queryAgg{}, statuses: map[int]int{}}
}

func (a *aggregator) add(op *tracefmt.Op, out *Outcome) {
	a.ops++
	a.kinds[op.Kind]++
	a.statuses[out.Status]++
	a.scanned += int64(out.Scanned)
	a.returned += int64(out.Returned)
	a.tx += int64(max(out.Pages, 1))
	if a.charges != nil || out.Charge != 0 {
		for len(a.charges) < a.ops-1 {
			a.charges = append(a.charges, 0)
		}
		a.charges = append(a.charges, float32(out.Charge))
	}
	if op.Kind != tracefmt.Query && op.Kind != tracefmt.Get {
		return
	}
	if op.Table != a.lastTable {
		a.lastTable, a.lastLower = op.Table, strings.ToLower(op.Table)
	}
	key := queryKey{table: a.lastLower}
	var name, shape string
	var q *queryAgg
	switch {
	case op.Kind == tracefmt.Get:
		name = "(get)"
		key.kind = 'g'
	case op.Name != "":
		name = op.Name
		key.kind, key.s = 'n', op.Name
	default:
		// Found by the table and the shape in a reused buffer: an
		// unnamed query builds no string unless its shape is new.
		a.buf = binary.AppendUvarint(a.buf[:0], uint64(len(a.lastLower)))
		a.buf = append(a.buf, a.lastLower...)
		n := len(a.buf)
		a.buf = odata.AppendShape(a.buf, op.Filter)
		if q = a.byShape[string(a.buf)]; q == nil {
			shape = string(a.buf[n:])
			key.kind, key.s = 's', shape
		}
	}
	if q == nil {
		q = a.queries[key]
	}
	if q == nil {
		q = &queryAgg{table: op.Table, name: name, shape: shape, line: op.Line}
		if op.Kind == tracefmt.Get {
			q.plan = "point"
		} else if op.Name != "" {
			q.shape = odata.Shape(op.Filter)
		}
		a.queries[key] = q
		if key.kind == 's' {
			a.byShape[string(a.buf)] = q
		}
		a.order = append(a.order, q)
	}
	q.calls++
	if out.Status >= 300 {
		q.errors++
	}
	if q.plan == "" && out.Plan != "" {
		q.plan = out.Plan
	}
	q.scanned.add(int32(min(out.Scanned, 1<<31-1)))
	q.returned.add(int32(min(out.Returned, 1<<31-1)))
	q.pages += int64(out.Pages)
	if out.Charge != 0 {
		q.ru += out.Charge
		q.ops = append(q.ops, int32(a.ops-1))
	}
	q.partitions += int64(out.Partitions)
	q.maxPartitions = max(q.maxPartitions, out.Partitions)
}

// unchargeThrottled takes the charges of the operations Cosmos DB
// throttled out of the queries' request units: a throttled operation is
// not charged.
func (a *aggregator) unchargeThrottled(m *Model) {
	for _, q := range a.order {
		for _, i := range q.ops {
			if m.Throttled(int(i)) {
				q.ru -= float64(a.charges[i])
			}
		}
	}
}

// Report is the result of a replay.
type Report struct {
	// Operations counts the operations replayed; ByKind by kind (keyed
	// by Kind.String) and Statuses by HTTP status.
	Operations int
	ByKind     map[string]int
	Statuses   map[int]int
	// Scanned, Returned and Transactions are totals over all operations;
	// every request (each page of a query, each write, each batch) is a
	// billable transaction.
	Scanned, Returned, Transactions int64
	// Queries holds the statistics of each query (by name or by shape)
	// and of point gets, in order of first appearance.
	Queries []QueryStat
	// Throughput is the throughput model's result.
	Throughput *Throughput
	// PricePer10k and Currency price the transactions (0: no price).
	PricePer10k float64
	Currency    string
	// Cosmos is the replay's Cosmos DB configuration, nil on Table
	// storage; Throughput.RU then holds the request units.
	Cosmos *CosmosOptions

	obs        *observer
	rejections []Rejection
}

// QueryStat is the cost of one query (all its calls).
type QueryStat struct {
	Table string
	// Name is the query's name, "(get)" for point gets, "" for an
	// unnamed query; Shape its filter with literals lifted out.
	Name, Shape string
	// Plan is the plan kind of its calls.
	Plan string
	// Line is the trace line of its first call.
	Line int
	// Calls counts calls, Errors those answered with an error status.
	Calls, Errors int
	// Scanned and Returned summarize entities per call.
	Scanned, Returned Summary
	// Pages counts requests over all calls, each a billable transaction;
	// PagesMean is per call.
	Pages     int64
	PagesMean float64
	// PartitionsMean and PartitionsMax are the partitions a call touched.
	PartitionsMean float64
	PartitionsMax  int
	// TxPerSecond is its transactions a second over the workload.
	TxPerSecond float64
	// RU is the request units its calls were charged on Cosmos DB (the
	// throttled calls not counted), RUPerSecond over the workload.
	RU, RUPerSecond float64
	// Predicted is the design review's estimate, when given.
	Predicted *Prediction
}

// Monthly returns the price of the query's transactions over a 30-day
// month at the rate measured, and false without a price.
func (r *Report) Monthly(q *QueryStat) (float64, bool) {
	if r.PricePer10k <= 0 {
		return 0, false
	}
	return cost.Monthly(q.TxPerSecond, r.PricePer10k), true
}

// Summary summarizes a count per call.
type Summary struct {
	Total int64
	Mean  float64
	P99   int64
	Max   int64
}

// counts is how many calls saw each value of a count: a summary of
// millions of calls keeps a number per distinct value, not one per call.
// Values in [0, maxSmall) are counted in small, as long as the largest of
// them seen needs; the others in large.
type counts struct {
	n     int
	total int64
	small []int64
	large map[int32]int64
}

const maxSmall = 128

func (c *counts) add(v int32) {
	c.n++
	c.total += int64(v)
	if v >= 0 && v < maxSmall {
		if int(v) >= len(c.small) {
			c.small = append(c.small, make([]int64, int(v)+1-len(c.small))...)
		}
		c.small[v]++
		return
	}
	if c.large == nil {
		c.large = map[int32]int64{}
	}
	c.large[v]++
}

// summary returns the total, the mean, the 99th percentile (nearest rank:
// the smallest value at or above 99 % of the calls) and the largest value.
func (c *counts) summary() Summary {
	var s Summary
	if c.n == 0 {
		return s
	}
	s.Total = c.total
	s.Mean = float64(c.total) / float64(c.n)
	large := slices.Sorted(maps.Keys(c.large))
	k := int64(99*c.n+99) / 100 // the rank of the 99th percentile
	seen := int64(0)
	visit := func(v int32, n int64) {
		if n == 0 {
			return
		}
		if seen < k && seen+n >= k {
			s.P99 = int64(v)
		}
		seen += n
		s.Max = int64(v)
	}
	i := 0
	for ; i < len(large) && large[i] < 0; i++ {
		visit(large[i], c.large[large[i]])
	}
	for v, n := range c.small {
		visit(int32(v), n)
	}
	for ; i < len(large); i++ {
		visit(large[i], c.large[large[i]])
	}
	return s
}

func (a *aggregator) report(tp *Throughput) *Report {
	r := &Report{Operations: a.ops, ByKind: map[string]int{}, Statuses: a.statuses,
		Scanned: a.scanned, Returned: a.returned, Transactions: a.tx, Throughput: tp}
	for k, n := range a.kinds {
		if n > 0 {
			r.ByKind[tracefmt.Kind(k).String()] = n
		}
	}
	for _, q := range a.order {
		s := QueryStat{Table: q.table, Name: q.name, Shape: q.shape, Plan: q.plan, Line: q.line,
			Calls: q.calls, Errors: q.errors, Scanned: q.scanned.summary(), Returned: q.returned.summary(),
			Pages: q.pages, PartitionsMax: q.maxPartitions, RU: q.ru}
		s.PagesMean = float64(q.pages) / float64(q.calls)
		s.PartitionsMean = float64(q.partitions) / float64(q.calls)
		r.Queries = append(r.Queries, s)
	}
	return r
}
