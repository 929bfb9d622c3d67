package exec

import (
	"errors"
	"fmt"
	"hash/maphash"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/store"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

// Service limits on queries (package limits documents them).
const (
	// MaxPageSize is the most entities one response holds.
	MaxPageSize = limits.MaxPageEntities
	// MaxRequestTime is how long one request may run before the service
	// returns what it has with a continuation.
	MaxRequestTime = limits.MaxRequestTime
)

// Options configure an Executor. The zero value is the documented
// service with no time limit.
type Options struct {
	// PageSize is the most entities a page holds; 0 means MaxPageSize.
	PageSize int
	// ScanRate is how many entities a second the simulated server
	// examines. With a positive rate a request that would run past
	// RequestTime stops there and returns a continuation, so a long scan
	// returns a run of pages (often empty) as the service does. 0 means
	// requests never time out.
	ScanRate float64
	// RequestTime is the time limit of one request; 0 means
	// MaxRequestTime.
	RequestTime time.Duration
	// NoPartitionBoundary turns off the continuation at partition
	// boundaries: pages then span partitions, as Azurite's do (see
	// engine/conformance/DEVIATIONS.md). The documented service ends a
	// page where a query crosses a partition boundary.
	NoPartitionBoundary bool
	// CacheSize bounds the prepared-filter cache of exact filter texts; 0
	// means 4096.
	CacheSize int
	// Bytes measures the size of the entities examined and returned
	// (Stats.ScannedBytes, Stats.ReturnedBytes), by their estimated size
	// (store.Entity.EstimatedSize), for a request-unit charge.
	Bytes bool
	// NoEntities leaves Page.Entities empty: a page only counts what it
	// examines and returns (Stats), for a caller that reads no entity,
	// and reads without an allocation per entity returned.
	NoEntities bool
}

// Executor runs queries against tables. It is safe for concurrent use.
type Executor struct {
	opts       Options
	scanBudget int // entities one request may examine; 0: unlimited

	mu    sync.Mutex
	exact map[string]*Prepared
	stats CacheStats
	// scratch holds the entities a point read decodes into when
	// NoEntities is set.
	scratch sync.Pool
}

// CacheStats counts how Prepare found its filters.
type CacheStats struct {
	// Exact counts filters found by their exact text.
	Exact int
	// Parsed counts filters handed to odata.Parse, valid or not (which
	// runs the participle parser once per filter shape).
	Parsed int
}

// New returns an Executor.
func New(opts Options) *Executor {
	if opts.PageSize <= 0 || opts.PageSize > MaxPageSize {
		opts.PageSize = MaxPageSize
	}
	if opts.RequestTime <= 0 {
		opts.RequestTime = MaxRequestTime
	}
	if opts.CacheSize <= 0 {
		opts.CacheSize = 4096
	}
	x := &Executor{opts: opts, exact: map[string]*Prepared{}}
	if opts.ScanRate > 0 {
		x.scanBudget = max(1, int(opts.ScanRate*opts.RequestTime.Seconds()))
	}
	return x
}

// CacheStats returns the prepared-filter cache's counters.
func (x *Executor) CacheStats() CacheStats {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.stats
}

// Prepared is a filter ready to run: parsed, planned and compiled.
type Prepared struct {
	// Filter is the parsed filter.
	Filter *odata.Filter
	// Plan is what the service does with the filter.
	Plan plan.Plan

	match pred // residual; nil matches every entity read
	acc   access
}

// Match reports whether e matches the whole filter.
func (p *Prepared) Match(e *store.Entity) bool {
	return p.acc.contains(e) && (p.match == nil || p.match(e))
}

// Prepare parses, plans and compiles a filter, through the cache: the
// parser runs once per filter shape. An invalid filter is a *store.Error
// 400 InvalidInput whose message is the parser's, and errors.As also finds
// the *odata.Error inside it.
func (x *Executor) Prepare(filter string) (*Prepared, error) {
	x.mu.Lock()
	if p, ok := x.exact[filter]; ok {
		x.stats.Exact++
		x.mu.Unlock()
		return p, nil
	}
	x.stats.Parsed++
	x.mu.Unlock()

	f, err := odata.Parse(filter)
	if err != nil {
		return nil, queryError(err)
	}
	p := prepare(f)
	x.mu.Lock()
	if len(x.exact) >= x.opts.CacheSize {
		clear(x.exact)
	}
	x.exact[filter] = p
	x.mu.Unlock()
	return p, nil
}

// Scratch is the memory of PrepareScratch: the last filter it prepared
// once, and the hashes of the filters it has seen. The zero value is
// ready to use; a Scratch is not safe for concurrent use.
type Scratch struct {
	parse odata.Scratch
	p     Prepared
	seed  maphash.Seed
	// seen holds the hashes of recent filters, one slot per hash: a
	// filter whose hash is there was probably seen before and is worth
	// a place in the cache.
	seen [scratchSeen]uint64
}

// scratchSeen is the number of filter hashes a Scratch remembers.
const scratchSeen = 1024

// PrepareScratch is Prepare for a caller that is done with the prepared
// filter before its next call with s, as a replay is: a filter that is
// neither in the cache nor seen recently is parsed and planned into s's
// memory and not cached, so that filters whose literals differ at every
// call allocate no tree and fill no cache. A filter seen again goes
// through Prepare and its cache. The result, when it is s's, is valid
// until the next call with s.
func (x *Executor) PrepareScratch(filter string, s *Scratch) (*Prepared, error) {
	if s.seed == (maphash.Seed{}) {
		s.seed = maphash.MakeSeed()
	}
	h := maphash.String(s.seed, filter) | 1 // 0 is an empty slot
	slot := &s.seen[h%scratchSeen]
	if *slot == h {
		return x.Prepare(filter)
	}
	*slot = h
	x.mu.Lock()
	p, ok := x.exact[filter]
	if ok {
		x.stats.Exact++
	} else {
		x.stats.Parsed++
	}
	x.mu.Unlock()
	if ok {
		return p, nil
	}
	f, err := s.parse.Parse(filter)
	if err != nil {
		return nil, queryError(err)
	}
	prepareInto(&s.p, f)
	return &s.p, nil
}

// queryError is the answer to a filter that does not parse.
func queryError(err error) *QueryError {
	return &QueryError{Err: &store.Error{Status: http.StatusBadRequest, Code: store.CodeInvalidInput, Message: err.Error(), Index: -1}, Parse: err}
}

// QueryError is an invalid query. Err is the service's answer (400);
// Parse, when set, is the parser's *odata.Error with the position.
type QueryError struct {
	Err   *store.Error
	Parse error
}

func (e *QueryError) Error() string { return e.Err.Error() }

// Unwrap returns the service error and the parse error.
func (e *QueryError) Unwrap() []error {
	if e.Parse == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Parse}
}

