package replay

import (
	"errors"
	"net/http"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/tracefmt"

	"github.com/tablelint/tablelint/engine/cosmos"
	"github.com/tablelint/tablelint/engine/exec"
	"github.com/tablelint/tablelint/engine/store"
	"github.com/tablelint/tablelint/plan"
)

// Engine executes trace operations. The reference engine (NewEngine) is
// the one replay uses; tests drive Azurite through the same interface to
// compare the two.
type Engine interface {
	// Do executes op and fills out, which the caller has Reset.
	Do(op *tracefmt.Op, out *Outcome)
}

// Outcome is what one operation did and cost.
type Outcome struct {
	// Status is the HTTP status the service answers; Code and Message
	// its error code and message when the operation failed.
	Status        int
	Code, Message string
	// Key is the PartitionKey and RowKey of the entity an insert,
	// upsert or update wrote (when its entity could be read).
	Key [2]string
	// Keys holds, for get and query, the keys of every entity returned,
	// across all pages, in the order returned (when the engine was asked
	// to keep them).
	Keys [][2]string
	// Scanned and Returned count entities examined and returned; Pages
	// counts requests (each page of a query is one request);
	// Partitions counts the distinct partitions the operation touched.
	Scanned, Returned, Pages, Partitions int
	// Plan is a query's plan kind ("point", "range", "partition-scan",
	// "table-scan"), "" when unknown.
	Plan string
	// Load is the work the operation put on each partition, in entities:
	// entities scanned by a query, one per entity written or read.
	Load []Load
	// Charge is the operation's request units on Cosmos DB for Table
	// (EngineOptions.Cosmos; 0 otherwise).
	Charge float64
}

// Load is the work of one operation on one partition of its table.
type Load struct {
	PK string
	N  int
}

// Reset clears o for reuse, keeping its buffers.
func (o *Outcome) Reset() {
	*o = Outcome{Keys: o.Keys[:0], Load: o.Load[:0]}
}

func (o *Outcome) addLoad(pk string, n int) {
	if k := len(o.Load); k > 0 && o.Load[k-1].PK == pk {
		o.Load[k-1].N += n
		return
	}
	o.Load = append(o.Load, Load{PK: pk, N: n})
}

// EngineOptions configure the reference engine.
type EngineOptions struct {
	// Keys keeps the keys of entities returned by get and query in
	// Outcome.Keys (for --results).
	Keys bool
	// Exec configures the query executor (page size, scan rate).
	Exec exec.Options
	// Store configures the store (its clock).
	Store store.Options
	// Cosmos runs the operations as Cosmos DB for Table does: each is
	// charged request units (Outcome.Charge, by engine/cosmos's model),
	// and the entities of a query that reads more than one partition come
	// back out of key order (cosmos.Order, by CosmosSeed).
	Cosmos     bool
	CosmosSeed uint64
}

// RefEngine runs operations on tablelint's reference engine: a store.Store
// and an exec.Executor.
type RefEngine struct {
	st   *store.Store
	x    *exec.Executor
	keys bool
	// cosmos and seed: EngineOptions.Cosmos and CosmosSeed; the bytes
	// the query being run examined and returned.
	cosmos                      bool
	seed                        uint64
	scannedBytes, returnedBytes int64
	// tables caches the last table looked up.
	lastName  string
	lastTable *store.Table
	// scratch is the memory of the query being run (its filter is
	// dropped when the query is done).
	scratch exec.Scratch
	// props is decodeEntityBuf's buffer.
	props []edm.Property
	// got is what a get reads into (store.Table.LookupInto): a get
	// allocates nothing.
	got store.Entity
	// gots and getKeys are what DoGets reads into, and its keys.
	gots    [maxGets]store.Entity
	getKeys []store.Key
	// put is the entity an insert, upsert or update decodes its entity
	// into (store.NewEntityInto): nothing keeps it once the write is done.
	put store.Entity
	// start is the time of the trace's start; opT is the time of the
	// operation being executed, when it has one (hasT). The store's clock
	// reads them unless EngineOptions.Store sets a clock.
	start time.Time
	opT   float64
	hasT  bool
}

// SetupDone rewrites every table's entities in key order
// (store.Store.Compact). Run calls it once the setup operations are done: a design's
// setup inserts entities by entity number, which scatters each partition
// over memory, and the workload's scans then read them in order.
func (g *RefEngine) SetupDone() { g.st.Compact() }

