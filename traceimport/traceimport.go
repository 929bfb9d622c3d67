// Package traceimport turns the Table service's own request logs into a
// tablelint trace: Azure Monitor resource logs (the StorageTableLogs
// table) as JSON lines (archived to a storage account, or exported from
// Log Analytics), pretty-printed JSON, {"records":[…]} (Event Hubs,
// older archives), the JSON array `az monitor
// log-analytics query` prints, or CSV with a header row (the Azure
// portal's export); and classic Storage Analytics logs ($logs, versions
// 1.0 and 2.0). Either may be gzip-compressed and may begin with a UTF-8
// byte-order mark.
//
// A log records each request's operation, URL, status, sizes and time,
// not its body. The keys, $filter, $top and $select of gets, queries,
// updates and deletes are in the URL and are imported as they are. An
// insert's keys are in its body; the log has them only when its object
// key names them (/account/table/PartitionKey/RowKey). Otherwise an
// imported insert writes a placeholder entity: PartitionKey "~" and
// seven lower-case letters, different for each record and in no order
// (so that replay's key-order findings see nothing in it), RowKey "",
// and one filler property sized to the request body, so that replay
// writes as many bytes; each such insert lands in a partition of its
// own. In a batch, which acts on one partition, such inserts take the
// PartitionKey of the batch's other actions (or share a placeholder one)
// and a placeholder RowKey each. Updates and upserts write their keys
// and the filler. The pages of a query after the first (requests with
// NextPartitionKey/NextRowKey) are part of their query, which replay
// follows to the end; they are counted, not imported. A table used
// before any logged CreateTable (the log began after it was created) is
// created by the trace just before its first use; the entities it held
// before the log began are not known, so reads of them find nothing on
// replay.
package traceimport

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tablelint/tablelint/internal/tablerest"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// Format is a log format.
type Format int

// The formats Import reads.
const (
	AzureMonitor Format = iota + 1
	StorageAnalytics
)

// ParseFormat reads a --from value: "azure-monitor" or
// "storage-analytics".
func ParseFormat(s string) (Format, error) {
	switch s {
	case "azure-monitor":
		return AzureMonitor, nil
	case "storage-analytics":
		return StorageAnalytics, nil
	}
	return 0, fmt.Errorf("unknown log format %q (want azure-monitor or storage-analytics)", s)
}

// Summary counts what an import read and wrote.
type Summary struct {
	// Lines is the number of log records read: a line each in Storage
	// Analytics logs, JSON lines and CSV rows (without the header; a row
	// may span lines), a record each in pretty-printed JSON.
	Lines int
	// Operations is the number of trace lines written; a batch is one.
	Operations int
	// BatchActions is the number of log lines folded into batches.
	BatchActions int
	// Continuations is the number of query pages after the first.
	Continuations int
	// NotOperations counts requests that are not trace operations:
	// other services' requests, listing tables, ACLs, properties.
	NotOperations int
	// NotExecuted counts requests the service refused before running
	// them (401, 403, 503 server busy) — replay would run them — and
	// interrupted ones, logged with the status "Unknown".
	NotExecuted int
	// TablesAssumed counts the tables used before (or without) a
	// logged CreateTable: the log starts after they were created, so
	// the trace creates each before its first use.
	TablesAssumed int
	// Bad counts malformed records, skipped; Errors holds the first
	// MaxErrors of them.
	Bad    int
	Errors []error
}

// MaxErrors is the number of bad lines Summary.Errors keeps.
const MaxErrors = 20

// LineError is a malformed log record: its file, line and, where known,
// column (in bytes, from 1).
type LineError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *LineError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Options configure Import.
type Options struct {
	Format Format
	// File names the input in errors.
	File string
	// Results, when set, receives one line per trace operation,
	// {"i":N,"status":S}: the status the service logged (for a batch,
	// the first failed action's status, else 202).
	Results io.Writer
	// OnError, when set, is called with every malformed line as it is
	// skipped.
	OnError func(error)
}

// record is one logged request, in either format.
type record struct {
	line       int
	ord        int // the record's number in the log, from 1
	time       time.Time
	operation  string
	status     int
	uri        []byte
	requestID  []byte
	objectKey  []byte
	conditions []byte
	bodySize   int64
	service    []byte
}

// Import reads the log r and writes the trace to w.
func Import(r io.Reader, w io.Writer, opts Options) (Summary, error) {
	im := &importer{opts: opts, bw: bufio.NewWriterSize(w, 64<<10), tables: map[string]bool{}}
	if opts.Results != nil {
		im.rw = bufio.NewWriterSize(opts.Results, 64<<10)
	}
	br, err := openInput(r, opts.File)
	if err != nil {
		return im.sum, err
	}
	lr := &lineReader{br: br, file: opts.File}
	if opts.Format == StorageAnalytics {
		err = im.readLines(lr, func(n int, line []byte) error {
			im.sum.Lines++
			im.read(n, 1, bytes.TrimSpace(line))
			return nil
		})
	} else {
		err = im.readMonitor(lr)
	}
	if err != nil {
		return im.sum, err
	}
	im.flushGroup()
	if err := im.bw.Flush(); err != nil {
		return im.sum, err
	}
	if im.rw != nil {
		if err := im.rw.Flush(); err != nil {
			return im.sum, err
		}
	}
	return im.sum, nil
}

// maxLine bounds a log line (a URL is at most a few KiB; Azure Monitor
// records carry a few more fields).
const maxLine = 1 << 20

// maxSkip bounds how far an over-long line is skipped before the input is
// refused.
const maxSkip = 16 * maxLine

type importer struct {
	opts  Options
	bw    *bufio.Writer
	rw    *bufio.Writer
	sum   Summary
	start time.Time
	buf   []byte
	rec   record
	// tables records the tables seen (lower case).
	tables map[string]bool
	// group holds consecutive records of one request: a batch's record
	// and those of its actions share the request ID.
	group []record
}

func (im *importer) bad(n int, msg string) { im.badAt(n, 0, msg) }

func (im *importer) badAt(n, col int, msg string) {
	im.sum.Bad++
	err := &LineError{File: im.opts.File, Line: n, Col: col, Msg: msg}
	if len(im.sum.Errors) < MaxErrors {
		im.sum.Errors = append(im.sum.Errors, err)
	}
	if im.opts.OnError != nil {
		im.opts.OnError(err)
	}
}

// readLines calls f with every non-blank line of lr, without its line
// end, until f returns an error, and reports lines too long to read.
func (im *importer) readLines(lr *lineReader, f func(n int, line []byte) error) error {
	for {
		line, n, err := lr.next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLongLine):
			im.sum.Lines++
			im.bad(n, err.Error())
			continue
		case err != nil:
			return err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if err := f(n, bytes.TrimRight(line, "\r\n")); err != nil {
			return err
		}
	}
}

// read parses one record, which begins on line n at column col (a
// pretty-printed JSON record spans lines), and takes it in.
func (im *importer) read(n, col int, line []byte) {
	rec := &im.rec
	*rec = record{line: n}
	var err error
	if im.opts.Format == StorageAnalytics {
		err = parseAnalytics(line, rec)
	} else {
		err = parseMonitor(line, rec)
		if errors.Is(err, errNoOperation) && im.readWrapped(n, col, line) {
			return
		}
	}
	if err != nil {
		im.badIn(n, col, line, err)
		return
	}
	im.take(rec)
}

// readWrapped reads the records of {"records":[…]}, the form resource
// logs take in Event Hubs and in storage archives written before
// November 2018. It reports whether line is such a wrapper.
func (im *importer) readWrapped(n, col int, line []byte) bool {
	var arr []byte
	at := 0
	_ = walkObject(line, 0, func(key, val []byte, off int) error {
		if eqFold(key, "records") && len(val) > 0 && val[0] == '[' {
			arr, at = val, off
		}
		return nil
	})
	if arr == nil {
		return false
	}
	first := true
	for i := ws(arr, 1); i < len(arr) && arr[i] != ']'; {
		end, err := skipValue(arr, i)
		if err != nil {
			return false
		}
		ln := n + bytes.Count(line[:at+i], []byte("\n"))
		c := col + at + i
		if k := bytes.LastIndexByte(line[:at+i], '\n'); k >= 0 {
			c = at + i - k
		}
		if !first {
			im.sum.Lines++ // the wrapper counted as one record
		}
		first = false
		rec := &im.rec
		*rec = record{line: ln}
		if err := parseMonitor(arr[i:end], rec); err != nil {
			im.badIn(ln, c, arr[i:end], err)
		} else {
			im.take(rec)
		}
		if i = ws(arr, end); i < len(arr) && arr[i] == ',' {
			i = ws(arr, i+1)
		}
	}
	return true
}

// badIn reports err, found in the record rec that begins on line n at
// column col.
func (im *importer) badIn(n, col int, rec []byte, err error) {
	var pe *posError
	if errors.As(err, &pe) && pe.off >= 0 && pe.off <= len(rec) {
		before := rec[:pe.off]
		ln, c := n+bytes.Count(before, []byte("\n")), col+pe.off
		if k := bytes.LastIndexByte(before, '\n'); k >= 0 {
			c = pe.off - k
		}
		im.badAt(ln, c, pe.msg)
		return
	}
	im.bad(n, err.Error())
}

// take adds a parsed record to the request it belongs to.
func (im *importer) take(rec *record) {
	rec.ord = im.sum.Lines
	if len(rec.service) > 0 && !strings.EqualFold(string(rec.service), "table") {
		im.sum.NotOperations++
		return
	}
	// Keep what the record points into: the line buffer is reused.
	// One allocation for the four fields.
	r := *rec
	buf := make([]byte, 0, len(r.uri)+len(r.requestID)+len(r.objectKey)+len(r.conditions))
	keep := func(b []byte) []byte {
		buf = append(buf, b...)
		return buf[len(buf)-len(b) : len(buf) : len(buf)]
	}
	r.uri, r.requestID, r.objectKey, r.conditions = keep(r.uri), keep(r.requestID), keep(r.objectKey), keep(r.conditions)
	r.service = nil
	if len(im.group) > 0 && (len(r.requestID) == 0 || !bytes.Equal(r.requestID, im.group[0].requestID) || len(im.group) > 101) {
		im.flushGroup()
	}
	im.group = append(im.group, r)
}

// flushGroup writes the records of one request: one batch if one of
// them is an EntityGroupTransaction, else each on its own.
func (im *importer) flushGroup() {
	g := im.group
	im.group = im.group[:0]
	batch := -1
	for i := range g {
		if g[i].operation == "EntityGroupTransaction" {
			batch = i
		}
	}
	if batch < 0 {
		for i := range g {
			im.single(&g[i])
		}
		return
	}
	b := &g[batch]
	if notExecuted(b.status) {
		im.sum.NotExecuted += len(g)
		return
	}
	op := tracefmt.Op{Kind: tracefmt.Batch}
	var src []*record // the record of each action
	status := b.status
	for i := range g {
		if i == batch {
			continue
		}
		a, table, err := im.operation(&g[i])
		if err != nil {
			im.bad(g[i].line, err.Error())
			continue
		}
		if a.Kind != tracefmt.Insert && a.Kind != tracefmt.Upsert && a.Kind != tracefmt.Update && a.Kind != tracefmt.Delete {
			im.bad(g[i].line, fmt.Sprintf("%s cannot be part of a batch", g[i].operation))
			continue
		}
		op.Table = table
		src = append(src, &g[i])
		op.Actions = append(op.Actions, tracefmt.Action{Kind: a.Kind, Entity: a.Entity, Mode: a.Mode, IfMatch: a.IfMatch, PK: a.PK, RK: a.RK})
		if g[i].status >= 300 && status < 300 {
			status = g[i].status
		}
		im.sum.BatchActions++
	}
	if len(op.Actions) == 0 {
		im.bad(b.line, "batch (EntityGroupTransaction) without the records of its operations (they share its request ID)")
		return
	}
	im.batchKeys(&op, src, b)
	im.emit(&op, b, status)
}

func (im *importer) single(r *record) {
	if notExecuted(r.status) {
		im.sum.NotExecuted++
		return
	}
	op, _, err := im.operation(r)
	if errors.Is(err, errNotOperation) {
		im.sum.NotOperations++
		return
	}
	if errors.Is(err, errContinuation) {
		im.sum.Continuations++
		return
	}
	if err != nil {
		im.bad(r.line, err.Error())
		return
	}
	im.emit(&op, r, r.status)
}

func notExecuted(status int) bool {
	return status == 401 || status == 403 || status == 503 || status == statusUnknown
}

// statusUnknown stands for the status "Unknown" the logs give an
// interrupted request.
const statusUnknown = 0

var (
	errNotOperation = errors.New("not a trace operation")
	errContinuation = errors.New("a query's next page")
)

// methods maps the logged operation names of the Table service to the
// request each is.
var methods = map[string]string{
	"CreateTable":           "POST",
	"DeleteTable":           "DELETE",
	"InsertEntity":          "POST",
	"InsertOrMergeEntity":   "MERGE",
	"InsertOrReplaceEntity": "PUT",
	"UpdateEntity":          "PUT",
	"MergeEntity":           "MERGE",
	"DeleteEntity":          "DELETE",
	"QueryEntity":           "GET",
	"QueryEntities":         "GET",
}

// operation turns a record into a trace operation.
func (im *importer) operation(r *record) (tracefmt.Op, string, error) {
	method, ok := methods[r.operation]
	if !ok {
		if r.operation == "" {
			return tracefmt.Op{}, "", errors.New("the record has no operation name")
		}
		return tracefmt.Op{}, "", errNotOperation
	}
	u, err := url.Parse(string(r.uri))
	if err != nil {
		return tracefmt.Op{}, "", fmt.Errorf("cannot read the request URL: %v", err)
	}
	tg, err := tablerest.ParseURL(u)
	if err != nil {
		return tracefmt.Op{}, "", fmt.Errorf("request URL %s: %v", r.uri, err)
	}
	ifMatch := ""
	switch r.operation {
	case "UpdateEntity", "MergeEntity", "DeleteEntity":
		// An ETag names a version of the logged service's entity, which
		// a replay cannot have: a request that passed its condition
		// replays with "*", one that failed it (412) keeps it.
		ifMatch = condition(r.conditions, "If-Match")
		if ifMatch == "" || r.status != 412 {
			ifMatch = "*"
		}
	}
	op, ok := tablerest.Classify(method, tg, ifMatch, nil)
	if !ok {
		return op, "", fmt.Errorf("%s does not fit its URL %s", r.operation, r.uri)
	}
	if tg.Continuation && op.Kind == tracefmt.Query {
		return op, op.Table, errContinuation
	}
	switch op.Kind {
	case tracefmt.CreateTable:
		// The name is in the body; the object key ends with it.
		k := strings.TrimRight(string(r.objectKey), "/")
		op.Table = k[strings.LastIndexByte(k, '/')+1:]
		if op.Table == "" {
			return op, "", errors.New("CreateTable record without the table in its object key")
		}
	case tracefmt.Insert:
		pk, rk, ok := objectKeys(r.objectKey, op.Table)
		if !ok {
			pk, rk = unknownKey(r.ord), ""
		}
		op.Entity = tablerest.Placeholder(pk, rk, r.bodySize)
	case tracefmt.Upsert, tracefmt.Update:
		op.Entity = tablerest.Placeholder(op.PK, op.RK, r.bodySize)
		op.PK, op.RK = "", ""
	}
	return op, op.Table, nil
}

// objectKeys returns the keys in an object key of the form
// /account/table/PartitionKey/RowKey (keys cannot hold '/').
func objectKeys(key []byte, table string) (pk, rk string, ok bool) {
	parts := strings.Split(string(key), "/")
	if len(parts) != 5 || parts[0] != "" || !strings.EqualFold(parts[2], table) {
		return "", "", false
	}
	return parts[3], parts[4], true
}

// unknownKey returns the placeholder key of record ord: "~" and seven
// lower-case letters, a different key for each record, in no order and
// without digits, so that replay's findings on key order and key shapes
// (TL204, TL205, TL209) see nothing in keys the log did not have.
func unknownKey(ord int) string {
	x := uint32(ord) * 0x9e3779b1 // odd: a bijection of the uint32s
	var b [8]byte
	b[0] = '~'
	for i := 7; i > 0; i-- {
		b[i] = 'a' + byte(x%26)
		x /= 26
	}
	return string(b[:])
}

// batchKeys gives a batch's inserts keys. A batch acts on one partition
// (the service refuses it otherwise), so an insert whose keys the log
// lacks takes the PartitionKey of the batch's other actions; when no
// action's keys are known, the inserts share a placeholder partition of
// the batch. Each gets a placeholder RowKey of its own.
func (im *importer) batchKeys(op *tracefmt.Op, src []*record, b *record) {
	unknown := func(j int) bool {
		a := &op.Actions[j]
		return a.Kind == tracefmt.Insert && tablerest.EntityKeys(a.Entity)[0] == unknownKey(src[j].ord)
	}
	pk, known := unknownKey(b.ord), false
	for j, a := range op.Actions {
		switch {
		case known || unknown(j):
		case a.Entity != nil:
			pk, known = tablerest.EntityKeys(a.Entity)[0], true
		default:
			pk, known = a.PK, true
		}
	}
	for j := range op.Actions {
		if unknown(j) {
			op.Actions[j].Entity = tablerest.Placeholder(pk, unknownKey(src[j].ord), src[j].bodySize)
		}
	}
}

// condition returns the value of name in a conditions-used field
// ("If-Match=0x8D…;If-Modified-Since=…").
func condition(s []byte, name string) string {
	for _, kv := range strings.Split(string(s), ";") {
		k, v, ok := strings.Cut(kv, "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), name) {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func (im *importer) emit(op *tracefmt.Op, r *record, status int) {
	if !r.time.IsZero() {
		if im.start.IsZero() {
			im.start = r.time
		}
		t := r.time.Sub(im.start).Seconds()
		op.T, op.HasT = math.Max(0, math.Round(t*1e6)/1e6), true
	}
	if k := strings.ToLower(op.Table); !im.tables[k] {
		im.tables[k] = true
		if op.Kind != tracefmt.CreateTable {
			im.sum.TablesAssumed++
			ct := tracefmt.Op{Kind: tracefmt.CreateTable, Table: op.Table, T: op.T, HasT: op.HasT}
			im.write(&ct, http.StatusCreated, true)
		}
	}
	im.write(op, status, false)
}

func (im *importer) write(op *tracefmt.Op, status int, synthetic bool) {
	im.buf = tracefmt.AppendOp(im.buf[:0], op)
	_, _ = im.bw.Write(im.buf) // the error is Flush's
	if im.rw != nil {
		im.buf = append(im.buf[:0], `{"i":`...)
		im.buf = strconv.AppendInt(im.buf, int64(im.sum.Operations), 10)
		im.buf = append(im.buf, `,"status":`...)
		im.buf = strconv.AppendInt(im.buf, int64(status), 10)
		if synthetic {
			im.buf = append(im.buf, `,"synthetic":true`...)
		}
		im.buf = append(im.buf, "}\n"...)
		_, _ = im.rw.Write(im.buf)
	}
	im.sum.Operations++
}