// Compile plans and compiles a parsed filter without the cache.
func Compile(f *odata.Filter) *Prepared { return prepare(f) }

func prepare(f *odata.Filter) *Prepared {
	p := new(Prepared)
	prepareInto(p, f)
	return p
}

// prepareInto plans and compiles f into p.
func prepareInto(p *Prepared, f *odata.Filter) {
	*p = Prepared{Filter: f, Plan: plan.Of(f)}
	p.acc = accessOf(f, p.Plan)
	p.match = compileFactors(p.Plan.Residual)
}

// bound is one end of a key range.
type bound struct {
	set  bool
	key  string
	incl bool
}

// access is the part of a filter the B-tree answers: a partition (or a
// range of partitions for a table scan) and a RowKey range in it.
type access struct {
	kind       plan.Kind
	pk         string // point, range, partition scan
	rkLo, rkHi bound  // point (both set, inclusive, equal) and range
	pkLo, pkHi bound  // table scan
}

// accessOf derives the seek range from the conjuncts the plan answers
// with the key index (those not in its residual), tightening bounds in
// the service's string order.
func accessOf(f *odata.Filter, pl plan.Plan) access {
	a := access{kind: pl.Kind}
	var conjBuf [16]*odata.Factor
	for _, c := range f.AppendConjuncts(conjBuf[:0]) {
		// The residual is a handful of conjuncts: a look through it
		// costs less than the set a map would build for every query.
		if c.Cmp == nil || c.Cmp.Value.Value.Type != edm.String || slices.Contains(pl.Residual, c) {
			continue
		}
		s := c.Cmp.Value.Value.Str
		switch c.Cmp.Property {
		case store.PartitionKey:
			if c.Cmp.Op == odata.OpEq {
				a.pk = s
			} else {
				tighten(&a.pkLo, &a.pkHi, c.Cmp.Op, s)
			}
		case store.RowKey:
			if c.Cmp.Op == odata.OpEq {
				a.rkLo = bound{true, s, true}
				a.rkHi = a.rkLo
			} else {
				tighten(&a.rkLo, &a.rkHi, c.Cmp.Op, s)
			}
		}
	}
	return a
}

