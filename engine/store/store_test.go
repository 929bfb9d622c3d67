package store

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
)

func mustEntity(t testing.TB, pk, rk string, props ...edm.Property) *Entity {
	t.Helper()
	e, err := MakeEntity(pk, rk, props...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func prop(name string, v edm.Value) edm.Property { return edm.Property{Name: name, Value: v} }

func newTestTable(t testing.TB) (*Store, *Table) {
	t.Helper()
	clock := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	s := New(Options{Clock: func() time.Time { return clock }})
	tb, err := s.CreateTable("Items")
	if err != nil {
		t.Fatal(err)
	}
	return s, tb
}

func wantErr(t *testing.T, err error, status int, code string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Status != status || e.Code != code {
		t.Fatalf("err = %v, want %d %s", err, status, code)
	}
}

func keysOf(tb *Table) []string {
	var out []string
	tb.AscendAll(func(e *Entity) bool {
		out = append(out, e.PartitionKey+"|"+e.RowKey)
		return true
	})
	return out
}

func TestOrderIsUTF16(t *testing.T) {
	_, tb := newTestTable(t)
	for _, k := range []string{"\ue000", "😀", "b", "B", "", "a", "ab"} {
		if _, err := tb.Insert(mustEntity(t, "p", k)); err != nil {
			t.Fatal(err)
		}
	}
	tb.Insert(mustEntity(t, "", "z"))
	tb.Insert(mustEntity(t, "q", ""))
	got := strings.Join(keysOf(tb), ",")
	want := "|z,p|,p|B,p|a,p|ab,p|b,p|😀,p|\ue000,q|"
	if got != want {
		t.Errorf("order = %q, want %q", got, want)
	}
	if tb.Partitions() != 3 || tb.PartitionLen("p") != 7 || tb.Len() != 9 {
		t.Errorf("partitions %d, len(p) %d, len %d", tb.Partitions(), tb.PartitionLen("p"), tb.Len())
	}
}

func TestWrites(t *testing.T) {
	_, tb := newTestTable(t)
	e1, err := tb.Insert(mustEntity(t, "p", "1", prop("A", edm.Int32Value(1)), prop("B", edm.StringValue("x"))))
	if err != nil || StatusOf(OpInsert, err) != 201 {
		t.Fatalf("insert: %v", err)
	}
	if e1.ETag() == "" || !strings.HasPrefix(e1.ETag(), `W/"datetime'2024-01-01T00%3A00%3A00.`) {
		t.Errorf("ETag = %s", e1.ETag())
	}
	_, err = tb.Insert(mustEntity(t, "p", "1"))
	wantErr(t, err, 409, CodeEntityAlreadyExists)
	if got := tb.Lookup("p", "1"); !reflect.DeepEqual(got, e1) {
		t.Fatal("a failed insert changed the stored entity")
	}

	// Merge keeps A, overwrites B, adds C; the ETag and Timestamp advance.
	e2, err := tb.Update(mustEntity(t, "p", "1", prop("B", edm.StringValue("y")), prop("C", edm.BoolValue(true))), Merge, e1.ETag())
	if err != nil || StatusOf(OpUpdate, err) != 204 {
		t.Fatal(err)
	}
	if e2.ETag() == e1.ETag() || !e2.Timestamp().After(e1.Timestamp()) {
		t.Error("update did not advance the ETag and Timestamp")
	}
	if a, _ := e2.Get("A"); a.Int != 1 {
		t.Error("merge dropped A")
	}
	if b, _ := e2.Get("B"); b.Str != "y" {
		t.Error("merge did not overwrite B")
	}
	// Stale ETag: 412.
	_, err = tb.Update(mustEntity(t, "p", "1"), Replace, e1.ETag())
	wantErr(t, err, 412, CodeUpdateConditionNotSatisfied)
	// Replace drops what it does not name.
	e3, err := tb.Update(mustEntity(t, "p", "1", prop("D", edm.Int64Value(4))), Replace, "*")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e3.Get("A"); ok || e3.Len() != 1 {
		t.Errorf("replace kept old properties: %v", e3.Properties())
	}
	// Missing entity: 404, whatever the condition.
	_, err = tb.Update(mustEntity(t, "p", "2"), Merge, "*")
	wantErr(t, err, 404, CodeResourceNotFound)
	_, err = tb.Update(mustEntity(t, "p", "2"), Merge, e1.ETag())
	wantErr(t, err, 404, CodeResourceNotFound)

	// Upsert inserts, then merges or replaces.
	if _, err := tb.Upsert(mustEntity(t, "p", "2", prop("A", edm.Int32Value(1))), Merge); err != nil {
		t.Fatal(err)
	}
	u, _ := tb.Upsert(mustEntity(t, "p", "2", prop("B", edm.Int32Value(2))), Merge)
	if u.Len() != 2 {
		t.Errorf("upsert merge: %v", u.Properties())
	}
	u, _ = tb.Upsert(mustEntity(t, "p", "2", prop("C", edm.Int32Value(3))), Replace)
	if u.Len() != 1 {
		t.Errorf("upsert replace: %v", u.Properties())
	}

	// Delete: 412 on a stale ETag, 204, then 404.
	wantErr(t, tb.Delete("p", "1", e1.ETag()), 412, CodeUpdateConditionNotSatisfied)
	if err := tb.Delete("p", "1", e3.ETag()); err != nil || StatusOf(OpDelete, err) != 204 {
		t.Fatal(err)
	}
	wantErr(t, tb.Delete("p", "1", ""), 404, CodeResourceNotFound)
	_, err = tb.Get("p", "1")
	wantErr(t, err, 404, CodeResourceNotFound)
	if tb.Len() != 1 || tb.Partitions() != 1 {
		t.Errorf("len %d partitions %d", tb.Len(), tb.Partitions())
	}
	tb.Delete("p", "2", "*")
	if tb.Partitions() != 0 {
		t.Error("empty partition still counted")
	}
}

func TestTimestampsIncrease(t *testing.T) {
	_, tb := newTestTable(t) // the clock stands still
	var last int64
	for i := range 5 {
		e, err := tb.Upsert(mustEntity(t, "p", "r"), Replace)
		if err != nil {
			t.Fatal(err)
		}
		if e.Ticks() <= last {
			t.Fatalf("write %d: ticks %d not after %d", i, e.Ticks(), last)
		}
		last = e.Ticks()
	}
}

func TestValidation(t *testing.T) {
	long := func(s string, n int) string { return strings.Repeat(s, n) }
	manyProps := func(n int) []edm.Property {
		var ps []edm.Property
		for i := range n {
			ps = append(ps, prop(fmt.Sprintf("P%d", i), edm.Int32Value(int32(i))))
		}
		return ps
	}
	big := func(n int) []edm.Property {
		var ps []edm.Property
		for i := range n {
			ps = append(ps, prop(fmt.Sprintf("S%d", i), edm.StringValue(long("a", 30000))))
		}
		return ps
	}
	for _, c := range []struct {
		name   string
		pk, rk string
		props  []edm.Property
		code   string
	}{
		{"ok", "p", "r", nil, ""},
		{"empty keys", "", "", nil, ""},
		{"slash", "a/b", "r", nil, CodeInvalidInput},
		{"backslash", "p", `a\b`, nil, CodeInvalidInput},
		{"hash", "a#", "r", nil, CodeInvalidInput},
		{"question", "p", "?", nil, CodeInvalidInput},
		{"tab", "a\tb", "r", nil, CodeInvalidInput},
		{"DEL", "a\u007f", "r", nil, CodeInvalidInput},
		{"C1", "p", "a\u009f", nil, CodeInvalidInput},
		{"A0 allowed", "p", "a\u00a0", nil, ""},
		{"key 512 chars", long("a", 512), "r", nil, ""},
		{"key 513 chars", long("a", 513), "r", nil, CodeInvalidInput},
		{"key 512 é", "p", long("é", 512), nil, ""},
		{"key 257 emoji (514 units)", "p", long("😀", 257), nil, CodeInvalidInput},
		{"252 properties", "p", "r", manyProps(252), ""},
		{"253 properties", "p", "r", manyProps(253), CodeTooManyProperties},
		{"dash", "p", "r", []edm.Property{prop("a-b", edm.Int32Value(1))}, CodePropertyNameInvalid},
		{"space", "p", "r", []edm.Property{prop("a b", edm.Int32Value(1))}, CodePropertyNameInvalid},
		{"digit first", "p", "r", []edm.Property{prop("1a", edm.Int32Value(1))}, CodePropertyNameInvalid},
		{"unicode name", "p", "r", []edm.Property{prop("Größe_2", edm.Int32Value(1))}, ""},
		{"name 255", "p", "r", []edm.Property{prop(long("n", 255), edm.Int32Value(1))}, ""},
		{"name 256", "p", "r", []edm.Property{prop(long("n", 256), edm.Int32Value(1))}, CodePropertyNameTooLong},
		{"string 32768", "p", "r", []edm.Property{prop("S", edm.StringValue(long("a", 32768)))}, ""},
		{"string 32769", "p", "r", []edm.Property{prop("S", edm.StringValue(long("a", 32769)))}, CodePropertyValueTooLarge},
		{"binary 65536", "p", "r", []edm.Property{prop("B", edm.BinaryValue(make([]byte, 65536)))}, ""},
		{"binary 65537", "p", "r", []edm.Property{prop("B", edm.BinaryValue(make([]byte, 65537)))}, CodePropertyValueTooLarge},
		{"entity 17×60 KB", "p", "r", big(17), ""},
		{"entity 18×60 KB", "p", "r", big(18), CodeEntityTooLarge},
		{"datetime 1600", "p", "r", []edm.Property{prop("T", edm.DateTimeValue(time.Date(1600, 12, 31, 0, 0, 0, 0, time.UTC)))}, CodeOutOfRangeInput},
		{"int32 overflow", "p", "r", []edm.Property{prop("I", edm.Value{Type: edm.Int32, Int: 1 << 40})}, CodeOutOfRangeInput},
		{"no type", "p", "r", []edm.Property{prop("X", edm.Value{})}, CodeInvalidInput},
		{"duplicate", "p", "r", []edm.Property{prop("X", edm.Int32Value(1)), prop("X", edm.Int32Value(2))}, CodeInvalidInput},
		{"timestamp ignored", "p", "r", []edm.Property{prop("Timestamp", edm.StringValue("whatever"))}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, err := MakeEntity(c.pk, c.rk, c.props...)
			if c.code == "" {
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := e.Get("Timestamp"); ok {
					t.Error("client Timestamp kept")
				}
				return
			}
			wantErr(t, err, 400, c.code)
		})
	}
	_, err := NewEntity([]edm.Property{prop("PartitionKey", edm.Int32Value(1)), prop("RowKey", edm.StringValue("r"))})
	wantErr(t, err, 400, CodeInvalidInput)
	_, err = NewEntity([]edm.Property{prop("PartitionKey", edm.StringValue("p"))})
	wantErr(t, err, 400, CodeInvalidInput)
}

func TestDecodeJSONCodes(t *testing.T) {
	e, err := DecodeJSON([]byte(`{"PartitionKey":"p","RowKey":"r","A":1,"Big":"9","Big@odata.type":"Edm.Int64","Timestamp":"2000-01-01T00:00:00Z"}`))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := e.Get("Big"); v.Type != edm.Int64 || v.Int != 9 {
		t.Errorf("Big = %v", v)
	}
	_, err = DecodeJSON([]byte(`{"PartitionKey":"p","RowKey":"r","A":{}}`))
	wantErr(t, err, 400, CodeInvalidInput)
	_, err = DecodeJSON([]byte(`{"PartitionKey":"p","RowKey":"r","T":"0001-01-01T00:00:00Z","T@odata.type":"Edm.DateTime"}`))
	wantErr(t, err, 400, CodeOutOfRangeInput)
	_, err = DecodeJSON([]byte(`{"PartitionKey":"p","RowKey":"r","I":3000000000,"I@odata.type":"Edm.Int32"}`))
	wantErr(t, err, 400, CodeOutOfRangeInput)
}

func TestAppendJSON(t *testing.T) {
	_, tb := newTestTable(t)
	e, _ := tb.Insert(mustEntity(t, "p", "r", prop("Z", edm.Int64Value(5)), prop("A", edm.StringValue("x"))))
	got := string(e.AppendJSON(nil, nil))
	want := `{"PartitionKey":"p","RowKey":"r","Timestamp":"2024-01-01T00:00:00Z","Timestamp@odata.type":"Edm.DateTime","A":"x","Z":"5","Z@odata.type":"Edm.Int64","odata.etag":"W/\"datetime'2024-01-01T00%3A00%3A00.0000000Z'\""}`
	if got != want {
		t.Errorf("AppendJSON =\n%s\nwant\n%s", got, want)
	}
	got = string(e.AppendJSON(nil, []string{"Z", "Nope"}))
	want = `{"Z":"5","Z@odata.type":"Edm.Int64","odata.etag":"W/\"datetime'2024-01-01T00%3A00%3A00.0000000Z'\""}`
	if got != want {
		t.Errorf("AppendJSON(select) =\n%s\nwant\n%s", got, want)
	}
	back, err := DecodeJSON(e.AppendJSON(nil, nil))
	if err != nil || back.Len() != 2 {
		t.Errorf("round trip: %v %v", back, err)
	}
}

func TestEstimatedSize(t *testing.T) {
	e := mustEntity(t, "ab", "c", prop("Age", edm.Int32Value(1)), prop("Name", edm.StringValue("xyz")), prop("Pic", edm.BinaryValue([]byte{1, 2})))
	// 4 + 2·3 + (8+6+4) + (8+8+2·3+4) + (8+6+2+4)
	if got, want := e.EstimatedSize(), 4+6+18+26+20; got != want {
		t.Errorf("EstimatedSize = %d, want %d", got, want)
	}
}

func TestTables(t *testing.T) {
	s := New(Options{})
	if _, err := s.CreateTable("Orders"); err != nil || StatusOf(OpCreateTable, err) != 201 {
		t.Fatal(err)
	}
	_, err := s.CreateTable("orders")
	wantErr(t, err, 409, CodeTableAlreadyExists)
	for _, bad := range []string{"ab", "1abc", "a-bc", "tables", "Tables", strings.Repeat("a", 64)} {
		_, err := s.CreateTable(bad)
		wantErr(t, err, 400, CodeInvalidResourceName)
	}
	if tb, err := s.Table("ORDERS"); err != nil || tb.Name() != "Orders" {
		t.Errorf("Table(ORDERS) = %v, %v", tb, err)
	}
	wantErr(t, s.DeleteTable("nope"), 404, CodeTableNotFound)
	if err := s.DeleteTable("orders"); err != nil {
		t.Fatal(err)
	}
	_, err = s.Table("Orders")
	wantErr(t, err, 404, CodeTableNotFound)
}

func TestTransact(t *testing.T) {
	_, tb := newTestTable(t)
	old, _ := tb.Insert(mustEntity(t, "p", "old", prop("A", edm.Int32Value(1))))
	ins := func(pk, rk string) Action { return Action{Kind: ActInsert, Entity: mustEntity(t, pk, rk)} }

	out, err := tb.Transact([]Action{ins("p", "1"), ins("p", "2"),
		{Kind: ActUpdateMerge, Entity: mustEntity(t, "p", "old", prop("B", edm.Int32Value(2))), IfMatch: old.ETag()}})
	if err != nil || StatusOf(OpTransact, err) != 202 {
		t.Fatal(err)
	}
	if out[0].Ticks() != out[2].Ticks() || out[2].Len() != 2 {
		t.Errorf("batch results: %v", out)
	}
	before := strings.Join(keysOf(tb), ",")
	check := func(name string, acts []Action, status int, code string, index int) {
		t.Helper()
		_, err := tb.Transact(acts)
		var e *Error
		if !errors.As(err, &e) || e.Status != status || e.Code != code || e.Index != index {
			t.Errorf("%s: err = %v, want %d %s at %d", name, err, status, code, index)
		}
		if after := strings.Join(keysOf(tb), ","); after != before {
			t.Errorf("%s: a failed transaction changed the table: %s", name, after)
		}
	}
	check("conflict at 2", []Action{ins("p", "a"), ins("p", "b"), ins("p", "1")}, 409, CodeEntityAlreadyExists, 2)
	check("update missing", []Action{ins("p", "a"), {Kind: ActUpdateReplace, Entity: mustEntity(t, "p", "zz")}}, 404, CodeResourceNotFound, 1)
	check("delete missing", []Action{ins("p", "a"), {Kind: ActDelete, PartitionKey: "p", RowKey: "zz"}}, 404, CodeResourceNotFound, 1)
	check("stale etag", []Action{{Kind: ActDelete, PartitionKey: "p", RowKey: "old", IfMatch: old.ETag()}}, 412, CodeUpdateConditionNotSatisfied, 0)
	check("cross partition", []Action{ins("p", "a"), ins("q", "a")}, 400, CodeDifferentPartitions, 1)
	check("duplicate", []Action{ins("p", "a"), {Kind: ActUpsertMerge, Entity: mustEntity(t, "p", "a")}}, 400, CodeInvalidDuplicateRow, 1)
	check("empty", nil, 400, CodeInvalidInput, -1)
	var many []Action
	for i := range 101 {
		many = append(many, ins("p", fmt.Sprint("m", i)))
	}
	check("101 actions", many, 400, CodeInvalidInput, 100)
	if _, err := tb.Transact(many[:100]); err != nil {
		t.Errorf("100 actions: %v", err)
	}
	before = strings.Join(keysOf(tb), ",")
	var heavy []Action
	for i := range 70 {
		heavy = append(heavy, Action{Kind: ActUpsertReplace, Entity: mustEntity(t, "h", fmt.Sprint(i), prop("S", edm.StringValue(strings.Repeat("x", 30000))), prop("T", edm.StringValue(strings.Repeat("x", 30000))))})
	}
	check("payload over 4 MiB", heavy, 413, CodeRequestBodyTooLarge, -1)
	// The limit bounds the request: 62 Binary values of 60,000 bytes are
	// 3.7 MB by the storage estimate but 4.96 MB in base64 on the wire.
	var binary []Action
	for i := range 62 {
		binary = append(binary, Action{Kind: ActInsert, Entity: mustEntity(t, "b", fmt.Sprint(i), prop("B", edm.BinaryValue(make([]byte, 60000))))})
	}
	check("62 Binary values of 60,000 bytes (base64 on the wire)", binary, 413, CodeRequestBodyTooLarge, -1)
	// 40 ASCII strings of 60,000 characters are 4.8 MB by the estimate
	// (UTF-16) but 2.4 MB of JSON: the service takes them.
	var ascii []Action
	for i := range 40 {
		ascii = append(ascii, Action{Kind: ActInsert, Entity: mustEntity(t, "a", fmt.Sprint(i), prop("S", edm.StringValue(strings.Repeat("x", 30000))), prop("T", edm.StringValue(strings.Repeat("y", 30000))))})
	}
	if _, err := tb.Transact(ascii); err != nil {
		t.Errorf("40 ASCII entities of 60,000 characters (2.4 MB of JSON): %v", err)
	}
	before = strings.Join(keysOf(tb), ",")
	// Deletes and upserts in one transaction.
	if _, err := tb.Transact([]Action{{Kind: ActDelete, PartitionKey: "p", RowKey: "1"}, {Kind: ActUpsertReplace, Entity: mustEntity(t, "p", "new")}}); err != nil {
		t.Fatal(err)
	}
	if tb.Lookup("p", "1") != nil || tb.Lookup("p", "new") == nil {
		t.Error("delete+upsert transaction not applied")
	}
}

// TestInPlaceReads checks that the entities Scan and LookupInto hand out,
// which read their properties from the table's encoding, answer every
// accessor as the decoded entities Lookup returns do, and can be written.
func TestInPlaceReads(t *testing.T) {
	_, tb := newTestTable(t)
	for i := range 20 {
		props := []edm.Property{prop("S", edm.StringValue(strings.Repeat("s", i))), prop("N", edm.Int64Value(int64(i)))}
		if i%3 == 0 {
			props = append(props, prop("B", edm.BinaryValue([]byte{byte(i)})), prop("E", edm.StringValue("")))
		}
		if i%4 == 0 {
			props = nil // no custom properties at all
		}
		if _, err := tb.Insert(mustEntity(t, "p", fmt.Sprintf("%02d", i), props...)); err != nil {
			t.Fatal(err)
		}
	}
	_, other := newTestTable(t)
	same := func(what string, got, want *Entity) {
		t.Helper()
		if got.PartitionKey != want.PartitionKey || got.RowKey != want.RowKey || got.Ticks() != want.Ticks() ||
			got.Len() != want.Len() || got.EstimatedSize() != want.EstimatedSize() ||
			!reflect.DeepEqual(got.Properties(), want.Properties()) ||
			string(got.AppendJSON(nil, nil)) != string(want.AppendJSON(nil, nil)) ||
			string(got.AppendJSON(nil, []string{"N", "RowKey"})) != string(want.AppendJSON(nil, []string{"N", "RowKey"})) {
			t.Fatalf("%s %s differs from Lookup's", what, want.RowKey)
		}
		for _, name := range []string{"S", "N", "B", "E", "Missing", PartitionKey, RowKey, Timestamp} {
			g, gok := got.Get(name)
			w, wok := want.Get(name)
			if gok != wok || !reflect.DeepEqual(g, w) {
				t.Fatalf("%s %s: Get(%s) = %v %v, want %v %v", what, want.RowKey, name, g, gok, w, wok)
			}
		}
		// A clone of an entity read in place shares its encoding rather
		// than decoding it: compare what it reads, not its form.
		if c := got.Clone(); c.PartitionKey != want.PartitionKey || c.RowKey != want.RowKey || c.Ticks() != want.Ticks() ||
			c.Len() != want.Len() || c.EstimatedSize() != want.EstimatedSize() || c.WireSize() != want.WireSize() ||
			!reflect.DeepEqual(c.Properties(), want.Properties()) ||
			string(c.AppendJSON(nil, nil)) != string(want.AppendJSON(nil, nil)) {
			t.Fatalf("%s %s: Clone differs from Lookup's entity", what, want.RowKey)
		}
	}
	n := 0
	tb.Scan("p", "", func(e *Entity) bool {
		n++
		same("Scan", e, tb.Lookup(e.PartitionKey, e.RowKey))
		// Written as it is, to another table and merged into itself.
		if _, err := other.Upsert(e, Replace); err != nil {
			t.Fatal(err)
		}
		return true
	})
	if n != 20 {
		t.Fatalf("scanned %d entities", n)
	}
	var e Entity
	for i := range 20 {
		rk := fmt.Sprintf("%02d", i)
		if !tb.LookupInto("p", rk, &e) {
			t.Fatalf("LookupInto(%s) found nothing", rk)
		}
		want := tb.Lookup("p", rk)
		same("LookupInto", &e, want)
		got := other.Lookup("p", rk)
		if got == nil || !reflect.DeepEqual(got.Properties(), want.Properties()) {
			t.Fatalf("%s written from a scan: %v, want %v", rk, got, want)
		}
		if _, err := other.Update(&e, Merge, ""); err != nil {
			t.Fatal(err)
		}
		if got := other.Lookup("p", rk); !reflect.DeepEqual(got.Properties(), want.Properties()) {
			t.Fatalf("%s merged with itself: %v", rk, got.Properties())
		}
	}
	if tb.LookupInto("p", "missing", &e) || e.RowKey != "19" {
		t.Fatal("LookupInto of a missing key found something, or changed the entity")
	}
}

// TestNewEntityInto builds entity after entity in one Entity and writes
// each: the table keeps what each was, the errors are NewEntity's, and
// building allocates nothing once the entity has room.
func TestNewEntityInto(t *testing.T) {
	s := New(Options{})
	tb, _ := s.CreateTable("Reuse")
	var e Entity
	props := func(rk string, n int32, extra bool) []edm.Property {
		ps := []edm.Property{{Name: PartitionKey, Value: edm.StringValue("p")}, {Name: RowKey, Value: edm.StringValue(rk)}, {Name: "N", Value: edm.Int32Value(n)}}
		if extra {
			ps = append(ps, edm.Property{Name: "S", Value: edm.StringValue("s" + rk)})
		}
		return ps
	}
	for i, rk := range []string{"a", "b", "c"} {
		got, err := NewEntityInto(&e, props(rk, int32(i), i != 1))
		if err != nil || got != &e {
			t.Fatalf("%s: %v, %p", rk, err, got)
		}
		if _, err := tb.Insert(got); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := NewEntityInto(&e, props("a", 9, false)); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Upsert(&e, Merge); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "N=9 S=sa", "b": "N=1", "c": "N=2 S=sc"}
	for rk, w := range want {
		got := tb.Lookup("p", rk)
		var parts []string
		for _, name := range []string{"N", "S"} {
			if v, ok := got.Get(name); ok {
				if v.Type == edm.Int32 {
					parts = append(parts, name+"="+strconv.FormatInt(v.Int, 10))
				} else {
					parts = append(parts, name+"="+v.Str)
				}
			}
		}
		if g := strings.Join(parts, " "); g != w {
			t.Errorf("%s: %s, want %s", rk, g, w)
		}
	}
	bad := []edm.Property{{Name: PartitionKey, Value: edm.StringValue("p")}, {Name: RowKey, Value: edm.Int32Value(1)}}
	_, err1 := NewEntity(bad)
	_, err2 := NewEntityInto(&e, bad)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("errors %v and %v", err1, err2)
	}
	ps := props("d", 1, true)
	if n := testing.AllocsPerRun(20, func() {
		if _, err := NewEntityInto(&e, ps); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("NewEntityInto allocates %v times", n)
	}
}

// TestWriteAnswersAsInsertUpdateUpsert runs one sequence of writes through
// Insert, Update and Upsert on one store and through Write on another
// with the same clock: the answers, the stored entities and their ETags
// agree, and a merging Write allocates nothing for the merge.
func TestWriteAnswersAsInsertUpdateUpsert(t *testing.T) {
	clock := func() func() time.Time {
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		return func() time.Time { now = now.Add(time.Second); return now }
	}
	ta, _ := New(Options{Clock: clock()}).CreateTable("TableA")
	tb, _ := New(Options{Clock: clock()}).CreateTable("TableB")
	// Ten of these are 640,000 bytes, twenty more than an entity holds.
	bigs := func(prefix string) []edm.Property {
		var ps []edm.Property
		for i := range 10 {
			ps = append(ps, edm.Property{Name: prefix + strconv.Itoa(i), Value: edm.StringValue(strings.Repeat("x", 32_000))})
		}
		return ps
	}
	type step struct {
		op      Op
		mode    Mode
		ifMatch string
		rk      string
		props   []edm.Property
	}
	str := func(name, v string) edm.Property { return edm.Property{Name: name, Value: edm.StringValue(v)} }
	num := func(name string, v int32) edm.Property { return edm.Property{Name: name, Value: edm.Int32Value(v)} }
	steps := []step{
		{OpInsert, 0, "", "a", []edm.Property{num("N", 1), str("S", "one")}},
		{OpInsert, 0, "", "a", []edm.Property{num("N", 2)}},     // 409
		{OpUpdate, Merge, "", "b", []edm.Property{num("N", 2)}}, // 404
		{OpUpsert, Merge, "", "a", []edm.Property{num("N", 3), str("T", "t")}},
		{OpUpsert, Replace, "", "a", []edm.Property{str("U", "u")}},
		{OpUpdate, Merge, `W/"datetime'2020-01-01T00%3A00%3A00Z'"`, "a", nil}, // 412
		{OpUpdate, Merge, "*", "a", []edm.Property{num("N", 4)}},
		{OpUpsert, Merge, "", "c", []edm.Property{num("N", 5)}},
		{OpUpsert, Merge, "", "a", bigs("B")},
		{OpUpsert, Merge, "", "a", bigs("C")}, // merged too large
		{OpUpdate, Replace, "*", "c", []edm.Property{num("M", 6)}},
	}
	var statuses []int
	for k, s := range steps {
		props := append([]edm.Property{str(PartitionKey, "p"), str(RowKey, s.rk)}, s.props...)
		ea, err := NewEntity(props)
		if err != nil {
			t.Fatal(err)
		}
		eb, _ := NewEntity(props)
		var errA error
		switch s.op {
		case OpInsert:
			_, errA = ta.Insert(ea)
		case OpUpdate:
			_, errA = ta.Update(ea, s.mode, s.ifMatch)
		case OpUpsert:
			_, errA = ta.Upsert(ea, s.mode)
		}
		errB := tb.Write(s.op, eb, s.mode, s.ifMatch)
		if StatusOf(s.op, errA) != StatusOf(s.op, errB) || fmt.Sprint(errA) != fmt.Sprint(errB) {
			t.Errorf("step %d: %v vs %v", k, errA, errB)
		}
		statuses = append(statuses, StatusOf(s.op, errB))
	}
	if want := []int{201, 409, 404, 204, 204, 412, 204, 204, 204, 400, 204}; !reflect.DeepEqual(statuses, want) {
		t.Errorf("statuses %v, want %v", statuses, want)
	}
	var a, b []string
	ta.AscendAll(func(e *Entity) bool { a = append(a, string(e.AppendJSON(nil, nil))); return true })
	tb.AscendAll(func(e *Entity) bool { b = append(b, string(e.AppendJSON(nil, nil))); return true })
	if !reflect.DeepEqual(a, b) || len(a) != 2 {
		t.Errorf("tables differ:\n%s\n%s", a, b)
	}
	upd, _ := NewEntity([]edm.Property{str(PartitionKey, "p"), str(RowKey, "c"), num("N", 7)})
	if n := testing.AllocsPerRun(20, func() {
		if err := tb.Write(OpUpsert, upd, Merge, ""); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("a merging Write allocates %v times", n)
	}
}

// TestDateTimeRange checks the supported DateTime range at its ends, in
// ticks, and a key of every ASCII byte against the characters keys may
// not contain.
func TestDateTimeRange(t *testing.T) {
	lo, hi := edm.TimeToTicks(edm.MinDateTime), edm.TimeToTicks(edm.MaxDateTime)
	for _, c := range []struct {
		ticks int64
		ok    bool
	}{{lo, true}, {hi, true}, {lo - 1, false}, {hi + 1, false}, {math.MinInt64, false}, {math.MaxInt64, false}} {
		_, err := NewEntity([]edm.Property{
			{Name: PartitionKey, Value: edm.StringValue("p")},
			{Name: RowKey, Value: edm.StringValue("r")},
			{Name: "When", Value: edm.Value{Type: edm.DateTime, Int: c.ticks}},
		})
		if (err == nil) != c.ok {
			t.Errorf("ticks %d: error %v, want ok %v", c.ticks, err, c.ok)
		}
	}
	for b := 0; b < 0x80; b++ {
		k := "a" + string(rune(b)) + "b"
		_, err := checkKey(RowKey, k)
		if bad := limits.InvalidKeyRune(rune(b)); (err != nil) != bad {
			t.Errorf("key %q: error %v, want error %v", k, err, bad)
		}
	}
}
