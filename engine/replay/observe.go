package replay

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/tablelint/tablelint/engine/exec"
	"github.com/tablelint/tablelint/engine/store"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/numtext"
	"github.com/tablelint/tablelint/internal/rules"
	"github.com/tablelint/tablelint/internal/tracefmt"
)

// observer collects what a replay saw besides costs: the operations the
// engine rejected, grouped, and the key sequences the writes used. Its
// memory is bounded whatever the trace's length.
type observer struct {
	rejected map[rejectKey]*Rejection
	order    []*Rejection
	keys     map[string]*tableKeys // by table name, lower case
	// lastTable is the table name (as written) of the last write
	// observed, lastKeys its entry in keys.
	lastTable string
	lastKeys  *tableKeys
	noShapes  bool // leave TL204/TL205 out
	batches   batchOverlaps
}

// Rejection is a group of operations the engine answered with the same
// error: the same operation kind, status and error code.
type Rejection struct {
	Rule    string // the rule the error is evidence of
	Kind    tracefmt.Kind
	Status  int
	Code    string
	Table   string
	Message string // the first one's
	Line    int    // the first one's
	Count   int
}

type rejectKey struct {
	kind   tracefmt.Kind
	status int
	code   string
	rule   string
	table  string
}

func newObserver() *observer {
	return &observer{rejected: map[rejectKey]*Rejection{}, keys: map[string]*tableKeys{}}
}

// rejected reports whether out is a rejection: an error status, except
// a get's 404, which is a lookup's answer.
func rejected(op *tracefmt.Op, out *Outcome) bool {
	if out.Status < 400 || out.Status == http.StatusServiceUnavailable {
		return false
	}
	return !(op.Kind == tracefmt.Get && out.Status == http.StatusNotFound && out.Code != store.CodeTableNotFound)
}

func (o *observer) add(op *tracefmt.Op, out *Outcome) {
	if op.Kind == tracefmt.Batch && op.HasT {
		o.batches.add(op)
	}
	if rejected(op, out) {
		rule := rejectionRule(out)
		k := rejectKey{op.Kind, out.Status, out.Code, rule, strings.ToLower(op.Table)}
		r := o.rejected[k]
		if r == nil {
			r = &Rejection{Rule: rule, Kind: op.Kind, Status: out.Status, Code: out.Code, Table: op.Table, Message: out.Message, Line: op.Line}
			o.rejected[k] = r
			o.order = append(o.order, r)
		}
		r.Count++
		return
	}
	if out.Status >= 300 || (op.Kind != tracefmt.Insert && op.Kind != tracefmt.Upsert && op.Kind != tracefmt.Update) {
		return
	}
	t := o.lastKeys
	if t == nil || op.Table != o.lastTable {
		lower := strings.ToLower(op.Table)
		if t = o.keys[lower]; t == nil {
			if len(o.keys) >= maxObservedTables {
				return
			}
			t = &tableKeys{table: op.Table}
			o.keys[lower] = t
		}
		// Most writes name the table the one before did.
		o.lastTable, o.lastKeys = op.Table, t
	}
	t.add(op, out)
}

// maxObservedTables bounds the tables whose keys are observed.
const maxObservedTables = 1000

// rejectionRule returns the rule a rejection is evidence of: the limit
// the entity, key or request broke, else TL517.
func rejectionRule(out *Outcome) string {
	msg := out.Message
	switch out.Code {
	case store.CodeEntityTooLarge:
		return "TL121"
	case store.CodeTooManyProperties:
		return "TL120"
	case store.CodePropertyValueTooLarge:
		if strings.Contains(msg, "UTF-16") {
			return "TL122"
		}
		return "TL123"
	case store.CodeDifferentPartitions:
		return "TL403"
	case store.CodeRequestBodyTooLarge:
		return "TL401"
	case store.CodeTableBeingDeleted:
		return "TL104"
	case store.CodeInvalidInput:
		isKey := strings.HasPrefix(msg, "PartitionKey ") || strings.HasPrefix(msg, "RowKey ")
		switch {
		case isKey && strings.Contains(msg, "which keys may not contain"):
			return "TL201"
		case isKey && strings.Contains(msg, "bytes in UTF-16; the limit is"):
			return "TL202"
		case strings.HasPrefix(msg, exec.TopMessagePrefix):
			return "TL309"
		case strings.Contains(msg, "maximum 100 changes per change set"):
			return "TL401"
		case strings.Contains(msg, "the Table service does not support"):
			return "TL306"
		}
	}
	return "TL517"
}

// Rejections returns the groups of rejected operations, in order of
// their first line.
func (r *Report) Rejections() []Rejection { return r.rejections }

