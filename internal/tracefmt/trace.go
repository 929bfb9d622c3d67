package tracefmt

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strings"

	"github.com/tablelint/tablelint/edm"
)

// Kind is the kind of a trace operation.
type Kind uint8

// The operations of a trace (docs/replay.md, "Workloads").
const (
	CreateTable Kind = iota + 1
	Insert
	Upsert
	Update
	Delete
	Get
	Query
	Batch
	DeleteTable
)

var kindNames = [...]string{CreateTable: "createTable", Insert: "insert", Upsert: "upsert",
	Update: "update", Delete: "delete", Get: "get", Query: "query", Batch: "batch", DeleteTable: "deleteTable"}

// String returns the operation's name as a trace writes it ("createTable").
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

func parseKind(s string) (Kind, bool) {
	for i, n := range kindNames {
		if n != "" && n == s {
			return Kind(i), true
		}
	}
	return 0, false
}

// Mode is how an upsert or update treats the stored entity.
type Mode uint8

// The modes; an upsert or update without "mode" merges, as the aztables
// SDK does by default.
const (
	// Merge keeps stored properties the request does not name.
	Merge Mode = iota + 1
	// Replace replaces the stored entity's properties with the request's.
	Replace
)

// String returns "merge" or "replace", as a trace writes the mode.
func (m Mode) String() string {
	if m == Replace {
		return "replace"
	}
	return "merge"
}

// Op is one operation of a trace.
type Op struct {
	// Line is the 1-based line of the trace the operation is on (for
	// generated workloads, the line of the design element it stands
	// for, 0 if none).
	Line int
	Kind Kind
	// Table is the table name.
	Table string
	// Entity is the entity of insert, upsert and update, in the Table
	// service's JSON wire format, as it appears in the trace.
	Entity []byte
	// Props, when set instead of Entity, is the entity already decoded
	// (a generated workload's preload skips the JSON).
	Props []edm.Property
	// Mode is the update mode of upsert and update.
	Mode Mode
	// IfMatch is the ETag condition of update and delete ("*" or an
	// ETag); empty means unconditional.
	IfMatch string
	// PK and RK name the entity of get and delete.
	PK, RK string
	// Filter, Top and Select are the query options.
	Filter string
	Top    int
	Select []string
	// Pages bounds the requests of a query: 0 follows every
	// continuation ("pages": "all", the default), N stops after N pages
	// (a caller taking the first N entities asks for one page).
	Pages int
	// Name optionally names a query; the report groups queries by name,
	// or by filter shape when they have none.
	Name string
	// Actions are the operations of a batch.
	Actions []Action
	// T is the time of the operation in seconds since the start of the
	// trace, when HasT.
	T    float64
	HasT bool
}

// Action is one operation of a batch: insert, upsert, update or delete.
type Action struct {
	Kind    Kind
	Entity  []byte
	Mode    Mode
	IfMatch string
	PK, RK  string
}

// Limits on trace input.
const (
	// MaxLineBytes is the longest trace line accepted. An entity is at
	// most 1 MiB and a batch at most 4 MiB on the service; a line holds
	// one operation, with room for JSON escaping.
	MaxLineBytes = 16 << 20
	// MaxActions is the most actions a batch line may list (the service
	// accepts 100; longer batches are read and answered with 400).
	MaxActions = 10_000
)

// Error is an invalid trace: one message at one place.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// utf8BOM is the UTF-8 encoding of U+FEFF, the byte order mark.
var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// Reader reads a trace one operation at a time.
type Reader struct {
	file string
	br   *bufio.Reader
	line int
	// MaxBytes bounds the whole trace; 0 means no limit.
	MaxBytes int64
	read     int64
	buf      []byte
	table    string // the table the last operation named
}

// NewReader returns a Reader of the trace r; file names it in errors.
func NewReader(r io.Reader, file string) *Reader {
	return &Reader{file: file, br: bufio.NewReaderSize(r, 1<<20)}
}

// BytesRead returns how many bytes of the trace have been read.
func (r *Reader) BytesRead() int64 { return r.read }

// Next reads the next operation into op. It returns io.EOF at the end
// of the trace and an *Error for a malformed line. Blank lines are
// skipped.
func (r *Reader) Next(op *Op) error {
	for {
		line, err := r.readLine()
		if err != nil {
			return err
		}
		// A UTF-8 byte order mark (editors on Windows write one) starts
		// the first line; columns still count it.
		bom := 0
		if r.line == 1 && bytes.HasPrefix(line, utf8BOM) {
			line, bom = line[len(utf8BOM):], len(utf8BOM)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		*op = Op{Line: r.line}
		if err := parseOp(line, op, r.table); err != nil {
			var le *lexError
			if errors.As(err, &le) {
				return &Error{File: r.file, Line: r.line, Col: bom + le.off + 1, Msg: le.msg}
			}
			return &Error{File: r.file, Line: r.line, Msg: err.Error()}
		}
		r.table = op.Table
		return nil
	}
}

func (r *Reader) readLine() ([]byte, error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.read += int64(len(chunk))
		if r.MaxBytes > 0 && r.read > r.MaxBytes {
			return nil, &Error{File: r.file, Line: r.line + 1, Msg: fmt.Sprintf("trace is larger than %d bytes", r.MaxBytes)}
		}
		if len(r.buf)+len(chunk) > MaxLineBytes {
			return nil, &Error{File: r.file, Line: r.line + 1, Msg: fmt.Sprintf("line is longer than %d bytes", MaxLineBytes)}
		}
		switch {
		case err == nil:
			r.line++
			if len(r.buf) == 0 {
				return chunk, nil // valid until the next read
			}
			r.buf = append(r.buf, chunk...)
			return r.buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
			r.buf = append(r.buf, chunk...)
		case errors.Is(err, io.EOF):
			r.buf = append(r.buf, chunk...)
			if len(r.buf) == 0 {
				return nil, io.EOF
			}
			r.line++
			return r.buf, nil
		default:
			return nil, fmt.Errorf("%s: %w", r.file, err)
		}
	}
}

