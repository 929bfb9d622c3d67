// Package trace records the table operations of an application as a
// tablelint trace, which `tablelint replay --trace` replays.
//
// A Recorder is an azcore pipeline policy. Add it to the per-call
// policies of the aztables client options; every table operation the
// client sends (create and delete table, insert, upsert, update, delete,
// get, query with all its pages, batch) is written as one trace line,
// with "t", the seconds since the recorder was created:
//
//	rec, err := trace.Create("traffic.jsonl", trace.Options{Redact: true})
//	if err != nil { ... }
//	defer rec.Close()
//	opts := &aztables.ClientOptions{}
//	opts.PerCallPolicies = append(opts.PerCallPolicies, rec)
//	client, err := aztables.NewServiceClientFromConnectionString(conn, opts)
//
// Recording never changes a request or its response, and never fails
// one: when the trace cannot be written, the recorder stops recording,
// reports the error once to Options.OnError and from Err, and lets every
// request through untouched.
//
// A line is written when its response arrives, so concurrent operations
// appear in the order they completed. Operations that never got a
// response (a transport error) are not written; Stats counts them.
package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"hash/fnv"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"

	"github.com/tablelint/tablelint/internal/tablerest"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// Options configure a Recorder.
type Options struct {
	// Sample is the fraction of partitions recorded, from 0 to 1; 0
	// means 1 (everything). Sampling is by partition key, so that the
	// operations of a recorded partition are all recorded and replay
	// finds the entities it wrote. Queries and table operations are
	// always recorded (a query over several partitions then returns, on
	// replay, only the recorded partitions' entities).
	Sample float64
	// MaxBytes caps the trace: once the next line would take it past
	// MaxBytes the recorder stops (0: 1 GiB). The trace written is then
	// a consistent prefix of the workload.
	MaxBytes int64
	// Redact replaces every property value except the keys by a value of
	// the same type and size ("xxx" for a 3-character string, 0 for a
	// number), so that no property value is written. Keys and query
	// filters are kept: they are the access pattern replay measures.
	Redact bool
	// Results, when set, receives one JSON line per recorded operation:
	// {"i":N,"status":S,"ms":M,"keys":[["pk","rk"],…]} — the operation's
	// index in the trace (from 0), the status the service answered, the
	// client-side milliseconds (all pages of a query) and, for get and
	// query, the keys of the entities returned. A query whose $select
	// leaves PartitionKey or RowKey out is answered without them, and the
	// recorder never changes a request to ask for them: its line has
	// "returned":N, the number of entities, instead of keys, which
	// `tablelint trace compare` checks against the other side's keys.
	// Lines are written when an operation completes, so i is not always
	// increasing. It is the format of `tablelint replay --results`, for
	// comparison.
	Results io.Writer
	// OnError, when set, is called once with the first error writing
	// the trace or the results; recording stops after it.
	OnError func(error)
}

// DefaultMaxBytes is the trace size cap when Options.MaxBytes is 0.
const DefaultMaxBytes = 1 << 30

// Stats counts what a Recorder did.
type Stats struct {
	// Recorded operations were written to the trace.
	Recorded int64
	// SampledOut operations were in partitions Options.Sample left out.
	SampledOut int64
	// Dropped operations came after the recorder stopped (size cap or
	// write error).
	Dropped int64
	// Unrecorded requests are not trace operations (listing tables, ACLs,
	// service properties) or got no response.
	Unrecorded int64
}

// Recorder is a policy.Policy that records table operations. It is safe
// for concurrent use; create it with New or Create.
type Recorder struct {
	opts      Options
	start     time.Time
	threshold uint32 // partitions hashing below it are recorded

	mu      sync.Mutex
	w       *bufio.Writer
	rw      *bufio.Writer
	closer  io.Closer
	written int64
	next    int // index of the next trace line
	stopped bool
	// halted mirrors stopped, for a check without the lock.
	halted atomic.Bool
	line   []byte // the line being written
	err    error
	stats  Stats
	// pending maps the continuation of a query's last page to the
	// query, until its next page arrives.
	pending map[string]*queryState
}

type queryState struct {
	i     int
	start time.Time
	keys  [][2]string
	// keyless is set when a page's entities came without their keys.
	keyless bool
}