func tighten(lo, hi *bound, op odata.Op, s string) {
	switch op {
	case odata.OpGt, odata.OpGe:
		incl := op == odata.OpGe
		if c := edm.CompareStrings(s, lo.key); !lo.set || c > 0 || (c == 0 && !incl) {
			*lo = bound{true, s, incl}
		}
	case odata.OpLt, odata.OpLe:
		incl := op == odata.OpLe
		if c := edm.CompareStrings(s, hi.key); !hi.set || c < 0 || (c == 0 && !incl) {
			*hi = bound{true, s, incl}
		}
	}
}

func (b bound) below(k string) bool { // k is below a lower bound
	if !b.set {
		return false
	}
	c := edm.CompareStrings(k, b.key)
	return c < 0 || (c == 0 && !b.incl)
}

func (b bound) above(k string) bool { // k is above an upper bound
	if !b.set {
		return false
	}
	c := edm.CompareStrings(k, b.key)
	return c > 0 || (c == 0 && !b.incl)
}

// contains reports whether e is in the access range.
func (a *access) contains(e *store.Entity) bool {
	if a.kind == plan.TableScan {
		return !a.pkLo.below(e.PartitionKey) && !a.pkHi.above(e.PartitionKey)
	}
	return e.PartitionKey == a.pk && !a.rkLo.below(e.RowKey) && !a.rkHi.above(e.RowKey)
}

// start returns the first key the access reads.
func (a *access) start() (string, string) {
	if a.kind == plan.TableScan {
		if !a.pkLo.set {
			return "", ""
		}
		if a.pkLo.incl {
			return a.pkLo.key, ""
		}
		// Keys cannot contain U+0000, so this is the first key after
		// every RowKey of the excluded partition.
		return a.pkLo.key + "\x00", ""
	}
	if a.rkLo.set {
		return a.pk, a.rkLo.key
	}
	return a.pk, ""
}

// past reports whether e is beyond the end of the access range (so that
// the scan can stop).
func (a *access) past(e *store.Entity) bool {
	if a.kind == plan.TableScan {
		return a.pkHi.above(e.PartitionKey)
	}
	return e.PartitionKey != a.pk || a.rkHi.above(e.RowKey)
}

// Continuation is where the next page of a query starts: the keys of the
// next entity to read, as the service's x-ms-continuation-NextPartitionKey
// and NextRowKey headers carry them.
type Continuation struct {
	NextPartitionKey string
	NextRowKey       string
}

// Query is one query request.
type Query struct {
	// Filter is the $filter text; "" selects every entity.
	Filter string
	// Top is $top: the most entities a page returns (1..1000); 0 means
	// no $top.
	Top int
	// Select is $select: the properties to return; nil returns all. It
	// does not change which entities match, only what AppendJSON writes.
	Select []string
}

