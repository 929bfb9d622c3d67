package replay

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/tablelint/tablelint/internal/tracefmt"

	"github.com/tablelint/tablelint/engine/cosmos"
	"github.com/tablelint/tablelint/internal/limits"
)

// Published scalability targets of Azure Table storage ("Scalability and
// performance targets for Table storage",
// https://learn.microsoft.com/azure/storage/tables/scalability-targets): a single partition serves up to 2,000
// entities a second, an account up to 20,000 transactions a second (both
// assuming 1 KiB entities). Over a target the service answers 503 Server
// Busy.
const (
	DefaultPartitionRate = limits.PartitionEntitiesPerSecond
	DefaultAccountRate   = limits.AccountRequestsPerSecond
)

// rec is what the throughput model keeps of one operation.
type rec struct {
	t         float64
	hasT      bool
	retryMs   int16 // Cosmos DB: a throttled operation's x-ms-retry-after-ms (in hasT's padding)
	line      int32
	txs       int32 // requests: one per operation, one per page of a query
	lo, hi    int32 // its loads: loadPart[lo:hi], loadN[lo:hi]
	throttled bool
	byAccount bool  // throttled by the account target rather than a partition's
	status    int16 // the engine's answer, which a throttled operation replaces with 503 (429 on Cosmos DB)
}

// Model places operations in time and measures them against the
// throughput targets in one-second windows.
type Model struct {
	// PartitionRate is the target of one partition in entities a second;
	// AccountRate that of the account in transactions (requests) a second.
	PartitionRate, AccountRate float64
	// Cosmos measures the operations as Cosmos DB for Table does: by the
	// request units they are charged (Outcome.Charge) a second, against
	// RUPerSecond (0: never throttled, as serverless), throttled with 429
	// (cosmos.Budget); Table storage's partition and account targets do
	// not apply.
	Cosmos      bool
	RUPerSecond float64

	// One rec per operation and one load entry per partition an
	// operation touched, in chunks: growing them never copies, so a
	// replay allocates what it keeps and no more.
	recs     chunked[rec]
	loadPart chunked[int32]
	loadN    chunked[int32]
	// ru holds each operation's request units (Cosmos only): a Table
	// storage replay keeps nothing more per operation.
	ru     chunked[float32]
	tables map[string]map[string]int32 // table name (as written, and lower case) → partition key → index
	// lastTable and lastPKs: the table part looked up last and its map.
	lastTable string
	lastPKs   map[string]int32
	parts     []Partition
}

// Partition names one partition of one table.
type Partition struct {
	Table string
	PK    string
}

// NewModel returns a model with the given targets (0: the defaults).
func NewModel(partitionRate, accountRate float64) *Model {
	if partitionRate <= 0 {
		partitionRate = DefaultPartitionRate
	}
	if accountRate <= 0 {
		accountRate = DefaultAccountRate
	}
	return &Model{PartitionRate: partitionRate, AccountRate: accountRate, tables: map[string]map[string]int32{}}
}

// Len returns the number of operations added.
func (m *Model) Len() int { return m.recs.n }

func (m *Model) part(table, pk string) int32 {
	// Table names are case-insensitive; partition keys are not. Most
	// operations name the table the one before did.
	byPK := m.lastPKs
	if table != m.lastTable || byPK == nil {
		byPK = m.tables[table]
	}
	if byPK == nil {
		lower := strings.ToLower(table)
		if byPK = m.tables[lower]; byPK == nil {
			byPK = map[string]int32{}
			m.tables[lower] = byPK
		}
		m.tables[table] = byPK
	}
	m.lastTable, m.lastPKs = table, byPK
	if i, ok := byPK[pk]; ok {
		return i
	}
	i := int32(len(m.parts))
	byPK[pk] = i
	m.parts = append(m.parts, Partition{Table: table, PK: pk})
	return i
}

// Add records one executed operation.
func (m *Model) Add(op *tracefmt.Op, out *Outcome) {
	r := rec{t: op.T, hasT: op.HasT, line: int32(op.Line), txs: int32(max(out.Pages, 1)), lo: int32(m.loadPart.n), status: int16(out.Status)}
	if m.Cosmos {
		m.ru.append(float32(out.Charge))
	}
	for _, l := range out.Load {
		m.loadPart.append(m.part(op.Table, l.PK))
		m.loadN.append(int32(min(l.N, math.MaxInt32)))
	}
	r.hi = int32(m.loadPart.n)
	m.recs.append(r)
}

// Throttled reports whether operation i was throttled; valid after Run.
func (m *Model) Throttled(i int) bool { return m.recs.at(i).throttled }

// RetryAfterMs returns the x-ms-retry-after-ms of operation i when it
// was throttled on Cosmos DB; valid after Run.
func (m *Model) RetryAfterMs(i int) int { return int(m.recs.at(i).retryMs) }

