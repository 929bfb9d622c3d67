package tracefmt

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"unsafe"
)

func TestParseOpValid(t *testing.T) {
	op, err := ParseOp([]byte(`{"op":"update","table":"T1","mode":"replace","ifMatch":"*","entity":{"PartitionKey":"p","RowKey":"r","A\u00e9":"x\"y"},"t":1.5}`))
	if err != nil {
		t.Fatal(err)
	}
	if op.Kind != Update || op.Table != "T1" || op.Mode != Replace || op.IfMatch != "*" || !op.HasT || op.T != 1.5 {
		t.Errorf("got %+v", op)
	}
	if got := string(op.Entity); got != `{"PartitionKey":"p","RowKey":"r","A\u00e9":"x\"y"}` {
		t.Errorf("entity = %s", got)
	}
	op, err = ParseOp([]byte(`{"op":"upsert","table":"T1","entity":{"PartitionKey":"p","RowKey":"r"}}`))
	if err != nil || op.Mode != Merge || op.HasT {
		t.Errorf("upsert default: %+v %v", op, err)
	}
	op, err = ParseOp([]byte(`{"op":"query","table":"T1","filter":"a eq '\ud83d\ude00'","top":5,"select":["A","B"],"name":"q"}`))
	if err != nil || op.Filter != "a eq '😀'" || op.Top != 5 || len(op.Select) != 2 || op.Name != "q" {
		t.Errorf("query: %+v %v", op, err)
	}
	op, err = ParseOp([]byte(`{"op":"batch","table":"T1","actions":[{"op":"delete","pk":"p","rk":"r","ifMatch":"*"},{"op":"upsert","mode":"replace","entity":{"PartitionKey":"p","RowKey":"s"}}]}`))
	if err != nil || len(op.Actions) != 2 || op.Actions[0].Kind != Delete || op.Actions[0].PK != "p" || op.Actions[1].Mode != Replace {
		t.Errorf("batch: %+v %v", op, err)
	}
}

func TestParseOpErrors(t *testing.T) {
	for _, tc := range []struct {
		line string
		col  int
		msg  string
	}{
		{`{"op":"insert","table":"T"`, 27, "unexpected end of line"},
		{`{"op":"frobnicate","table":"T"}`, 7, `unknown op "frobnicate"`},
		{`{"table":"T"}`, 1, `no "op" field`},
		{`{"op":"insert","table":"T"}`, 7, `insert needs field "entity"`},
		{`{"op":"get","table":"T","pk":"p"}`, 7, `get needs field "rk"`},
		{`{"op":"get","table":"T","pk":"p","rk":"r","entity":{}}`, 43, `get does not take field "entity"`},
		{`{"op":"insert","table":"T","entity":[1]}`, 37, "want an entity object"},
		{`{"op":"insert","table":"T","entity":{"a":1,}}`, 44, "want a string"},
		{`{"op":"query","table":"T","top":1.5}`, 33, "want an integer"},
		{`{"op":"query","table":"T","t":-1}`, 31, "t must be from 0"},
		{`{"op":"query","table":"T","fliter":"x"}`, 27, `unknown field "fliter"`},
		{`{"op":"query","table":"T","pages":"some"}`, 35, `pages must be "all" or a number of pages from 1, not "some"`},
		{`{"op":"query","table":"T","pages":0}`, 35, `pages must be "all" or a number of pages from 1`},
		{`{"op":"get","table":"T","pk":"p","rk":"r","pages":1}`, 43, `get does not take field "pages"`},
		{`{"op":"query","table":"T","table":"U"}`, 27, `field "table" appears twice`},
		{`{"op":"upsert","table":"T","mode":"patch","entity":{}}`, 35, `unknown mode "patch"`},
		{`{"op":"query","table":"T"} x`, 28, "unexpected data after"},
		{`{"op":"query","table":"T","filter":"a` + "\x01" + `"}`, 38, "control character"},
		{`{"op":"query","table":"T","filter":"\q"}`, 37, `invalid escape \q`},
		{`{"op":"batch","table":"T","actions":[{"op":"get","pk":"p","rk":"r"}]}`, 44, `unknown batch action "get"`},
		{`{"op":"batch","table":"T","actions":[{"op":"insert","pk":"p","rk":"r"}]}`, 44, `batch insert needs field "entity"`},
		{`{"op":"batch","table":"T","actions":[{"op":"delete","pk":"p"}]}`, 44, `batch delete needs "pk" and "rk"`},
		{`[1]`, 1, "want a JSON object"},
		{"{\"op\":\"deleteTable\",\"table\":\"T\"}\x00", 33, "unexpected data after"},
		{`{"op":"insert","table":"T","entity":` + strings.Repeat(`{"a":`, 70) + `1` + strings.Repeat(`}`, 70) + `}`, 0, "nested more than"},
	} {
		_, err := ParseOp([]byte(tc.line))
		var le *lexError
		if !errors.As(err, &le) {
			t.Errorf("%s: err = %v, want a lexError", tc.line, err)
			continue
		}
		if !strings.Contains(le.msg, tc.msg) || (tc.col > 0 && le.off+1 != tc.col) {
			t.Errorf("%s:\n got col %d %q\nwant col %d %q", tc.line, le.off+1, le.msg, tc.col, tc.msg)
		}
	}
}