// Stats is the cost of a query, a page or a whole paged query.
type Stats struct {
	// Pages is the number of requests (pages).
	Pages int
	// Scanned is the number of entities the server examined.
	Scanned int
	// Returned is the number of entities returned.
	Returned int
	// ScannedBytes and ReturnedBytes are the estimated sizes of the
	// entities examined and returned, with Options.Bytes (else 0).
	ScannedBytes, ReturnedBytes int64
	// Partitions is the number of distinct partitions the query read.
	// Point, range and partition-scan queries read one; a table scan
	// reads those it examined entities of.
	Partitions int
	// Elapsed is the simulated server time at Options.ScanRate (0 without
	// a rate).
	Elapsed time.Duration
}

// Page is one response to a query.
type Page struct {
	Entities []*store.Entity
	// Next is the continuation, nil on the last page.
	Next  *Continuation
	Stats Stats

	firstPK, lastPK string // partitions of the first and last entity examined
}

// Page runs one request of query q on t, starting at from (nil for the
// first page).
func (x *Executor) Page(t *store.Table, q Query, from *Continuation) (Page, error) {
	p, err := x.Prepare(q.Filter)
	if err != nil {
		return Page{}, err
	}
	if err := checkTop(q.Top); err != nil {
		return Page{}, err
	}
	return x.PagePrepared(t, p, q.Top, from), nil
}

func checkTop(top int) error {
	if e := InvalidTop(top); e != nil {
		return &QueryError{Err: e}
	}
	return nil
}

// InvalidTop returns the service's error for a $top out of range (top 0
// means no $top), or nil if top is valid.
func InvalidTop(top int) *store.Error {
	if top < 0 || top > MaxPageSize {
		return &store.Error{Status: http.StatusBadRequest, Code: store.CodeInvalidInput,
			Message: fmt.Sprintf("%s 1 and %d", TopMessagePrefix, MaxPageSize), Index: -1}
	}
	return nil
}

// TopMessagePrefix begins the message of InvalidTop's error.
const TopMessagePrefix = "$top must be between"

// PagePrepared runs one request of a prepared filter with $top top (0:
// none) on t, starting at from (nil for the first page).
func (x *Executor) PagePrepared(t *store.Table, p *Prepared, top int, from *Continuation) Page {
	limit := x.opts.PageSize
	if top > 0 && top < limit {
		limit = top
	}
	a := &p.acc
	if a.kind == plan.Point {
		return x.pointPage(t, p, from)
	}
	var pg Page
	spk, srk := a.start()
	if from != nil {
		if c := edm.CompareStrings(from.NextPartitionKey, spk); c > 0 || (c == 0 && edm.CompareStrings(from.NextRowKey, srk) > 0) {
			spk, srk = from.NextPartitionKey, from.NextRowKey
		}
	}
	boundary := !x.opts.NoPartitionBoundary
	budget := x.scanBudget
	curPK, havePK := "", false
	full := false
	scan := t.Scan
	if a.kind != plan.TableScan {
		// The range lies within partition a.pk: past stops the scan at
		// the first entity of any other partition.
		scan = t.ScanPartition
	}
	scan(spk, srk, func(e *store.Entity) bool { // e is reused: keep a Clone
		if a.past(e) {
			return false
		}
		if a.kind == plan.TableScan && a.pkLo.below(e.PartitionKey) {
			return true // the excluded lower partition, when seeking to it
		}
		if a.kind == plan.Range && a.rkLo.below(e.RowKey) {
			return true // an exclusive lower RowKey bound
		}
		if full || (budget > 0 && pg.Stats.Scanned == budget) ||
			(boundary && havePK && e.PartitionKey != curPK) {
			pg.Next = &Continuation{NextPartitionKey: e.PartitionKey, NextRowKey: e.RowKey}
			return false
		}
		if !havePK || e.PartitionKey != curPK {
			if !havePK {
				pg.firstPK = e.PartitionKey
			}
			curPK, havePK = e.PartitionKey, true
			pg.Stats.Partitions++
		}
		pg.Stats.Scanned++
		n := x.bytes(e)
		pg.Stats.ScannedBytes += n
		if p.match == nil || p.match(e) {
			if !x.opts.NoEntities {
				pg.Entities = append(pg.Entities, e.Clone())
			}
			pg.Stats.Returned++
			pg.Stats.ReturnedBytes += n
			full = pg.Stats.Returned == limit
		}
		return true
	})
	pg.lastPK = curPK
	if a.kind != plan.TableScan {
		pg.Stats.Partitions = 1
	}
	pg.Stats.Pages = 1
	x.elapsed(&pg.Stats)
	return pg
}