// ParseOp parses one trace line (without its newline) into an Op.
// Errors carry the byte offset of the problem; see Reader for positions.
func ParseOp(line []byte) (Op, error) {
	var op Op
	err := parseOp(line, &op, "")
	return op, err
}

// seen tracks which fields a line had, to reject duplicates.
type fieldSet uint32

const (
	fOp fieldSet = 1 << iota
	fTable
	fEntity
	fMode
	fIfMatch
	fPK
	fRK
	fFilter
	fTop
	fSelect
	fName
	fActions
	fT
	fPages
)

var fieldNames = map[string]fieldSet{"op": fOp, "table": fTable, "entity": fEntity, "mode": fMode,
	"ifMatch": fIfMatch, "pk": fPK, "rk": fRK, "filter": fFilter, "top": fTop, "select": fSelect,
	"name": fName, "actions": fActions, "t": fT, "pages": fPages}

// allowed lists the fields each operation may have besides op and t.
var allowed = map[Kind]fieldSet{
	CreateTable: fTable,
	DeleteTable: fTable,
	Insert:      fTable | fEntity,
	Upsert:      fTable | fEntity | fMode,
	Update:      fTable | fEntity | fMode | fIfMatch,
	Delete:      fTable | fPK | fRK | fIfMatch,
	Get:         fTable | fPK | fRK | fSelect,
	Query:       fTable | fFilter | fTop | fSelect | fName | fPages,
	Batch:       fTable | fActions,
}

// required lists the fields each operation must have.
var required = map[Kind]fieldSet{
	CreateTable: fTable,
	DeleteTable: fTable,
	Insert:      fTable | fEntity,
	Upsert:      fTable | fEntity,
	Update:      fTable | fEntity,
	Delete:      fTable | fPK | fRK,
	Get:         fTable | fPK | fRK,
	Query:       fTable,
	Batch:       fTable | fActions,
}

// parseOp parses line into op; table is the table name of the line
// before, which op shares when it names the same table.
func parseOp(line []byte, op *Op, table string) error {
	l := &lexer{buf: line, table: table}
	var seen fieldSet
	var offs [16]int
	var kindOff int
	err := l.object(func(k string, off int) error {
		f, ok := fieldNames[k]
		if !ok {
			return l.errf(off, "unknown field %q", k)
		}
		if seen&f != 0 {
			return l.errf(off, "field %q appears twice", k)
		}
		seen |= f
		offs[bits.TrailingZeros32(uint32(f))] = off
		var err error
		switch f {
		case fOp:
			l.ws()
			kindOff = l.pos
			var s string
			if s, err = l.strView(); err == nil {
				var ok bool
				if op.Kind, ok = parseKind(s); !ok {
					return l.errf(kindOff, "unknown op %q (want createTable, insert, upsert, update, delete, get, query, batch or deleteTable)", s)
				}
			}
		case fTable:
			op.Table, err = l.tableName()
		case fEntity:
			op.Entity, err = l.entity()
		case fMode:
			op.Mode, err = l.mode()
		case fIfMatch:
			op.IfMatch, err = l.str()
		case fPK:
			op.PK, err = l.str()
		case fRK:
			op.RK, err = l.str()
		case fFilter:
			op.Filter, err = l.str()
		case fTop:
			var n int64
			// Out-of-range values are the service's 400, not a
			// malformed trace; keep them within int.
			n, err = l.integer(math.MinInt32, math.MaxInt32)
			op.Top = int(n)
		case fSelect:
			op.Select, err = l.strings()
		case fName:
			op.Name, err = l.str()
		case fPages:
			op.Pages, err = l.pages()
		case fActions:
			op.Actions, err = l.actions()
		case fT:
			l.ws()
			start := l.pos
			if op.T, err = l.float(); err == nil && (op.T < 0 || op.T > maxT) {
				return l.errf(start, "t must be from 0 to %g seconds", float64(maxT))
			}
			op.HasT = true
		}
		return err
	})
	if err != nil {
		return err
	}
	if !l.atEnd() {
		return l.errf(l.pos, "unexpected data after the operation object")
	}
	if seen&fOp == 0 {
		return l.errf(0, `operation has no "op" field`)
	}
	if extra := seen &^ (fOp | fT | allowed[op.Kind]); extra != 0 {
		f := lowest(extra)
		return l.errf(offs[bits.TrailingZeros32(uint32(f))], "%s does not take field %q", op.Kind, fieldName(f))
	}
	if missing := required[op.Kind] &^ seen; missing != 0 {
		return l.errf(kindOff, "%s needs field %q", op.Kind, fieldName(lowest(missing)))
	}
	if op.Kind == Upsert || op.Kind == Update {
		if op.Mode == 0 {
			op.Mode = Merge
		}
	}
	return nil
}