func TestReaderPositions(t *testing.T) {
	src := "{\"op\":\"createTable\",\"table\":\"T1\"}\n\n  \n{\"op\":\"get\",\"table\":\"T1\",\"pk\":\"a\",\"rk\":\"b\"}\r\n{\"op\":\"get\",\"table\":\"T1\",\"pk\":1}\n"
	r := NewReader(strings.NewReader(src), "x.jsonl")
	var op Op
	if err := r.Next(&op); err != nil || op.Line != 1 {
		t.Fatalf("op 1: %v %+v", err, op)
	}
	if err := r.Next(&op); err != nil || op.Line != 4 || op.RK != "b" {
		t.Fatalf("op 2: %v %+v", err, op)
	}
	err := r.Next(&op)
	if err == nil || err.Error() != "x.jsonl:5:31: unexpected '1', want a string" {
		t.Fatalf("op 3: %v", err)
	}
}

func TestReaderLimits(t *testing.T) {
	r := NewReader(strings.NewReader(strings.Repeat(`{"op":"deleteTable","table":"T1"}`+"\n", 10)), "x")
	r.MaxBytes = 100
	var op Op
	var err error
	n := 0
	for err = r.Next(&op); err == nil; err = r.Next(&op) {
		n++
	}
	if n != 2 || err == nil || !strings.Contains(err.Error(), "x:3: trace is larger than 100 bytes") {
		t.Errorf("n=%d err=%v", n, err)
	}
	// The last line may lack its newline.
	r = NewReader(strings.NewReader(`{"op":"deleteTable","table":"T1"}`), "x")
	if err := r.Next(&op); err != nil {
		t.Fatal(err)
	}
	if err := r.Next(&op); err != io.EOF {
		t.Fatalf("err = %v, want EOF", err)
	}
}

func TestReaderLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a 16 MiB line")
	}
	line := `{"op":"query","table":"T1","filter":"` + strings.Repeat("a", MaxLineBytes) + `"}` + "\n"
	r := NewReader(strings.NewReader(line), "x")
	var op Op
	err := r.Next(&op)
	if err == nil || !strings.Contains(err.Error(), "x:1: line is longer than") {
		t.Fatalf("err = %v", err)
	}
}