// pointPage is PagePrepared for a point read: one seek, one page.
func (x *Executor) pointPage(t *store.Table, p *Prepared, from *Continuation) Page {
	var pg Page
	a := &p.acc
	if from == nil {
		var e *store.Entity
		if x.opts.NoEntities {
			e, _ = x.scratch.Get().(*store.Entity)
			if e == nil {
				e = new(store.Entity)
			}
			defer x.scratch.Put(e)
			if !t.LookupInto(a.pk, a.rkLo.key, e) {
				e = nil
			}
		} else {
			e = t.Lookup(a.pk, a.rkLo.key)
		}
		if e != nil {
			pg.Stats.Scanned = 1
			n := x.bytes(e)
			pg.Stats.ScannedBytes = n
			if p.match == nil || p.match(e) {
				pg.Stats.Returned = 1
				if !x.opts.NoEntities {
					pg.Entities = append(pg.Entities, e)
				}
				pg.Stats.ReturnedBytes = n
			}
		}
	}
	pg.Stats.Pages, pg.Stats.Partitions = 1, 1
	x.elapsed(&pg.Stats)
	return pg
}

// bytes returns e's estimated size when Options.Bytes asks for it.
func (x *Executor) bytes(e *store.Entity) int64 {
	if !x.opts.Bytes {
		return 0
	}
	return int64(e.EstimatedSize())
}

func (x *Executor) elapsed(s *Stats) {
	if x.opts.ScanRate > 0 {
		s.Elapsed = time.Duration(float64(s.Scanned) / x.opts.ScanRate * float64(time.Second))
	}
}

// Result is a whole paged query: every page followed to the end.
type Result struct {
	Entities []*store.Entity
	// PageSizes holds the number of entities of each page, in order.
	PageSizes []int
	Stats     Stats
}

// All runs query q on t and follows continuations to the end, as the
// aztables SDK's pager does, reading at most maxPages pages (0: no
// limit).
func (x *Executor) All(t *store.Table, q Query, maxPages int) (Result, error) {
	p, err := x.Prepare(q.Filter)
	if err != nil {
		return Result{}, err
	}
	if err := checkTop(q.Top); err != nil {
		return Result{}, err
	}
	var r Result
	var from *Continuation
	lastPK, havePK := "", false
	for maxPages <= 0 || r.Stats.Pages < maxPages {
		pg := x.PagePrepared(t, p, q.Top, from)
		r.Entities = append(r.Entities, pg.Entities...)
		r.PageSizes = append(r.PageSizes, pg.Stats.Returned)
		r.Stats.Pages++
		r.Stats.Scanned += pg.Stats.Scanned
		r.Stats.Returned += pg.Stats.Returned
		r.Stats.ScannedBytes += pg.Stats.ScannedBytes
		r.Stats.ReturnedBytes += pg.Stats.ReturnedBytes
		r.Stats.Elapsed += pg.Stats.Elapsed
		if p.acc.kind != plan.TableScan {
			r.Stats.Partitions = 1
		} else if pg.Stats.Scanned > 0 {
			// Pages are in key order: a partition split over two pages
			// is counted once.
			r.Stats.Partitions += pg.Stats.Partitions
			if havePK && pg.firstPK == lastPK {
				r.Stats.Partitions--
			}
			lastPK, havePK = pg.lastPK, true
		}
		if pg.Next == nil {
			break
		}
		from = pg.Next
	}
	return r, nil
}

// IsInvalidQuery reports whether err is an invalid filter or $top.
func IsInvalidQuery(err error) bool {
	var q *QueryError
	return errors.As(err, &q)
}