// throttledStatuses counts the throttled operations by the status the
// engine answered them with; valid after Run.
func (m *Model) throttledStatuses() map[int]int {
	out := map[int]int{}
	for i := range m.recs.n {
		if r := m.recs.at(i); r.throttled {
			out[int(r.status)]++
		}
	}
	return out
}

// Throughput is the result of the throughput model.
type Throughput struct {
	// Seconds is the number of one-second windows the workload spans.
	Seconds int
	// PartitionRate and AccountRate are the targets measured against.
	PartitionRate float64
	AccountRate   float64
	// Entities is the total load on all partitions, in entities;
	// Transactions the total requests.
	Entities     int64
	Transactions int64
	// AccountPeak is the most requests in one second, at AccountPeakAt.
	AccountPeak   int64
	AccountPeakAt int
	// AccountHotLine is the trace line of the first operation that took
	// the account over its target in a window (0 if it never went
	// over); AccountHotSeconds counts the windows over the target.
	AccountHotLine    int
	AccountHotSeconds int
	// Throttled counts operations over a target (503 Server Busy);
	// ThrottledAccount those over the account's target.
	Throttled        int
	ThrottledAccount int
	// Partitions holds every partition, hottest first: the most
	// throttled operations, then the highest peak.
	Partitions []PartitionStat
	// Heat is the load of the hottest partitions over time.
	Heat HeatMap
	// Spikes holds each partition's largest jump in load, largest first.
	Spikes []Spike
	// RU is the Cosmos DB measure (Model.Cosmos), nil otherwise.
	RU *RUStat
}

// RUStat is what a replay on Cosmos DB for Table charged, in request
// units.
type RUStat struct {
	// Budget is the RU a second the operations are held against (0: not
	// throttled).
	Budget float64
	// Charged is the RU of the operations served; Offered adds those of
	// the throttled ones (which are not charged).
	Charged, Offered float64
	// Peak is the most RU offered in one second, in second PeakAt.
	Peak   float64
	PeakAt int
	// HotSeconds counts the seconds with a throttled operation; HotLine
	// is the trace line of the first one (0: none).
	HotSeconds, HotLine int
	// MaxRetryAfterMs is the longest x-ms-retry-after-ms answered.
	MaxRetryAfterMs int
}

// PartitionStat is one partition's load.
type PartitionStat struct {
	Partition
	// Entities is its total load; Share its part of all partitions' load.
	Entities int64
	Share    float64
	// Ops counts the operations that touched it.
	Ops int
	// Peak is the most entities in one second, in window PeakAt.
	Peak   int64
	PeakAt int
	// Throttled counts operations on it over its target.
	Throttled int
	// HotLine is the trace line of the first operation that took the
	// partition over its target in a window (0 if it never went over).
	HotLine int
}

// HeatMap is the load of the hottest partitions over time: Rows[i][j] is
// the highest per-second load of row i within column j, a column
// covering BucketSeconds seconds. The last row, when Other is set, is
// the highest load of any partition not shown in its own row.
type HeatMap struct {
	Labels        []string
	Rows          [][]int64
	BucketSeconds int
	Seconds       int
	Other         int // number of partitions folded into the last row; 0 if none
	Target        float64
}

// RunOptions configure Model.Run.
type RunOptions struct {
	// Duration spreads operations without "t" evenly over this many
	// seconds; 0 means one second.
	Duration float64
	// TopN is how many partitions the heat map shows in their own rows.
	TopN int
	// MaxColumns bounds the heat map's columns; seconds are grouped into
	// buckets when the workload is longer.
	MaxColumns int
}