// NewEngine returns a reference engine with an empty store.
//
// Unless opts.Store sets a clock, the store's clock is the trace's: an
// operation with a time ("t") runs at that many seconds after the engine
// was made, one without at the wall-clock time. So a table created again
// less than limits.TableReuseDelay after its delete, by the trace's times,
// is answered 409 TableBeingDeleted; a create without a time never is,
// since the delay cannot be judged.
func NewEngine(opts EngineOptions) *RefEngine {
	if opts.Cosmos {
		opts.Exec.Bytes = true // the query charge reads them
	}
	// A query's entities are read only for their keys.
	opts.Exec.NoEntities = !opts.Keys
	g := &RefEngine{x: exec.New(opts.Exec), keys: opts.Keys, start: time.Now(), cosmos: opts.Cosmos, seed: opts.CosmosSeed}
	if opts.Store.Clock == nil {
		opts.Store.Clock = g.clock
	}
	g.st = store.New(opts.Store)
	return g
}

// clock is the store's clock: the time of the operation being executed.
func (g *RefEngine) clock() time.Time {
	if g.hasT {
		return g.start.Add(time.Duration(g.opT * float64(time.Second)))
	}
	return time.Now()
}

func (g *RefEngine) table(name string) (*store.Table, error) {
	if g.lastTable != nil && name == g.lastName {
		return g.lastTable, nil
	}
	t, err := g.st.Table(name)
	if err != nil {
		return nil, err
	}
	g.lastName, g.lastTable = name, t
	return t, nil
}

// setStatus sets out's status, and its error code and message when the
// operation failed.
func setStatus(out *Outcome, op store.Op, err error) {
	out.Status = store.StatusOf(op, err)
	if err == nil {
		return // errors.As would box se: an allocation per operation
	}
	var se *store.Error
	if errors.As(err, &se) {
		out.Code, out.Message = se.Code, se.Message
	}
}

// Do executes op on the reference engine.
func (g *RefEngine) Do(op *tracefmt.Op, out *Outcome) {
	out.Pages = 1
	g.opT, g.hasT = op.T, op.HasT
	switch op.Kind {
	case tracefmt.CreateTable:
		if !op.HasT {
			g.st.ForgetDeleted(op.Table)
		}
		_, err := g.st.CreateTable(op.Table)
		setStatus(out, store.OpCreateTable, err)
		return
	case tracefmt.DeleteTable:
		err := g.st.DeleteTable(op.Table)
		g.lastName, g.lastTable = "", nil
		setStatus(out, store.OpDeleteTable, err)
		return
	}
	t, terr := g.table(op.Table)
	switch op.Kind {
	case tracefmt.Insert, tracefmt.Upsert, tracefmt.Update:
		var e *store.Entity
		var err error
		if op.Props != nil {
			e, err = store.NewEntityInto(&g.put, op.Props)
		} else {
			e, err = decodeEntityBuf(&g.props, &g.put, op.Entity)
		}
		if err == nil {
			out.addLoad(e.PartitionKey, 1)
			out.Partitions = 1
			out.Key = [2]string{e.PartitionKey, e.RowKey}
		}
		if err == nil {
			err = terr
		}
		sop := store.OpInsert
		switch op.Kind {
		case tracefmt.Upsert:
			sop = store.OpUpsert
		case tracefmt.Update:
			sop = store.OpUpdate
		}
		if err == nil {
			// The stored entity is not needed: Write builds a merge in
			// the table's own Entity.
			err = t.Write(sop, e, storeMode(op.Mode), op.IfMatch)
		}
		setStatus(out, sop, err)
		if g.cosmos && err == nil {
			out.Charge = cosmos.Charge(cosmos.Write, float64(e.EstimatedSize()), 1)
		}
	case tracefmt.Delete:
		err := pointStart(terr, op, out)
		if err == nil {
			err = t.Delete(op.PK, op.RK, op.IfMatch)
		}
		setStatus(out, store.OpDelete, err)
		if g.cosmos && err == nil {
			// The deleted entity's size is not kept: charged as the
			// smallest write.
			out.Charge = cosmos.Charge(cosmos.Write, 0, 1)
		}
	case tracefmt.Get:
		err := pointStart(terr, op, out)
		found := err == nil && t.LookupInto(op.PK, op.RK, &g.got)
		g.getDone(out, err, found, &g.got)
	case tracefmt.Query:
		g.query(t, terr, op, out)
	case tracefmt.Batch:
		g.batch(t, terr, op, out)
	}
}

// pointStart checks the keys of a get or a delete (one entity) and
// counts its load: it returns the error that answers the operation
// before it touches the table (bad keys, a missing table), or nil when
// the entity is to be read or deleted.
func pointStart(terr error, op *tracefmt.Op, out *Outcome) error {
	err := store.CheckKeys(op.PK, op.RK)
	if err == nil {
		out.addLoad(op.PK, 1)
		out.Partitions = 1
		err = terr
	}
	return err
}

// getDone fills a get's outcome: err is pointStart's, found whether the
// read (made when err is nil) found the entity, read into e.
func (g *RefEngine) getDone(out *Outcome, err error, found bool, e *store.Entity) {
	missing := err == nil && !found
	if missing {
		err = store.NotFound()
	}
	setStatus(out, store.OpGet, err)
	if g.cosmos && (found || missing) {
		// A read that finds nothing is charged as the smallest read.
		size := 0
		if found {
			size = e.EstimatedSize()
		}
		out.Charge = cosmos.Charge(cosmos.Read, float64(size), 1)
	}
	if found {
		out.Scanned, out.Returned = 1, 1
		if g.keys {
			out.Keys = append(out.Keys, [2]string{e.PartitionKey, e.RowKey})
		}
	}
}

// DoGets executes ops, every one a get, as Do executes them one after
// another, filling outs[i] (which the caller has Reset) for ops[i]. The
// gets of a run of one table are read together (store.Table.LookupMany),
// their memory reads overlapped; what each answers, and what it costs,
// is what Do answers.
func (g *RefEngine) DoGets(ops []tracefmt.Op, outs []Outcome) {
	for len(ops) > 0 {
		n := 1
		for n < len(ops) && n < maxGets && ops[n].Table == ops[0].Table {
			n++
		}
		g.getRun(ops[:n], outs[:n])
		ops, outs = ops[n:], outs[n:]
	}
}

// maxGets is the most gets DoGets reads together.
const maxGets = 16

// getRun is DoGets for at most maxGets gets of one table.
func (g *RefEngine) getRun(ops []tracefmt.Op, outs []Outcome) {
	t, terr := g.table(ops[0].Table)
	var errs [maxGets]error
	var at [maxGets]int8 // where a get's key is in keys, or -1
	keys := g.getKeys[:0]
	for i := range ops {
		op := &ops[i]
		outs[i].Pages = 1
		g.opT, g.hasT = op.T, op.HasT
		at[i] = -1
		if errs[i] = pointStart(terr, op, &outs[i]); errs[i] == nil {
			at[i] = int8(len(keys))
			keys = append(keys, store.Key{PK: op.PK, RK: op.RK})
		}
	}
	g.getKeys = keys
	var found [maxGets]bool
	if len(keys) > 0 {
		t.LookupMany(keys, g.gots[:len(keys)], found[:len(keys)])
	}
	for i := range ops {
		if k := at[i]; k >= 0 {
			g.getDone(&outs[i], nil, found[k], &g.gots[k])
		} else {
			g.getDone(&outs[i], errs[i], false, nil)
		}
	}
}

func storeMode(m tracefmt.Mode) store.Mode {
	if m == tracefmt.Replace {
		return store.Replace
	}
	return store.Merge
}

func (g *RefEngine) query(t *store.Table, terr error, op *tracefmt.Op, out *Outcome) {
	p, err := g.x.PrepareScratch(op.Filter, &g.scratch)
	if p != nil {
		out.Plan = p.Plan.Kind.String()
	}
	if err == nil {
		if e := exec.InvalidTop(op.Top); e != nil {
			err = e
		}
	}
	if err == nil {
		err = terr
	}
	if err != nil {
		setStatus(out, store.OpQuery, err)
		return
	}
	out.Status = http.StatusOK
	out.Pages = 0
	if g.cosmos {
		defer g.chargeQuery(p, out)
	}
	var from *exec.Continuation
	lastPK, havePK := "", false
	for {
		pg := g.x.PagePrepared(t, p, op.Top, from)
		out.Pages++
		out.Scanned += pg.Stats.Scanned
		out.Returned += pg.Stats.Returned
		g.scannedBytes += pg.Stats.ScannedBytes
		g.returnedBytes += pg.Stats.ReturnedBytes
		if g.keys {
			for _, e := range pg.Entities {
				out.Keys = append(out.Keys, [2]string{e.PartitionKey, e.RowKey})
			}
		}
		// The partition this page read: a page ends at a partition
		// boundary, so it reads one partition, where it started.
		if pg.Stats.Scanned > 0 || p.Plan.Kind != plan.TableScan {
			pk, ok := pagePartition(t, p, from)
			if ok {
				n := max(pg.Stats.Scanned, 1) // an empty read is still a request to the partition
				out.addLoad(pk, n)
				if !havePK || pk != lastPK {
					out.Partitions++
				}
				lastPK, havePK = pk, true
			}
		}
		if pg.Next == nil || out.Pages == op.Pages {
			return
		}
		from = pg.Next
	}
}

// chargeQuery sets the request units of a query that ran (cosmos.Charge):
// a point query is a point read of what it returned; another query reads
// the entities it returns when an index answers one of its comparisons
// (every property is indexed on Cosmos DB, plan.IndexedComparison), else
// the entities it examines. It also puts the keys of a query that read
// more than one partition in Cosmos DB's order (cosmos.Order).
func (g *RefEngine) chargeQuery(p *exec.Prepared, out *Outcome) {
	scanned, returned := g.scannedBytes, g.returnedBytes
	g.scannedBytes, g.returnedBytes = 0, 0
	switch {
	case p.Plan.Kind == plan.Point:
		out.Charge = cosmos.Charge(cosmos.Read, float64(returned), 1)
	case plan.IndexedComparison(p.Filter):
		out.Charge = cosmos.Charge(cosmos.Query, float64(returned), 1)
	default:
		out.Charge = cosmos.Charge(cosmos.Query, float64(scanned), 1)
	}
	if out.Partitions > 1 && len(out.Keys) > 1 {
		cosmos.Order(out.Keys, g.seed)
	}
}

// pagePartition returns the partition a page starting at from reads.
func pagePartition(t *store.Table, p *exec.Prepared, from *exec.Continuation) (string, bool) {
	if p.Plan.PartitionKey != nil {
		return p.Plan.PartitionKey.Value.Str, true
	}
	if from != nil {
		return from.NextPartitionKey, true
	}
	// The first page of a table scan reads the first partition within
	// the filter's PartitionKey bounds.
	lo, incl := "", true
	if p.Plan.PKLow.Set() {
		lo, incl = p.Plan.PKLow.Value.Value.Str, p.Plan.PKLow.Inclusive
	}
	pk, ok := "", false
	t.Scan(lo, "", func(e *store.Entity) bool {
		if !incl && e.PartitionKey == lo {
			return true
		}
		pk, ok = e.PartitionKey, true
		return false
	})
	return pk, ok
}

func (g *RefEngine) batch(t *store.Table, terr error, op *tracefmt.Op, out *Outcome) {
	actions := make([]store.Action, 0, len(op.Actions))
	var err error
	for i, a := range op.Actions {
		sa := store.Action{IfMatch: a.IfMatch, PartitionKey: a.PK, RowKey: a.RK}
		switch a.Kind {
		case tracefmt.Insert:
			sa.Kind = store.ActInsert
		case tracefmt.Upsert:
			sa.Kind = store.ActUpsertMerge
			if a.Mode == tracefmt.Replace {
				sa.Kind = store.ActUpsertReplace
			}
		case tracefmt.Update:
			sa.Kind = store.ActUpdateMerge
			if a.Mode == tracefmt.Replace {
				sa.Kind = store.ActUpdateReplace
			}
		case tracefmt.Delete:
			sa.Kind = store.ActDelete
		}
		if a.Entity != nil {
			e, derr := decodeEntityBuf(&g.props, nil, a.Entity)
			if derr != nil {
				var se *store.Error
				if errors.As(derr, &se) {
					c := *se
					c.Index = i
					derr = &c
				}
				if err == nil {
					err = derr
				}
				continue
			}
			sa.Entity = e
			sa.PartitionKey, sa.RowKey = e.PartitionKey, e.RowKey
		}
		out.addLoad(sa.PartitionKey, 1)
		actions = append(actions, sa)
	}
	out.Partitions = countPartitions(out.Load)
	if err == nil {
		err = terr
	}
	if err == nil {
		_, err = t.Transact(actions)
	}
	setStatus(out, store.OpTransact, err)
	if g.cosmos && err == nil {
		// Each action is charged as the write it is.
		for _, a := range actions {
			size := 0
			if a.Entity != nil {
				size = a.Entity.EstimatedSize()
			}
			out.Charge += cosmos.Charge(cosmos.Write, float64(size), 1)
		}
	}
}

func countPartitions(ls []Load) int {
	if len(ls) <= 1 {
		return len(ls)
	}
	seen := make(map[string]bool, len(ls))
	for _, l := range ls {
		seen[l.PK] = true
	}
	return len(seen)
}