// maxPending bounds the queries whose next page is awaited; an
// application that abandons pagers leaves them behind.
const maxPending = 10_000

// New returns a Recorder writing the trace to w. Call Flush or Close
// when done; Close does not close w.
func New(w io.Writer, opts Options) *Recorder {
	r := &Recorder{opts: opts, start: time.Now(), w: bufio.NewWriterSize(w, 64<<10), pending: map[string]*queryState{}}
	if r.opts.MaxBytes <= 0 {
		r.opts.MaxBytes = DefaultMaxBytes
	}
	r.threshold = math.MaxUint32
	if s := opts.Sample; s > 0 && s < 1 {
		r.threshold = uint32(s * math.MaxUint32)
	}
	if opts.Results != nil {
		r.rw = bufio.NewWriterSize(opts.Results, 16<<10)
	}
	return r
}

// Create returns a Recorder writing the trace to a new file at path. It
// refuses to overwrite an existing file. Close closes the file.
func Create(path string, opts Options) (*Recorder, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	r := New(f, opts)
	r.closer = f
	return r, nil
}

// Stats returns the counts so far.
func (r *Recorder) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stats
}

// Err returns the error that stopped recording, if any.
func (r *Recorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Flush writes buffered lines out.
func (r *Recorder) Flush() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushLocked()
	return r.err
}

func (r *Recorder) flushLocked() {
	if r.err != nil {
		return
	}
	if err := r.w.Flush(); err != nil {
		r.failLocked(err)
		return
	}
	if r.rw != nil {
		if err := r.rw.Flush(); err != nil {
			r.failLocked(err)
		}
	}
}

// Close flushes the trace, stops recording and closes the file Create
// opened. Requests after Close pass through unrecorded.
func (r *Recorder) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	// Queries whose next page never came: their result is the pages
	// read.
	for k, st := range r.pending {
		r.writeResult(st.i, http.StatusOK, 0, true, st.keyless, st.keys)
		delete(r.pending, k)
	}
	r.flushLocked()
	r.stopLocked()
	if r.closer != nil {
		if err := r.closer.Close(); err != nil && r.err == nil {
			r.err = err
		}
		r.closer = nil
	}
	return r.err
}

func (r *Recorder) failLocked(err error) {
	if r.err == nil {
		r.err = err
		if r.opts.OnError != nil {
			r.opts.OnError(err)
		}
	}
	r.stopLocked()
}

func (r *Recorder) stopLocked() {
	r.stopped = true
	r.halted.Store(true)
}