func FuzzParseOp(f *testing.F) {
	for _, s := range []string{
		`{"op":"insert","table":"T","entity":{"PartitionKey":"p","RowKey":"r","B":"9","B@odata.type":"Edm.Int64"},"t":0.5}`,
		`{"op":"query","table":"T","filter":"PartitionKey eq 'a''b'","top":10,"select":["A"]}`,
		`{"op":"batch","table":"T","actions":[{"op":"delete","pk":"p","rk":"r"},{"op":"update","mode":"merge","ifMatch":"*","entity":{"PartitionKey":"p","RowKey":"s"}}]}`,
		`{"op":"get","table":"T","pk":"\u00e9\ud83d\ude00","rk":"\\"}`,
		`{"op":"deleteTable","table":"T"}`,
		`{"a":[1,2,{"b":null,"c":true}],"op":"x"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		op, err := ParseOp(line)
		if err != nil {
			var le *lexError
			if !errors.As(err, &le) || le.off < 0 || le.off > len(line) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		// Whatever the lexer accepts is JSON that encoding/json accepts too.
		if !json.Valid(line) {
			t.Fatalf("accepted invalid JSON %q", line)
		}
		if op.Kind < CreateTable || op.Kind > DeleteTable {
			t.Fatalf("kind %v", op.Kind)
		}
		if op.Entity != nil && !json.Valid(op.Entity) {
			t.Fatalf("entity %q is not JSON", op.Entity)
		}
		// Strings decode as encoding/json decodes them.
		var ref struct {
			Table  string `json:"table"`
			Filter string `json:"filter"`
		}
		if err := json.Unmarshal(line, &ref); err == nil && (ref.Table != op.Table || ref.Filter != op.Filter) {
			t.Fatalf("table %q filter %q, encoding/json says %q %q", op.Table, op.Filter, ref.Table, ref.Filter)
		}
	})
}

// TestReaderBOM: a UTF-8 byte order mark before the first line is
// accepted; an error on that line counts it in its column; a BOM
// elsewhere is still an error.
func TestReaderBOM(t *testing.T) {
	r := NewReader(strings.NewReader("\xef\xbb\xbf{\"op\":\"createTable\",\"table\":\"T1\"}\n{\"op\":\"createTable\",\"table\":\"T2\"}\n"), "t.jsonl")
	var op Op
	if err := r.Next(&op); err != nil || op.Table != "T1" || op.Line != 1 {
		t.Fatalf("first op %+v, %v", op, err)
	}
	if err := r.Next(&op); err != nil || op.Table != "T2" {
		t.Fatalf("second op %+v, %v", op, err)
	}
	r = NewReader(strings.NewReader("\xef\xbb\xbf{\"op\":\"nope\"}\n"), "t.jsonl")
	var e *Error
	if err := r.Next(&op); !errors.As(err, &e) || e.Col < 4 {
		t.Errorf("error after a BOM: %v (col %d)", err, e.Col)
	}
	r = NewReader(strings.NewReader("{\"op\":\"createTable\",\"table\":\"T1\"}\n\xef\xbb\xbf{\"op\":\"createTable\",\"table\":\"T2\"}\n"), "t.jsonl")
	r.Next(&op)
	if err := r.Next(&op); err == nil {
		t.Errorf("a BOM on line 2 accepted")
	}
}

// TestReaderAllocations holds the reader to what a replay of millions of
// lines needs: an insert line of the table the line before named is read
// without an allocation (the entity and the names it validates refer to
// the line's bytes, the table name is the previous line's string).
func TestReaderAllocations(t *testing.T) {
	const line = `{"op":"insert","table":"Bench","entity":{"PartitionKey":"p1","RowKey":"00000001","Amount":12,"Big":"-42","Big@odata.type":"Edm.Int64","Name":"name é 1","Ok":true,"N":null,"L":[1,"x",{"y":2.5e3}]}}` + "\n"
	r := NewReader(strings.NewReader(strings.Repeat(line, 200)), "t")
	var op Op
	if err := r.Next(&op); err != nil {
		t.Fatal(err)
	}
	first := op.Table
	allocs := testing.AllocsPerRun(100, func() {
		if err := r.Next(&op); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations a line, want 0", allocs)
	}
	if op.Kind != Insert || op.Table != "Bench" || unsafe.StringData(op.Table) != unsafe.StringData(first) {
		t.Errorf("op %v table %q: not the first line's string", op.Kind, op.Table)
	}
	// Another table's name is a copy, not a view of the line's bytes.
	r = NewReader(strings.NewReader(line+strings.Replace(line, "Bench", "Other", 1)), "t")
	var a, b Op
	if err := r.Next(&a); err != nil {
		t.Fatal(err)
	}
	if err := r.Next(&b); err != nil {
		t.Fatal(err)
	}
	if a.Table != "Bench" || b.Table != "Other" {
		t.Errorf("tables %q, %q", a.Table, b.Table)
	}
}