// maxT bounds "t": a trace of more than a year is not what replay is for,
// and the bound keeps window arithmetic in range.
const maxT = 366 * 24 * 3600

func fieldName(f fieldSet) string {
	for n, g := range fieldNames {
		if g == f {
			return n
		}
	}
	return "?"
}

func lowest(s fieldSet) fieldSet { return s & -s }

// tableName reads a table name: the string of the line before when it
// names the same table (a trace names one or a few tables, line after
// line), else a copy.
func (l *lexer) tableName() (string, error) {
	s, err := l.strView()
	if err != nil || s == l.table {
		return l.table, err
	}
	return strings.Clone(s), nil
}

func (l *lexer) entity() ([]byte, error) {
	if l.peek() != '{' {
		return nil, l.unexpected("an entity object")
	}
	return l.skip(1)
}

// pages reads "pages": "all" (0) or a whole number of pages from 1.
func (l *lexer) pages() (int, error) {
	l.ws()
	off := l.pos
	if l.peek() == '"' {
		s, err := l.strView()
		if err != nil {
			return 0, err
		}
		if s != "all" {
			return 0, l.errf(off, `pages must be "all" or a number of pages from 1, not %q`, s)
		}
		return 0, nil
	}
	n, err := l.integer(1, math.MaxInt32)
	if err != nil {
		return 0, l.errf(off, `pages must be "all" or a number of pages from 1`)
	}
	return int(n), nil
}

func (l *lexer) mode() (Mode, error) {
	l.ws()
	off := l.pos
	s, err := l.strView()
	if err != nil {
		return 0, err
	}
	switch s {
	case "merge":
		return Merge, nil
	case "replace":
		return Replace, nil
	}
	return 0, l.errf(off, "unknown mode %q (want merge or replace)", s)
}

func (l *lexer) strings() ([]string, error) {
	out := []string{}
	err := l.array(func(int) error {
		s, err := l.str()
		out = append(out, s)
		return err
	})
	return out, err
}

func (l *lexer) actions() ([]Action, error) {
	var out []Action
	err := l.array(func(i int) error {
		if i >= MaxActions {
			return l.errf(l.pos, "batch has more than %d actions", MaxActions)
		}
		l.ws()
		start := l.pos
		var a Action
		var seen fieldSet
		kindOff := start
		err := l.object(func(k string, off int) error {
			f, ok := fieldNames[k]
			if !ok || f&(fOp|fEntity|fMode|fIfMatch|fPK|fRK) == 0 {
				return l.errf(off, "unknown batch action field %q", k)
			}
			if seen&f != 0 {
				return l.errf(off, "field %q appears twice", k)
			}
			seen |= f
			var err error
			switch f {
			case fOp:
				l.ws()
				kindOff = l.pos
				var s string
				if s, err = l.strView(); err == nil {
					a.Kind, _ = parseKind(s)
					if a.Kind != Insert && a.Kind != Upsert && a.Kind != Update && a.Kind != Delete {
						return l.errf(kindOff, "unknown batch action %q (want insert, upsert, update or delete)", s)
					}
				}
			case fEntity:
				a.Entity, err = l.entity()
			case fMode:
				a.Mode, err = l.mode()
			case fIfMatch:
				a.IfMatch, err = l.str()
			case fPK:
				a.PK, err = l.str()
			case fRK:
				a.RK, err = l.str()
			}
			return err
		})
		if err != nil {
			return err
		}
		if seen&fOp == 0 {
			return l.errf(start, `batch action has no "op" field`)
		}
		switch a.Kind {
		case Delete:
			if seen&fEntity == 0 && seen&(fPK|fRK) != fPK|fRK {
				return l.errf(kindOff, `batch delete needs "pk" and "rk" (or "entity")`)
			}
		default:
			if seen&fEntity == 0 {
				return l.errf(kindOff, "batch %s needs field \"entity\"", a.Kind)
			}
			if seen&(fPK|fRK) != 0 {
				return l.errf(kindOff, "batch %s takes its keys from \"entity\", not \"pk\"/\"rk\"", a.Kind)
			}
		}
		if a.Kind == Insert && seen&fMode != 0 {
			return l.errf(kindOff, "batch insert does not take field \"mode\"")
		}
		if (a.Kind == Upsert || a.Kind == Update) && a.Mode == 0 {
			a.Mode = Merge
		}
		out = append(out, a)
		return nil
	})
	return out, err
}