// Do records the operation req carries. It implements policy.Policy.
func (r *Recorder) Do(req *policy.Request) (*http.Response, error) {
	if r.halted.Load() {
		r.mu.Lock()
		r.stats.Dropped++
		r.mu.Unlock()
		return req.Next()
	}
	raw := req.Raw()
	start := time.Now()
	tg, err := tablerest.ParseURL(raw.URL)
	if err != nil {
		return r.unrecorded(req)
	}
	method := raw.Method
	if m := header(raw.Header, "X-Http-Method"); m != "" {
		method = m
	}
	var op tracefmt.Op
	switch {
	case tg.Batch && method == http.MethodPost:
		body := readBody(req, nil)
		op.Kind = tracefmt.Batch
		if op.Table, op.Actions, err = parseBatch(raw.Header.Get("Content-Type"), body, r.entity); err != nil || len(op.Actions) == 0 {
			return r.unrecorded(req)
		}
	default:
		var body []byte
		if method != http.MethodGet && method != http.MethodDelete {
			bp := bodyPool.Get().(*[]byte)
			defer bodyPool.Put(bp)
			body = readBody(req, (*bp)[:0])
			*bp = body[:0]
		}
		var ok bool
		if op, ok = tablerest.Classify(method, tg, header(raw.Header, "If-Match"), nil); !ok {
			return r.unrecorded(req)
		}
		if tg.Continuation && op.Kind == tracefmt.Query {
			return r.nextPage(req, tg, start)
		}
		if op.Kind == tracefmt.CreateTable {
			var ct struct{ TableName string }
			if json.Unmarshal(body, &ct) != nil || ct.TableName == "" {
				return r.unrecorded(req)
			}
			op.Table = ct.TableName
		}
		if op.Kind == tracefmt.Insert || op.Kind == tracefmt.Upsert || op.Kind == tracefmt.Update {
			if op.Entity, err = r.entity(body); err != nil {
				return r.unrecorded(req)
			}
			if op.Kind == tracefmt.Insert && r.threshold != math.MaxUint32 {
				op.PK = tablerest.EntityKeys(op.Entity)[0]
			}
		}
	}
	if !r.sampled(&op) {
		r.mu.Lock()
		r.stats.SampledOut++
		r.mu.Unlock()
		return req.Next()
	}
	op.T, op.HasT = math.Round(start.Sub(r.start).Seconds()*1e6)/1e6, true
	if op.Kind == tracefmt.Insert {
		op.PK = ""
	}

	resp, err := req.Next()
	if err != nil || resp == nil {
		r.mu.Lock()
		r.stats.Unrecorded++
		r.mu.Unlock()
		return resp, err
	}
	var keys [][2]string
	keyless := false
	status := resp.StatusCode
	switch {
	case op.Kind == tracefmt.Batch && status == http.StatusAccepted:
		status = tablerest.BatchStatus(tablerest.ReadResponseBody(resp), status)
	case r.rw == nil:
	case op.Kind == tracefmt.Get && status == http.StatusOK:
		keys, keyless = pageKeys(tablerest.ReadResponseBody(resp), keys, true)
	case op.Kind == tracefmt.Query && status == http.StatusOK:
		keys, keyless = pageKeys(tablerest.ReadResponseBody(resp), keys, false)
	}
	if status >= 400 && op.Entity != nil && !json.Valid(op.Entity) {
		// The service refused a body that is not JSON: a trace line
		// cannot hold it.
		r.mu.Lock()
		r.stats.Unrecorded++
		r.mu.Unlock()
		return resp, err
	}
	anyETag(&op, status)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		r.stats.Dropped++
		return resp, err
	}
	r.line = tracefmt.AppendOp(r.line[:0], &op)
	line := r.line
	if r.written+int64(len(line)) > r.opts.MaxBytes {
		r.stopLocked()
		r.stats.Dropped++
		return resp, err
	}
	if _, werr := r.w.Write(line); werr != nil {
		r.failLocked(werr)
		return resp, err
	}
	r.written += int64(len(line))
	i := r.next
	r.next++
	r.stats.Recorded++
	if r.rw == nil {
		return resp, err
	}
	if op.Kind == tracefmt.Query && status == http.StatusOK {
		if k := continuation(op.Table, resp.Header.Get("x-ms-continuation-NextPartitionKey"), resp.Header.Get("x-ms-continuation-NextRowKey")); k != "" {
			r.addPending(k, &queryState{i: i, start: start, keys: keys, keyless: keyless})
			return resp, err
		}
	}
	r.writeResult(i, status, time.Since(start), op.Kind == tracefmt.Get || op.Kind == tracefmt.Query, keyless, keys)
	return resp, err
}

// anyETag replaces the ETags of an operation that passed its If-Match
// condition by "*": an ETag names a version of the recorded service's
// entity, which a replay cannot have, and the application held the
// current one. An operation that failed its condition (412) keeps them.
func anyETag(op *tracefmt.Op, status int) {
	if status == http.StatusPreconditionFailed {
		return
	}
	if op.IfMatch != "" {
		op.IfMatch = "*"
	}
	for i := range op.Actions {
		if op.Actions[i].IfMatch != "" {
			op.Actions[i].IfMatch = "*"
		}
	}
}

func (r *Recorder) unrecorded(req *policy.Request) (*http.Response, error) {
	r.mu.Lock()
	r.stats.Unrecorded++
	r.mu.Unlock()
	return req.Next()
}