// Run places the operations in time, measures every one-second window
// and decides which operations are throttled. Operations with a time
// keep it; the others are spread evenly over opts.Duration in trace
// order (operation i of n at i·Duration/n). The workload spans the
// seconds up to its last operation, and the whole Duration when some
// operation has no time.
//
// An operation is throttled (503) when it arrives in a second in which
// one of the partitions it touches has already served PartitionRate
// entities, or the account AccountRate requests; a throttled operation
// is not served, so it adds nothing to what the window has served. The
// offered load, throttled or not, is what peaks and the heat map show.
func (m *Model) Run(opts RunOptions) *Throughput {
	n := m.recs.n
	if opts.TopN <= 0 {
		opts.TopN = 10
	}
	if opts.MaxColumns <= 0 {
		opts.MaxColumns = 120
	}
	dur := opts.Duration
	if dur <= 0 {
		dur = 1
	}
	sorted, untimed := true, false
	prev := -1.0
	for i := range n {
		r := m.recs.at(i)
		if !r.hasT {
			untimed = true
			r.t = float64(i) * dur / float64(n)
		}
		if r.t < prev {
			sorted = false
		}
		prev = r.t
	}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	if !sorted {
		// Operations of one time keep their trace order: the index breaks
		// ties, so an unstable sort (pdqsort, O(n log n) without the
		// stable sort's merges) gives the stable order.
		slices.SortFunc(order, func(a, b int32) int {
			ta, tb := m.recs.at(int(a)).t, m.recs.at(int(b)).t
			switch {
			case ta < tb:
				return -1
			case ta > tb:
				return 1
			}
			return cmp.Compare(a, b)
		})
	}
	seconds := 0
	if n > 0 {
		seconds = int(m.recs.at(int(order[n-1])).t) + 1
	}
	if untimed && opts.Duration > 0 && int(math.Ceil(opts.Duration)) > seconds {
		seconds = int(math.Ceil(opts.Duration))
	}
	np := len(m.parts)
	tp := &Throughput{Seconds: seconds, PartitionRate: m.PartitionRate, AccountRate: m.AccountRate}
	stats := make([]PartitionStat, np)
	offered := make([]int64, np)
	served := make([]int64, np)
	stamp := make([]int32, np)
	for i := range stamp {
		stamp[i] = -1
	}
	flush := func(p int32) {
		if stamp[p] >= 0 && offered[p] > stats[p].Peak {
			stats[p].Peak, stats[p].PeakAt = offered[p], int(stamp[p])
		}
	}
	target := int64(math.Ceil(m.PartitionRate))
	accTarget := int64(math.Ceil(m.AccountRate))
	accWindow, accOffered, accServed := int32(-1), int64(0), int64(0)
	var ru *RUStat
	budget := cosmos.Budget{RUPerSecond: m.RUPerSecond}
	ruWindow, ruOffered, hot := int32(-1), 0.0, false
	if m.Cosmos {
		ru = &RUStat{Budget: m.RUPerSecond}
		tp.RU = ru
	}
	for _, i := range order {
		r := m.recs.at(int(i))
		w := int32(r.t)
		if w != accWindow {
			if accOffered > tp.AccountPeak {
				tp.AccountPeak, tp.AccountPeakAt = accOffered, int(accWindow)
			}
			accWindow, accOffered, accServed = w, 0, 0
		}
		tp.Transactions += int64(r.txs)
		charge := 0.0
		if m.Cosmos {
			// Seconds as the account's throughput counts them.
			if w != ruWindow {
				if ruOffered > ru.Peak {
					ru.Peak, ru.PeakAt = ruOffered, int(ruWindow)
				}
				ruWindow, ruOffered, hot = w, 0, false
			}
			charge = float64(*m.ru.at(int(i)))
			ruOffered += charge
			ru.Offered += charge
		}
		if !m.Cosmos && accOffered <= accTarget && accOffered+int64(r.txs) > accTarget {
			tp.AccountHotSeconds++
			if tp.AccountHotLine == 0 {
				tp.AccountHotLine = max(int(r.line), 1)
			}
		}
		accOffered += int64(r.txs)
		throttled := false
		if m.Cosmos {
			ok, retry := budget.Spend(int64(r.t*1000), charge)
			if !ok {
				throttled, r.retryMs = true, int16(retry)
				ru.MaxRetryAfterMs = max(ru.MaxRetryAfterMs, int(retry))
				if !hot {
					hot = true
					ru.HotSeconds++
				}
				if ru.HotLine == 0 {
					ru.HotLine = max(int(r.line), 1)
				}
			} else {
				ru.Charged += charge
			}
		} else if accServed >= accTarget {
			throttled, r.byAccount = true, true
		}
		for k := r.lo; k < r.hi; k++ {
			p := *m.loadPart.at(int(k))
			if stamp[p] != w {
				flush(p)
				stamp[p], offered[p], served[p] = w, 0, 0
			}
			if !m.Cosmos && served[p] >= target {
				throttled = true
			}
		}
		for k := r.lo; k < r.hi; k++ {
			p, u := *m.loadPart.at(int(k)), int64(*m.loadN.at(int(k)))
			st := &stats[p]
			before := offered[p]
			offered[p] += u
			st.Entities += u
			tp.Entities += u
			if k == r.lo || *m.loadPart.at(int(k - 1)) != p {
				st.Ops++
				if throttled {
					st.Throttled++
				}
			}
			if !m.Cosmos && before <= target && offered[p] > target && st.HotLine == 0 {
				st.HotLine = int(r.line)
			}
			if !throttled {
				served[p] += u
			}
		}
		if throttled {
			r.throttled = true
			tp.Throttled++
			if r.byAccount {
				tp.ThrottledAccount++
			}
		} else {
			accServed += int64(r.txs)
		}
	}
	if accOffered > tp.AccountPeak {
		tp.AccountPeak, tp.AccountPeakAt = accOffered, int(accWindow)
	}
	if ru != nil && ruOffered > ru.Peak {
		ru.Peak, ru.PeakAt = ruOffered, int(ruWindow)
	}
	for p := range stats {
		flush(int32(p))
		stats[p].Partition = m.parts[p]
		if tp.Entities > 0 {
			stats[p].Share = float64(stats[p].Entities) / float64(tp.Entities)
		}
	}
	rank := make([]int32, np)
	for i := range rank {
		rank[i] = int32(i)
	}
	// (Table, PK) names one partition, so the order is total and an
	// unstable sort gives the one answer.
	slices.SortFunc(rank, func(a, b int32) int {
		sa, sb := &stats[a], &stats[b]
		switch {
		case sa.Throttled != sb.Throttled:
			return cmpDesc(int64(sa.Throttled), int64(sb.Throttled))
		case sa.Peak != sb.Peak:
			return cmpDesc(sa.Peak, sb.Peak)
		case sa.Entities != sb.Entities:
			return cmpDesc(sa.Entities, sb.Entities)
		case sa.Table != sb.Table:
			return strings.Compare(sa.Table, sb.Table)
		}
		return strings.Compare(sa.PK, sb.PK)
	})
	tp.Partitions = make([]PartitionStat, np)
	for i, p := range rank {
		tp.Partitions[i] = stats[p]
	}
	tp.Heat = m.heat(order, rank, seconds, opts)
	tp.Spikes = m.spikes(order)
	return tp
}