// rejectionFindings returns one finding per group of rejected operations,
// at the first one's line. A rejection that is an answer about data (404
// not found, 409 conflict, 412 ETag mismatch) is information; a request
// the service refuses as invalid is a warning, or the severity of the
// limit's rule.
func (r *Report) rejectionFindings(file string) []finding.Finding {
	var fs []finding.Finding
	for _, g := range r.rejections {
		what := g.Kind.String()
		if g.Count != 1 {
			what = numtext.Plural(int64(g.Count), g.Kind.String()+" operation")
		} else {
			what = "1 " + what + " operation"
		}
		code := g.Code
		if code == "" {
			code = http.StatusText(g.Status)
		}
		msg := fmt.Sprintf("%s rejected with %d %s", what, g.Status, code)
		detail := "table " + g.Table
		if g.Count > 1 {
			detail += fmt.Sprintf("; first at line %d", g.Line)
		}
		if g.Message != "" {
			detail += ": " + g.Message
		}
		f := finding.New(g.Rule, msg)
		f.Hint = finding.HintWith(g.Rule, detail)
		if g.Rule == "TL517" {
			switch g.Status {
			case http.StatusNotFound, http.StatusConflict, http.StatusPreconditionFailed:
				f.Severity = rules.Info
			}
		}
		f.File, f.Line, f.Col = file, max(g.Line, 1), 1
		fs = append(fs, f)
	}
	return fs
}

// tableKeys observes the keys one table's writes used.
type tableKeys struct {
	table string
	// slots holds, by key column (0 PartitionKey, 1 RowKey) and key
	// skeleton (the key with each run of digits replaced by '#'), what
	// each run of digits looked like.
	slots [2]map[string]*skeleton
	// The sequence of inserts' PartitionKeys, for TL209.
	inserts    int
	lastPK     string
	havePK     bool
	changes    int
	dir        int // +1 increasing, -1 decreasing, 0 none yet
	monotonic  bool
	firstLine  int
	changeLine int
	firstPK    string
	// pkShape is the first inserted PartitionKey with each run of digits
	// written '#'; shapes is false once another shape is inserted.
	pkShape string
	shapes  bool
}

// maxSkeletons bounds the key shapes observed per table and column.
const maxSkeletons = 64

// maxSlotDigits is the longest run of digits observed (longer runs are
// not numbers a writer pads).
const maxSlotDigits = 20

// skeleton is one key shape: its runs of digits, by position.
type skeleton struct {
	runs []digitRun
}

// digitRun is what one run of digits of a key shape held, by width: the
// smallest and the largest first digit seen at each width, with a key
// and its line for each.
type digitRun struct {
	seen           [maxSlotDigits + 1]bool
	lo, hi         [maxSlotDigits + 1]byte
	loKey, hiKey   [maxSlotDigits + 1]string
	loLine, hiLine [maxSlotDigits + 1]int
}

func (t *tableKeys) add(op *tracefmt.Op, out *Outcome) {
	for col := range 2 {
		t.observeKey(col, out.Key[col], op.Line)
	}
	if op.Kind != tracefmt.Insert {
		return
	}
	pk := out.Key[0]
	t.inserts++
	switch {
	case !t.havePK:
		t.havePK, t.lastPK, t.firstPK, t.firstLine, t.monotonic = true, pk, pk, op.Line, true
		t.pkShape, t.shapes = digitShape(pk), true
	case pk != t.lastPK:
		if t.shapes && !hasDigitShape(pk, t.pkShape) {
			t.shapes = false
		}
		d := 1
		if pk < t.lastPK {
			d = -1
		}
		if t.dir == 0 {
			t.dir, t.changeLine = d, op.Line
		} else if d != t.dir {
			t.monotonic = false
		}
		t.changes++
		t.lastPK = pk
	}
}

// observeKey records key k's runs of digits under its skeleton.
func (t *tableKeys) observeKey(col int, k string, line int) {
	if k == "" || len(k) > 1024 {
		return
	}
	// Every write observes its keys: the skeleton and the runs are built
	// in buffers on the stack, and looking the skeleton up allocates
	// nothing (only a new skeleton's key is copied).
	var skBuf [128]byte
	var runBuf [16][2]int
	sk, runs := skBuf[:0], runBuf[:0]
	for i := 0; i < len(k); {
		if k[i] < '0' || k[i] > '9' {
			sk = append(sk, k[i])
			i++
			continue
		}
		j := i
		for j < len(k) && k[j] >= '0' && k[j] <= '9' {
			j++
		}
		sk = append(sk, '#')
		runs = append(runs, [2]int{i, j})
		i = j
	}
	if len(runs) == 0 {
		return
	}
	m := t.slots[col]
	if m == nil {
		m = map[string]*skeleton{}
		t.slots[col] = m
	}
	s := m[string(sk)]
	if s == nil {
		if len(m) >= maxSkeletons {
			return
		}
		s = &skeleton{runs: make([]digitRun, len(runs))}
		m[string(sk)] = s
	}
	for n, r := range runs {
		w := r[1] - r[0]
		if w > maxSlotDigits {
			continue
		}
		d := &s.runs[n]
		first := k[r[0]]
		if !d.seen[w] {
			d.seen[w] = true
			d.lo[w], d.hi[w], d.loKey[w], d.hiKey[w], d.loLine[w], d.hiLine[w] = first, first, k, k, line, line
			continue
		}
		if first < d.lo[w] {
			d.lo[w], d.loKey[w], d.loLine[w] = first, k, line
		}
		if first > d.hi[w] {
			d.hi[w], d.hiKey[w], d.hiLine[w] = first, k, line
		}
	}
}

// KeyOrder is a pair of keys of one shape whose string order is not the
// order of their numbers: a number written without padding.
type KeyOrder struct {
	Rule   string // TL204, or TL205 for reverse ticks
	Table  string
	Column string // PartitionKey or RowKey
	// Shorter sorts after Longer although its number is smaller.
	Shorter, Longer string
	Line            int // the later of the two keys' lines
}

// keyOrders returns the unpadded numbers the keys show: for each key
// shape and run of digits, a shorter number whose first digit is above a
// longer number's sorts after it, though it is smaller. A run that
// reaches 18 digits is reverse ticks (TL205).
func (t *tableKeys) keyOrders() []KeyOrder {
	var out []KeyOrder
	for col, m := range t.slots {
		for _, s := range sortedSkeletons(m) {
			for n := range s.runs {
				d := &s.runs[n]
				if o, ok := d.misorder(); ok {
					o.Table, o.Column = t.table, [2]string{"PartitionKey", "RowKey"}[col]
					out = append(out, o)
					break // one finding per key shape
				}
			}
		}
	}
	return out
}

func (d *digitRun) misorder() (KeyOrder, bool) {
	for a := 1; a <= maxSlotDigits; a++ {
		if !d.seen[a] {
			continue
		}
		for b := a + 1; b <= maxSlotDigits; b++ {
			if !d.seen[b] || d.hi[a] <= d.lo[b] {
				continue
			}
			o := KeyOrder{Rule: "TL204", Shorter: d.hiKey[a], Longer: d.loKey[b], Line: max(d.hiLine[a], d.loLine[b])}
			if b >= 18 {
				o.Rule = "TL205"
			}
			return o, true
		}
	}
	return KeyOrder{}, false
}

func sortedSkeletons(m map[string]*skeleton) []*skeleton {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]*skeleton, len(names))
	for i, n := range names {
		out[i] = m[n]
	}
	return out
}

// minTimeKeyInserts is the inserts a table needs before the order of
// their PartitionKeys says anything (TL209).
const minTimeKeyInserts = 100

// appendHotspot reports whether the inserts went to one partition at a
// time, each new PartitionKey sorting after (or each before) all the
// previous ones: the prepend/append pattern of a time-based key.
//
// Only PartitionKeys of one shape whose digits change count — times,
// sequence numbers ({seq}, even one entity a partition) — not a bulk
// load that fills one named partition after another (sorted by
// department: "Accounting", "Engineering", …), which ends.
func (t *tableKeys) appendHotspot() bool {
	return t.inserts >= minTimeKeyInserts && t.changes >= 1 && t.monotonic && t.shapes && strings.Contains(t.pkShape, "#")
}

// digitShape returns k with each run of ASCII digits written '#'.
func digitShape(k string) string {
	var b strings.Builder
	for i := 0; i < len(k); i++ {
		if k[i] >= '0' && k[i] <= '9' {
			if i == 0 || k[i-1] < '0' || k[i-1] > '9' {
				b.WriteByte('#')
			}
			continue
		}
		b.WriteByte(k[i])
	}
	return b.String()
}

// hasDigitShape reports whether digitShape(k) == shape, without
// building the shape of k: the replay asks it of every insert.
func hasDigitShape(k, shape string) bool {
	j := 0
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c >= '0' && c <= '9' {
			if i > 0 && k[i-1] >= '0' && k[i-1] <= '9' {
				continue
			}
			c = '#'
		}
		if j == len(shape) || shape[j] != c {
			return false
		}
		j++
	}
	return j == len(shape)
}

// keyFindings returns TL204/TL205 and TL209 for the keys observed.
func (o *observer) keyFindings(file string) []finding.Finding {
	var fs []finding.Finding
	names := make([]string, 0, len(o.keys))
	for n := range o.keys {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		t := o.keys[n]
		var orders []KeyOrder
		if !o.noShapes {
			orders = t.keyOrders()
		}
		for _, ko := range orders {
			what := "a number"
			if ko.Rule == "TL205" {
				what = "reverse ticks"
			}
			f := finding.New(ko.Rule, fmt.Sprintf("%s values of table %s hold %s without leading zeros", ko.Column, finding.Clip(t.table), what))
			f.Hint = finding.HintWith(ko.Rule, fmt.Sprintf("%s sorts after %s, though its number is smaller",
				strconv.Quote(finding.Clip(ko.Shorter)), strconv.Quote(finding.Clip(ko.Longer))))
			f.File, f.Line, f.Col = file, max(ko.Line, 1), 1
			fs = append(fs, f)
		}
		if t.appendHotspot() {
			order := "increasing"
			if t.dir < 0 {
				order = "decreasing"
			}
			f := finding.New("TL209", fmt.Sprintf("inserts into table %s go to one partition at a time, in %s key order", finding.Clip(t.table), order))
			f.Hint = finding.HintWith("TL209", fmt.Sprintf("%s, then %d more partitions over %s: every insert lands in the newest partition (prepend/append)",
				strconv.Quote(finding.Clip(t.firstPK)), t.changes, numtext.Plural(int64(t.inserts), "insert")))
			f.File, f.Line, f.Col = file, max(t.changeLine, 1), 1
			fs = append(fs, f)
		}
	}
	return fs
}

// Overlapping batches (TL405): two batches less than overlapWindow
// apart in a timed trace that act on a common entity. The service runs
// a batch as one transaction on its entities; a second one on the same
// entities waits for it or fails.
const (
	overlapWindow = 1.0 // seconds
	// maxBatchKeys bounds the entities remembered; beyond it the older
	// ones are forgotten.
	maxBatchKeys = 1 << 18
)

type batchOverlaps struct {
	last   map[batchKey]batchSeen
	groups map[string]*BatchOverlap // by table, lower case
	order  []*BatchOverlap
	n      int32 // batches seen
}

type batchKey struct{ table, pk, rk string }

type batchSeen struct {
	t     float64
	line  int32
	batch int32
}

// BatchOverlap is the overlapping batches of one table: how many batches
// acted on an entity a batch less than a second before had acted on, the
// first such pair's lines and the entity.
type BatchOverlap struct {
	Table           string
	Count           int
	Line, FirstLine int
	PK, RK          string
}

func (b *batchOverlaps) add(op *tracefmt.Op) {
	if b.last == nil {
		b.last, b.groups = map[batchKey]batchSeen{}, map[string]*BatchOverlap{}
	}
	b.n++
	if len(b.last) > maxBatchKeys {
		for k, v := range b.last {
			if op.T-v.t >= overlapWindow {
				delete(b.last, k)
			}
		}
	}
	table := strings.ToLower(op.Table)
	overlapped := false
	for i := range op.Actions {
		a := &op.Actions[i]
		pk, rk := a.PK, a.RK
		if a.Entity != nil {
			e, err := decodeEntityBuf(nil, nil, a.Entity)
			if err != nil {
				continue
			}
			pk, rk = e.PartitionKey, e.RowKey
		}
		k := batchKey{table, pk, rk}
		if prev, ok := b.last[k]; ok && prev.batch != b.n && math.Abs(op.T-prev.t) < overlapWindow && !overlapped {
			overlapped = true
			g := b.groups[table]
			if g == nil {
				g = &BatchOverlap{Table: op.Table, Line: op.Line, FirstLine: int(prev.line), PK: pk, RK: rk}
				b.groups[table] = g
				b.order = append(b.order, g)
			}
			g.Count++
		}
		b.last[k] = batchSeen{t: op.T, line: int32(op.Line), batch: b.n}
	}
}

// overlapFindings returns TL405 for each table with overlapping batches.
func (o *observer) overlapFindings(file string) []finding.Finding {
	var fs []finding.Finding
	for _, g := range o.batches.order {
		msg := fmt.Sprintf("batch on table %s overlaps the batch at line %d on a common entity", finding.Clip(g.Table), g.FirstLine)
		detail := fmt.Sprintf("entity (%s, %s), less than a second apart: concurrent transactions on the same entities wait for each other or fail",
			strconv.Quote(finding.Clip(g.PK)), strconv.Quote(finding.Clip(g.RK)))
		if g.Count > 1 {
			detail += fmt.Sprintf("; %d overlapping batches on the table", g.Count)
		}
		f := finding.New("TL405", msg)
		f.Hint = finding.HintWith("TL405", detail)
		f.File, f.Line, f.Col = file, max(g.Line, 1), 1
		fs = append(fs, f)
	}
	return fs
}