// nextPage follows a query to its next page: the keys it returns are
// the query's, and the query's result is written after its last page.
func (r *Recorder) nextPage(req *policy.Request, tg tablerest.Target, start time.Time) (*http.Response, error) {
	q := req.Raw().URL.Query()
	k := continuation(tg.Table, q.Get("NextPartitionKey"), q.Get("NextRowKey"))
	r.mu.Lock()
	st := r.pending[k]
	delete(r.pending, k)
	r.mu.Unlock()
	resp, err := req.Next()
	if st == nil || err != nil || resp == nil {
		return resp, err
	}
	status := resp.StatusCode
	if status == http.StatusOK {
		var keyless bool
		st.keys, keyless = pageKeys(tablerest.ReadResponseBody(resp), st.keys, false)
		st.keyless = st.keyless || keyless
	} else {
		st.keys, st.keyless = nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if status == http.StatusOK {
		if nk := continuation(tg.Table, resp.Header.Get("x-ms-continuation-NextPartitionKey"), resp.Header.Get("x-ms-continuation-NextRowKey")); nk != "" {
			r.addPending(nk, st)
			return resp, err
		}
	}
	r.writeResult(st.i, status, time.Since(st.start), true, st.keyless, st.keys)
	return resp, err
}

func (r *Recorder) addPending(k string, st *queryState) {
	if len(r.pending) >= maxPending {
		for old, s := range r.pending {
			// An abandoned pager: its result is the pages read.
			r.writeResult(s.i, http.StatusOK, 0, true, s.keyless, s.keys)
			delete(r.pending, old)
			break
		}
	}
	r.pending[k] = st
}

func continuation(table, npk, nrk string) string {
	if npk == "" && nrk == "" {
		return ""
	}
	return table + "\x00" + npk + "\x00" + nrk
}

// writeResult writes one results line; r.mu is held. With keyless (the
// entities came without their keys), the number of entities is written
// instead of keys.
func (r *Recorder) writeResult(i, status int, d time.Duration, withKeys, keyless bool, keys [][2]string) {
	if r.rw == nil || r.err != nil {
		return
	}
	b := make([]byte, 0, 64+len(keys)*24)
	b = append(b, `{"i":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(b, `,"ms":`...)
	b = strconv.AppendFloat(b, math.Round(float64(d.Microseconds()))/1000, 'f', -1, 64)
	switch {
	case withKeys && keyless:
		b = append(b, `,"returned":`...)
		b = strconv.AppendInt(b, int64(len(keys)), 10)
	case withKeys:
		b = append(b, `,"keys":[`...)
		for j, k := range keys {
			if j > 0 {
				b = append(b, ',')
			}
			kb, _ := json.Marshal(k)
			b = append(b, kb...)
		}
		b = append(b, ']')
	}
	b = append(b, "}\n"...)
	if _, err := r.rw.Write(b); err != nil {
		r.failLocked(err)
	}
}

// sampled reports whether op's partition is recorded.
func (r *Recorder) sampled(op *tracefmt.Op) bool {
	if r.threshold == math.MaxUint32 {
		return true
	}
	pk := op.PK
	switch op.Kind {
	case tracefmt.Batch:
		a := op.Actions[0]
		pk = a.PK
		if a.Entity != nil {
			pk = tablerest.EntityKeys(a.Entity)[0]
		}
	case tracefmt.Upsert, tracefmt.Update:
		pk = tablerest.EntityKeys(op.Entity)[0]
	case tracefmt.Query, tracefmt.CreateTable, tracefmt.DeleteTable:
		return true
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(pk))
	// FNV-1a alone leaves keys that differ in their last byte close
	// together; a final avalanche spreads them over the range.
	x := h.Sum32()
	x ^= x >> 16
	x *= 0x85ebca6b
	x ^= x >> 13
	x *= 0xc2b2ae35
	x ^= x >> 16
	return x < r.threshold
}

// entity returns the trace form of a request body: compacted, or
// redacted.
func (r *Recorder) entity(body []byte) ([]byte, error) {
	if r.opts.Redact {
		return tablerest.Redact(body)
	}
	// The SDK sends an entity as compact JSON: one line, which the trace
	// line can hold as it is. Whether it is valid JSON is checked after
	// the response, and only when the service refused it.
	if t := bytes.TrimSpace(body); len(t) > 1 && t[0] == '{' && t[len(t)-1] == '}' && bytes.IndexByte(t, '\n') < 0 && bytes.IndexByte(t, '\r') < 0 {
		return t, nil
	}
	return tablerest.Compact(body)
}

// header returns the header with the canonical name key without
// canonicalizing it (Header.Get allocates for names like
// X-HTTP-Method).
func header(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// readBody returns the request body and rewinds it for the transport.
// bodyPool holds the buffers request bodies are read into: the body is
// copied into the trace line and the buffer reused.
var bodyPool = sync.Pool{New: func() any { return new([]byte) }}

// readBody returns the request body, read into buf, and rewinds it for
// the transport.
func readBody(req *policy.Request, buf []byte) []byte {
	body := req.Body()
	if body == nil {
		return buf[:0]
	}
	var b []byte
	var err error
	if n := req.Raw().ContentLength; n > 0 && n <= 64<<20 {
		if int64(cap(buf)) < n {
			buf = make([]byte, n)
		}
		b = buf[:n]
		_, err = io.ReadFull(body, b)
	} else {
		b, err = io.ReadAll(body)
	}
	if rerr := req.RewindBody(); err != nil || rerr != nil {
		return buf[:0]
	}
	return b
}

// pageKeys appends the keys of the entities of a query's page (one
// entity, for a get) and reports whether any came without its keys: a
// $select that leaves them out returns only the properties selected.
func pageKeys(body []byte, keys [][2]string, one bool) ([][2]string, bool) {
	type keyed struct{ PartitionKey, RowKey *string }
	var page struct {
		Value []keyed `json:"value"`
	}
	if one {
		var e keyed
		_ = json.Unmarshal(body, &e)
		page.Value = append(page.Value, e)
	} else {
		_ = json.Unmarshal(body, &page)
	}
	keyless := false
	for _, e := range page.Value {
		if e.PartitionKey == nil || e.RowKey == nil {
			keyless = true
			keys = append(keys, [2]string{})
			continue
		}
		keys = append(keys, [2]string{*e.PartitionKey, *e.RowKey})
	}
	return keys, keyless
}

// parseBatch reads a $batch request body: a multipart/mixed body holding
// one changeset, itself multipart/mixed, of HTTP requests.
func parseBatch(contentType string, body []byte, conv func([]byte) ([]byte, error)) (table string, actions []tracefmt.Action, err error) {
	parts, err := multipartParts(contentType, body)
	if err != nil {
		return "", nil, err
	}
	for _, p := range parts {
		ct := p.header.Get("Content-Type")
		if strings.HasPrefix(ct, "multipart/mixed") {
			inner, err := multipartParts(ct, p.body)
			if err != nil {
				return "", nil, err
			}
			for _, ip := range inner {
				t, a, err := batchAction(ip.body, conv)
				if err != nil {
					return "", nil, err
				}
				table = t
				actions = append(actions, a)
			}
		}
	}
	return table, actions, nil
}

type part struct {
	header textproto.MIMEHeader
	body   []byte
}

func multipartParts(contentType string, body []byte) ([]part, error) {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return nil, err
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var out []part
	for {
		p, err := mr.NextRawPart()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(p)
		if err != nil {
			return nil, err
		}
		out = append(out, part{header: p.Header, body: b})
	}
}

// batchAction reads one HTTP request of a changeset.
func batchAction(b []byte, conv func([]byte) ([]byte, error)) (string, tracefmt.Action, error) {
	hr, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(b)))
	if err != nil {
		return "", tracefmt.Action{}, err
	}
	body, _ := io.ReadAll(hr.Body)
	tg, err := tablerest.ParseURL(hr.URL)
	if err != nil {
		return "", tracefmt.Action{}, err
	}
	method := hr.Method
	if m := hr.Header.Get("X-HTTP-Method"); m != "" {
		method = m
	}
	var entity []byte
	if len(bytes.TrimSpace(body)) > 0 {
		if entity, err = conv(body); err != nil {
			return "", tracefmt.Action{}, err
		}
	}
	op, ok := tablerest.Classify(method, tg, hr.Header.Get("If-Match"), entity)
	if !ok || (op.Kind != tracefmt.Insert && op.Kind != tracefmt.Upsert && op.Kind != tracefmt.Update && op.Kind != tracefmt.Delete) {
		return "", tracefmt.Action{}, errors.New("not a batch action")
	}
	a := tracefmt.Action{Kind: op.Kind, Entity: op.Entity, Mode: op.Mode, IfMatch: op.IfMatch, PK: op.PK, RK: op.RK}
	if a.Kind == tracefmt.Delete {
		a.Entity = nil
	}
	return op.Table, a, nil
}