func cmpDesc(a, b int64) int {
	if a > b {
		return -1
	}
	if a < b {
		return 1
	}
	return 0
}

// heat builds the heat map: a second pass over the operations in time
// order with the rows chosen.
func (m *Model) heat(order, rank []int32, seconds int, opts RunOptions) HeatMap {
	h := HeatMap{Seconds: seconds, Target: m.PartitionRate, BucketSeconds: 1}
	if seconds > opts.MaxColumns {
		h.BucketSeconds = (seconds + opts.MaxColumns - 1) / opts.MaxColumns
	}
	cols := 0
	if seconds > 0 {
		cols = (seconds + h.BucketSeconds - 1) / h.BucketSeconds
	}
	np := len(m.parts)
	top := min(opts.TopN, np)
	row := make([]int32, np)
	for i := range row {
		row[i] = int32(top) // "other"
	}
	for i := 0; i < top; i++ {
		row[rank[i]] = int32(i)
		p := m.parts[rank[i]]
		h.Labels = append(h.Labels, p.Table+" / "+p.PK)
	}
	nrows := top
	if np > top {
		h.Other = np - top
		h.Labels = append(h.Labels, "other")
		nrows++
	}
	h.Rows = make([][]int64, nrows)
	for i := range h.Rows {
		h.Rows[i] = make([]int64, cols)
	}
	if nrows == 0 || cols == 0 {
		return h
	}
	count := make([]int64, np)
	stamp := make([]int32, np)
	for i := range stamp {
		stamp[i] = -1
	}
	flush := func(p int32) {
		if stamp[p] < 0 {
			return
		}
		c := int(stamp[p]) / h.BucketSeconds
		if c >= cols {
			c = cols - 1
		}
		if r := h.Rows[row[p]]; count[p] > r[c] {
			r[c] = count[p]
		}
	}
	for _, i := range order {
		r := m.recs.at(int(i))
		w := int32(r.t)
		for k := r.lo; k < r.hi; k++ {
			p := *m.loadPart.at(int(k))
			if stamp[p] != w {
				flush(p)
				stamp[p], count[p] = w, 0
			}
			count[p] += int64(*m.loadN.at(int(k)))
		}
	}
	for p := range count {
		flush(int32(p))
	}
	return h
}

// chunkBits sets the size of a chunked's chunks: 1<<chunkBits elements.
const chunkBits = 14

// chunked is an append-only sequence kept in fixed-size chunks, so that
// appending never copies what is there (a slice grown to millions of
// elements allocates several times its final size on the way).
type chunked[T any] struct {
	chunks [][]T
	n      int
}

func (c *chunked[T]) append(v T) {
	switch k := c.n >> chunkBits; {
	case len(c.chunks) == 0:
		c.chunks = append(c.chunks, nil) // the first chunk grows as a slice does: small models stay small
	case k == len(c.chunks):
		c.chunks = append(c.chunks, make([]T, 0, 1<<chunkBits))
	}
	last := &c.chunks[len(c.chunks)-1]
	*last = append(*last, v)
	c.n++
}

// at returns the i-th element.
func (c *chunked[T]) at(i int) *T { return &c.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }
