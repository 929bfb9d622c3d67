// Package live replays a trace against a live Table endpoint — Azurite,
// an Azure storage account or a Cosmos DB Table API account — through
// the aztables SDK, and measures what the service answered: status,
// keys, pages, entities returned, latency and (Cosmos DB) request
// charge.
//
// Operations run on Options.Concurrency workers, at most Options.Rate a
// second. Operations on one partition run in trace order, on the worker
// the partition hashes to; table operations, batches and queries that
// are not confined to one partition ("PartitionKey eq '…'" and no "or"
// or "not") wait until everything before them is done and run alone,
// so that every operation sees the state a sequential replay would.
//
// Tables are replayed under scratch names (the trace's name plus a
// random suffix) unless Options.Scratch is false; a table that already
// exists on the service is refused unless Options.AllowExisting. Scratch
// tables are deleted at the end unless Options.Keep.
package live

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/tablerest"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
)

// Options configure Run.
type Options struct {
	// Concurrency is the number of operations in flight at most (≥ 1).
	Concurrency int
	// Rate is the most operations started a second; 0 is no limit.
	Rate float64
	// Scratch replays each table under a new name: the trace's name and
	// a random suffix.
	Scratch bool
	// AllowExisting allows writing into tables that exist before the
	// replay.
	AllowExisting bool
	// Keep keeps the scratch tables after the replay.
	Keep bool
	// Results, when set, receives one line per operation in trace order,
	// in the format of `tablelint replay --results`.
	Results io.Writer
	// Timeout bounds each operation (all its requests and retries);
	// 0 is limits.LiveRequestTimeout.
	Timeout time.Duration
}

// Check returns what is wrong with the options' bounds, as a one-line
// message naming the command's flag ("" when nothing is).
func (o *Options) Check() string {
	switch {
	case o.Concurrency < 1:
		return "--concurrency must be at least 1"
	case o.Concurrency > limits.LiveMaxConcurrency:
		return fmt.Sprintf("--concurrency %d is more than %d", o.Concurrency, limits.LiveMaxConcurrency)
	case math.IsNaN(o.Rate) || math.IsInf(o.Rate, 0):
		return fmt.Sprintf("--rate must be a finite number, not %v", o.Rate)
	case o.Rate < 0:
		return "--rate must not be negative"
	case o.Rate != 0 && o.Rate < limits.LiveMinRate:
		return fmt.Sprintf("--rate %g is less than %g a second (0 is no limit)", o.Rate, limits.LiveMinRate)
	case o.Rate > model.MaxRate:
		return fmt.Sprintf("--rate %g is more than %g a second, beyond any storage account", o.Rate, float64(model.MaxRate))
	case o.Timeout < 0:
		return "--timeout must be positive"
	case o.Timeout > limits.LiveMaxTimeout:
		return fmt.Sprintf("--timeout %v is more than %v", o.Timeout, limits.LiveMaxTimeout)
	}
	return ""
}

// NoAnswerError stops a run when limits.LiveMaxNoAnswer operations in a
// row got no answer from the service (a transport error or a timeout):
// Last is the last one's error.
type NoAnswerError struct {
	N    int
	Last error
}

func (e *NoAnswerError) Error() string {
	return fmt.Sprintf("stopped: %d operations in a row got no answer from the service (last: %v)", e.N, e.Last)
}

func (e *NoAnswerError) Unwrap() error { return e.Last }

// ErrTableExists is returned when the trace uses a table that exists
// and Options.AllowExisting is not set.
var ErrTableExists = errors.New("table exists")

// chargeKey carries an operation's meter through its requests.
type chargeKey struct{}

type meter struct {
	mu       sync.Mutex
	requests int
	charge   float64
	charged  bool
	// batch is the status of a $batch's first failed operation.
	batch int
}

// Meter is the policy that counts an operation's requests and adds up
// their x-ms-request-charge (Cosmos DB's request units). Add it to the
// client's per-retry policies.
var Meter policy.Policy = meterPolicy{}

type meterPolicy struct{}

func (meterPolicy) Do(req *policy.Request) (*http.Response, error) {
	resp, err := req.Next()
	m, _ := req.Raw().Context().Value(chargeKey{}).(*meter)
	if m != nil && resp != nil {
		m.mu.Lock()
		m.requests++
		if strings.HasSuffix(req.Raw().URL.Path, "$batch") && resp.StatusCode == http.StatusAccepted && resp.Body != nil {
			// The SDK reports a failed changeset as an error with the
			// outer 202; the failure's status is inside the body.
			body := tablerest.ReadResponseBody(resp)
			if st := tablerest.BatchStatus(body, resp.StatusCode); st != resp.StatusCode {
				m.batch = st
			}
		}
		if v := resp.Header.Get("x-ms-request-charge"); v != "" {
			if f, perr := strconv.ParseFloat(v, 64); perr == nil {
				m.charge += f
				m.charged = true
			}
		}
		m.mu.Unlock()
	}
	return resp, err
}

// Outcome is what one operation did on the service.
type Outcome struct {
	replay.Outcome
	// Latency is the client-side time of the operation, all its pages.
	Latency time.Duration
	// Charge is the request charge of all its requests; Charged is
	// false when the service reported none (Azure Storage, Azurite).
	Charge  float64
	Charged bool
}

// Report is the result of a live replay.
type Report struct {
	Target     string
	Operations int
	Elapsed    time.Duration
	Statuses   map[int]int
	// Tables maps the trace's table names to those replayed into.
	Tables map[string]string
	// NoAnswer counts the operations that got no answer (status 0: a
	// transport error or a timeout); FirstNoAnswer is the first one's
	// error.
	NoAnswer      int
	FirstNoAnswer string
	// CleanupErrors holds the scratch tables that could not be deleted,
	// with why.
	CleanupErrors []string
	// Queries holds, per query (table as the trace names it, and name
	// or filter shape, as in the engine's report) and for point gets, what the service measured,
	// in order of first appearance.
	Queries []QueryStat
}

// QueryStat is what the service measured for one query's calls.
type QueryStat struct {
	Table, Name, Shape string
	Calls, Errors      int
	// LatencyP50 and LatencyP99 are per call, in milliseconds.
	LatencyP50, LatencyP99 float64
	// PagesMean and ReturnedMean are per call.
	PagesMean, ReturnedMean float64
	// ChargeMean is the request charge per call, when Charged.
	ChargeMean float64
	Charged    bool
	latencies  []time.Duration
	pages      int64
	returned   int64
	charge     float64
}

// Key returns the key the engine's report groups op by: the table and
// the name, or the filter's shape ("(get)" for point gets).
func Key(table, name, shape string) string {
	return strings.ToLower(table) + "\x00" + name + "\x00" + shape
}

type job struct {
	i  int
	op tracefmt.Op
	// table is the trace's name of op's table.
	table string
	out   *Outcome
	wg    *sync.WaitGroup
}

type runner struct {
	svc     *aztables.ServiceClient
	opts    Options
	ctx     context.Context
	stop    context.CancelCauseFunc // stops the run (the circuit breaker)
	suffix  string
	tables  map[string]string // trace name (lower case) → live name
	used    map[string]bool   // live names (lower case) given to trace names
	created map[string]bool   // live names the replay created
	pace    time.Time
	// noAnswer: operations without an answer, in a row and in all;
	// firstNoAnswer is the first one's error.
	mu            sync.Mutex
	inRow, total  int
	firstNoAnswer string
}

// Run replays src against svc.
func Run(ctx context.Context, svc *aztables.ServiceClient, src replay.Source, opts Options) (*Report, error) {
	if opts.Concurrency == 0 {
		opts.Concurrency = 1
	}
	if msg := opts.Check(); msg != "" {
		return nil, errors.New(msg)
	}
	if opts.Timeout == 0 {
		opts.Timeout = limits.LiveRequestTimeout
	}
	parent := ctx
	ctx, stopRun := context.WithCancelCause(ctx)
	defer stopRun(nil)
	r := &runner{svc: svc, opts: opts, ctx: ctx, stop: stopRun, tables: map[string]string{}, used: map[string]bool{}, created: map[string]bool{}}
	if opts.Scratch {
		var b [4]byte
		_, _ = rand.Read(b[:])
		r.suffix = fmt.Sprintf("tl%08x", b[:])
	}
	rep := &Report{Statuses: map[int]int{}, Tables: map[string]string{}}
	queries := map[string]*QueryStat{}
	var order []*QueryStat

	var rw *bufio.Writer
	if opts.Results != nil {
		rw = bufio.NewWriterSize(opts.Results, 64<<10)
	}
	// Outcomes complete out of order; they are accounted in trace
	// order.
	var mu sync.Mutex
	done := map[int]*job{}
	nextOut := 0
	var werr error
	var line []byte
	account := func(j *job) {
		mu.Lock()
		defer mu.Unlock()
		done[j.i] = j
		for {
			j, ok := done[nextOut]
			if !ok {
				return
			}
			delete(done, nextOut)
			nextOut++
			rep.Operations++
			rep.Statuses[j.out.Status]++
			if rw != nil && werr == nil {
				line = appendResult(line[:0], j)
				_, werr = rw.Write(line)
			}
			if j.op.Kind != tracefmt.Get && j.op.Kind != tracefmt.Query {
				continue
			}
			name, shape := j.op.Name, ""
			switch {
			case j.op.Kind == tracefmt.Get:
				name = "(get)"
			case name == "":
				shape = odata.Shape(j.op.Filter)
			}
			k := Key(j.table, name, shape)
			q := queries[k]
			if q == nil {
				q = &QueryStat{Table: j.table, Name: name, Shape: shape}
				if j.op.Name != "" {
					q.Shape = odata.Shape(j.op.Filter)
				}
				queries[k] = q
				order = append(order, q)
			}
			q.Calls++
			if j.out.Status >= 300 {
				q.Errors++
			}
			q.latencies = append(q.latencies, j.out.Latency)
			q.pages += int64(j.out.Pages)
			q.returned += int64(j.out.Returned)
			q.charge += j.out.Charge
			q.Charged = q.Charged || j.out.Charged
		}
	}

	workers := make([]chan *job, opts.Concurrency)
	var inflight sync.WaitGroup
	var wwg sync.WaitGroup
	for w := range workers {
		workers[w] = make(chan *job, 64)
		wwg.Add(1)
		go func(ch chan *job) {
			defer wwg.Done()
			for j := range ch {
				r.do(j)
				account(j)
				j.wg.Done()
			}
		}(workers[w])
	}
	stop := func() {
		for _, ch := range workers {
			close(ch)
		}
		wwg.Wait()
	}

	start := time.Now()
	r.pace = start
	var err error
	for i := 0; ; i++ {
		if ctx.Err() != nil {
			err = context.Cause(ctx)
			break // interrupted or stopped: clean up what was created
		}
		j := &job{i: i, out: &Outcome{}, wg: &inflight}
		if err = src.Next(&j.op); err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			break
		}
		j.table = j.op.Table
		if err = r.mapTable(&j.op); err != nil {
			break
		}
		r.wait()
		pk, alone := partition(&j.op)
		if alone || opts.Concurrency == 1 {
			inflight.Wait() // everything before it
			r.do(j)
			account(j)
			continue
		}
		inflight.Add(1)
		h := fnv.New32a()
		_, _ = h.Write([]byte(strings.ToLower(j.op.Table) + "\x00" + pk))
		workers[h.Sum32()%uint32(len(workers))] <- j
	}
	inflight.Wait()
	stop()
	if err == nil && ctx.Err() != nil {
		err = context.Cause(ctx) // stopped while the last operations ran
	}
	rep.Elapsed = time.Since(start)
	if rw != nil && werr == nil {
		werr = rw.Flush()
	}
	if !opts.Keep {
		// Also after an interruption: bounded, and what fails is said.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(parent), limits.LiveCleanupTimeout)
		for _, name := range slices.Sorted(maps.Keys(r.created)) {
			if cctx.Err() != nil {
				rep.CleanupErrors = append(rep.CleanupErrors, fmt.Sprintf("%s: not deleted: %v", name, cctx.Err()))
				continue
			}
			octx, ocancel := context.WithTimeout(cctx, opts.Timeout)
			_, derr := svc.DeleteTable(octx, name, nil)
			ocancel()
			if derr != nil && status(derr, 0) != http.StatusNotFound {
				rep.CleanupErrors = append(rep.CleanupErrors, fmt.Sprintf("%s: %v", name, derr))
			}
		}
		cancel()
	}
	rep.NoAnswer, rep.FirstNoAnswer = r.total, r.firstNoAnswer
	for k, v := range r.tables {
		rep.Tables[k] = v
	}
	for _, q := range order {
		slices.Sort(q.latencies)
		q.LatencyP50 = ms(percentile(q.latencies, 50))
		q.LatencyP99 = ms(percentile(q.latencies, 99))
		q.PagesMean = float64(q.pages) / float64(q.Calls)
		q.ReturnedMean = float64(q.returned) / float64(q.Calls)
		if q.Charged {
			q.ChargeMean = q.charge / float64(q.Calls)
		}
		rep.Queries = append(rep.Queries, *q)
	}
	if err == nil {
		err = werr
	}
	return rep, err
}

func ms(d time.Duration) float64 { return math.Round(float64(d.Microseconds())) / 1000 }

// percentile returns the nearest-rank p-th percentile of sorted.
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	k := (p*len(sorted) + 99) / 100
	return sorted[max(k, 1)-1]
}

// wait paces operations at Options.Rate.
func (r *runner) wait() {
	if r.opts.Rate <= 0 {
		return
	}
	r.pace = r.pace.Add(time.Duration(float64(time.Second) / r.opts.Rate))
	if d := time.Until(r.pace); d > 0 {
		time.Sleep(d)
	} else if d < -time.Second {
		r.pace = time.Now() // do not burst after a stall
	}
}

// mapTable renames op's table to the live one, checking on first use
// that it does not exist (unless allowed).
func (r *runner) mapTable(op *tracefmt.Op) error {
	k := strings.ToLower(op.Table)
	if name, ok := r.tables[k]; ok {
		op.Table = name
		if op.Kind == tracefmt.CreateTable && r.opts.Scratch {
			r.created[name] = true
		}
		return nil
	}
	// The name is sent in request URLs: a name that is not a table
	// name ("Victim()", "Victim(PartitionKey='a',RowKey='b')") could
	// address another resource, so it is refused, as everywhere else.
	if why := limits.TableNameProblem(op.Table); why != "" || limits.ReservedTableName(op.Table) {
		if why == "" {
			why = "a reserved name"
		}
		return fmt.Errorf("trace line %d: table name %q is not a valid table name (%s)", op.Line, op.Table, why)
	}
	name := op.Table
	if r.opts.Scratch {
		name = scratchName(op.Table, r.suffix, r.used)
	}
	r.used[strings.ToLower(name)] = true
	if !r.opts.AllowExisting {
		exists, err := r.exists(name, op.Table)
		if err != nil {
			return err
		}
		if exists {
			return fmt.Errorf("%w: %s (the trace's table %s); replay into a new table, or pass --allow-existing", ErrTableExists, name, op.Table)
		}
	}
	r.tables[k] = name
	op.Table = name
	if op.Kind == tracefmt.CreateTable && r.opts.Scratch {
		r.created[name] = true
	}
	return nil
}

// scratchName returns a valid table name for name with the suffix: at
// most 63 characters, letters and digits, starting with a letter, and
// not in used (lower case; two trace names never share a scratch table).
func scratchName(name, suffix string, used map[string]bool) string {
	var b strings.Builder
	for _, c := range name {
		if c < 128 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			b.WriteRune(c)
		}
	}
	s := b.String()
	if s == "" || s[0] < 'A' || (s[0] > 'Z' && s[0] < 'a') {
		s = "t" + s
	}
	for n := 0; ; n++ {
		tail := suffix
		if n > 0 {
			tail = strconv.Itoa(n) + suffix
		}
		out := s[:min(len(s), limits.MaxTableNameChars-len(tail))] + tail
		if !used[strings.ToLower(out)] {
			return out
		}
	}
}

func (r *runner) exists(name, traceName string) (bool, error) {
	f := "TableName eq '" + strings.ReplaceAll(name, "'", "''") + "'"
	pager := r.svc.NewListTablesPager(&aztables.ListTablesOptions{Filter: &f})
	ctx, cancel := context.WithTimeout(r.ctx, r.opts.Timeout)
	defer cancel()
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			if r.ctx.Err() != nil {
				return false, context.Cause(r.ctx)
			}
			return false, fmt.Errorf("checking whether table %s (the trace's %s) exists: %w", name, traceName, err)
		}
		for _, t := range page.Tables {
			if t.Name != nil && strings.EqualFold(*t.Name, name) {
				return true, nil
			}
		}
	}
	return false, nil
}

var pkFilter = regexp.MustCompile(`^\s*\(?\s*PartitionKey\s+eq\s+'((?:[^']|'')*)'`)

// partition returns the partition op is confined to, or alone when it
// must run after everything before it and before everything after it.
func partition(op *tracefmt.Op) (pk string, alone bool) {
	switch op.Kind {
	case tracefmt.Insert, tracefmt.Upsert, tracefmt.Update:
		if !json.Valid(op.Entity) {
			return "", true
		}
		return tablerest.EntityKeys(op.Entity)[0], false
	case tracefmt.Get, tracefmt.Delete:
		return op.PK, false
	case tracefmt.Query:
		m := pkFilter.FindStringSubmatch(op.Filter)
		low := strings.ToLower(op.Filter)
		if m == nil || strings.Contains(low, " or ") || strings.Contains(low, "not") || strings.Count(op.Filter, "PartitionKey") > 1 {
			return "", true
		}
		return strings.ReplaceAll(m[1], "''", "'"), false
	}
	return "", true
}

// do runs one operation through the SDK.
func (r *runner) do(j *job) {
	op, out := &j.op, j.out
	m := &meter{}
	ctx, cancel := context.WithTimeout(context.WithValue(r.ctx, chargeKey{}, m), r.opts.Timeout)
	defer cancel()
	start := time.Now()
	c := r.svc.NewClient(op.Table)
	out.Pages = 1
	var err error
	switch op.Kind {
	case tracefmt.CreateTable:
		_, err = r.svc.CreateTable(ctx, op.Table, nil)
		out.Status = status(err, http.StatusCreated)
	case tracefmt.DeleteTable:
		_, err = r.svc.DeleteTable(ctx, op.Table, nil)
		out.Status = status(err, http.StatusNoContent)
	case tracefmt.Insert:
		_, err = c.AddEntity(ctx, op.Entity, nil)
		out.Status = status(err, http.StatusCreated)
	case tracefmt.Upsert:
		_, err = c.UpsertEntity(ctx, op.Entity, &aztables.UpsertEntityOptions{UpdateMode: UpdateMode(op.Mode)})
		out.Status = status(err, http.StatusNoContent)
	case tracefmt.Update:
		o := &aztables.UpdateEntityOptions{UpdateMode: UpdateMode(op.Mode)}
		if op.IfMatch != "" {
			e := azcore.ETag(op.IfMatch)
			o.IfMatch = &e
		}
		_, err = c.UpdateEntity(ctx, op.Entity, o)
		out.Status = status(err, http.StatusNoContent)
	case tracefmt.Delete:
		o := &aztables.DeleteEntityOptions{}
		if op.IfMatch != "" {
			e := azcore.ETag(op.IfMatch)
			o.IfMatch = &e
		}
		_, err = c.DeleteEntity(ctx, op.PK, op.RK, o)
		out.Status = status(err, http.StatusNoContent)
	case tracefmt.Get:
		// The SDK's GetEntity has no $select: the whole entity is read.
		var resp aztables.GetEntityResponse
		resp, err = c.GetEntity(ctx, op.PK, op.RK, nil)
		out.Status = status(err, http.StatusOK)
		if err == nil {
			out.Returned = 1
			out.Keys = append(out.Keys, tablerest.EntityKeys(resp.Value))
		}
	case tracefmt.Query:
		o := &aztables.ListEntitiesOptions{}
		if op.Filter != "" {
			o.Filter = &op.Filter
		}
		if op.Top != 0 {
			t := int32(op.Top)
			o.Top = &t
		}
		if len(op.Select) > 0 {
			// The keys are selected too, so that the keys returned can
			// be compared with the engine's (which names every entity
			// it returns, whatever the projection).
			sel := op.Select
			for _, k := range []string{"PartitionKey", "RowKey"} {
				if !slices.Contains(sel, k) {
					sel = append(slices.Clip(sel), k)
				}
			}
			s := strings.Join(sel, ",")
			o.Select = &s
		}
		out.Pages = 0
		out.Status = http.StatusOK
		pager := c.NewListEntitiesPager(o)
		for pager.More() {
			page, perr := pager.NextPage(ctx)
			if perr != nil {
				err = perr
				out.Status = status(perr, http.StatusOK)
				out.Keys = out.Keys[:0]
				break
			}
			out.Pages++
			out.Returned += len(page.Entities)
			for _, e := range page.Entities {
				out.Keys = append(out.Keys, tablerest.EntityKeys(e))
			}
		}
		out.Scanned = out.Returned
	case tracefmt.Batch:
		actions := TransactionActions(op.Actions)
		_, err = c.SubmitTransaction(ctx, actions, nil)
		out.Status = status(err, http.StatusAccepted)
		m.mu.Lock()
		if err != nil && m.batch != 0 {
			out.Status = m.batch
		}
		m.mu.Unlock()
	}
	out.Latency = time.Since(start)
	r.answered(out.Status, err)
	m.mu.Lock()
	out.Charge, out.Charged = m.charge, m.charged
	m.mu.Unlock()
}

// answered counts an operation without an answer (status 0, not because
// the run was stopped) and stops the run after limits.LiveMaxNoAnswer in
// a row; an answer resets the count.
func (r *runner) answered(st int, err error) {
	if r.ctx.Err() != nil {
		return // stopped: not the service's doing
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if st != 0 {
		r.inRow = 0
		return
	}
	if err == nil {
		err = errors.New("no status")
	}
	r.inRow++
	r.total++
	if r.firstNoAnswer == "" {
		r.firstNoAnswer = err.Error()
	}
	if r.inRow >= limits.LiveMaxNoAnswer {
		r.stop(&NoAnswerError{N: r.inRow, Last: err})
	}
}

// UpdateMode is the SDK's update mode for a trace operation's mode.
func UpdateMode(m tracefmt.Mode) aztables.UpdateMode {
	if m == tracefmt.Replace {
		return aztables.UpdateModeReplace
	}
	return aztables.UpdateModeMerge
}

// TransactionActions maps the actions of a trace's batch to the SDK's
// transaction actions: the action type from the kind and mode, the
// If-Match ETag, and for a delete without an entity body one holding
// just its keys.
func TransactionActions(acts []tracefmt.Action) []aztables.TransactionAction {
	actions := make([]aztables.TransactionAction, 0, len(acts))
	for _, x := range acts {
		ta := aztables.TransactionAction{Entity: x.Entity}
		switch {
		case x.Kind == tracefmt.Insert:
			ta.ActionType = aztables.TransactionTypeAdd
		case x.Kind == tracefmt.Upsert && x.Mode == tracefmt.Replace:
			ta.ActionType = aztables.TransactionTypeInsertReplace
		case x.Kind == tracefmt.Upsert:
			ta.ActionType = aztables.TransactionTypeInsertMerge
		case x.Kind == tracefmt.Update && x.Mode == tracefmt.Replace:
			ta.ActionType = aztables.TransactionTypeUpdateReplace
		case x.Kind == tracefmt.Update:
			ta.ActionType = aztables.TransactionTypeUpdateMerge
		case x.Kind == tracefmt.Delete:
			ta.ActionType = aztables.TransactionTypeDelete
			if ta.Entity == nil {
				ta.Entity, _ = json.Marshal(map[string]string{"PartitionKey": x.PK, "RowKey": x.RK})
			}
		}
		if x.IfMatch != "" {
			e := azcore.ETag(x.IfMatch)
			ta.IfMatch = &e
		}
		actions = append(actions, ta)
	}
	return actions
}

// status returns the HTTP status of an SDK call's result: ok when it
// succeeded (the SDK does not say which success; creates and inserts
// are reported as 201, as the engine does, though the SDK asks for and
// gets 204), the service's status when it answered with an error, 0
// when no answer came (a transport error).
func status(err error, ok int) int {
	if err == nil {
		return ok
	}
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return re.StatusCode
	}
	return 0
}

func appendResult(b []byte, j *job) []byte {
	b = append(b, `{"i":`...)
	b = strconv.AppendInt(b, int64(j.i), 10)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(j.op.Line), 10)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(j.out.Status), 10)
	if j.op.Kind == tracefmt.Get || j.op.Kind == tracefmt.Query {
		keys := j.out.Keys
		if keys == nil {
			keys = [][2]string{}
		}
		kb, _ := json.Marshal(keys)
		b = append(b, `,"keys":`...)
		b = append(b, kb...)
	}
	b = append(b, `,"returned":`...)
	b = strconv.AppendInt(b, int64(j.out.Returned), 10)
	b = append(b, `,"pages":`...)
	b = strconv.AppendInt(b, int64(j.out.Pages), 10)
	b = append(b, `,"ms":`...)
	b = strconv.AppendFloat(b, ms(j.out.Latency), 'f', -1, 64)
	if j.out.Charged {
		b = append(b, `,"charge":`...)
		b = strconv.AppendFloat(b, j.out.Charge, 'f', -1, 64)
	}
	return append(b, "}\n"...)
}
