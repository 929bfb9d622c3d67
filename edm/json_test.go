package edm

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

func TestDecodeEntityJSON(t *testing.T) {
	in := `{"PartitionKey":"Sales","RowKey":"000123","Age":34,"Big":"9","Big@odata.type":"Edm.Int64",
		"Score":2.5,"Whole":2,"Whole@odata.type":"Edm.Double","Huge":3000000000,"Ok":true,"Gone":null,
		"When@odata.type":"Edm.DateTime","When":"2024-01-02T03:04:05.1234567Z",
		"Id":"ABCDEF01-2345-6789-ABCD-EF0123456789","Id@odata.type":"Edm.Guid",
		"Pic":"AQID","Pic@odata.type":"Edm.Binary","Nan":"NaN","Nan@odata.type":"Edm.Double",
		"odata.etag":"W/\"x\"","Timestamp":"2024-01-01T00:00:00Z"}`
	props, err := DecodeEntityJSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Value{}
	var order []string
	for _, p := range props {
		got[p.Name] = p.Value
		order = append(order, p.Name)
	}
	when, _ := ParseDateTime("2024-01-02T03:04:05.1234567Z")
	ts, _ := ParseDateTime("2024-01-01T00:00:00Z")
	want := map[string]Value{
		"PartitionKey": StringValue("Sales"),
		"RowKey":       StringValue("000123"),
		"Age":          Int32Value(34),
		"Big":          Int64Value(9),
		"Score":        DoubleValue(2.5),
		"Whole":        DoubleValue(2),
		"Huge":         DoubleValue(3e9),
		"Ok":           BoolValue(true),
		"When":         DateTimeValue(when),
		"Id":           {Type: Guid, Str: "abcdef01-2345-6789-abcd-ef0123456789"},
		"Pic":          BinaryValue([]byte{1, 2, 3}),
		"Timestamp":    DateTimeValue(ts),
	}
	for name, w := range want {
		if g, ok := got[name]; !ok || !Equal(g, w) {
			t.Errorf("%s = %v (present %v), want %v", name, g, ok, w)
		}
	}
	if v := got["Nan"]; v.Type != Double || !math.IsNaN(v.Float) {
		t.Errorf("Nan = %v", v)
	}
	if _, ok := got["Gone"]; ok {
		t.Error("null property was kept")
	}
	if _, ok := got["odata.etag"]; ok {
		t.Error("metadata was kept")
	}
	if order[0] != "PartitionKey" || order[1] != "RowKey" {
		t.Errorf("order = %v", order)
	}
	if want := time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC); !got["When"].Time().Equal(want) {
		t.Errorf("When = %v, want 100 ns precision %v", got["When"].Time(), want)
	}
}

func TestDecodeEntityJSONErrors(t *testing.T) {
	for _, c := range []struct {
		in, want   string
		outOfRange bool
	}{
		{`[1]`, "must be a JSON object", false},
		{`{"A":{"b":1}}`, "cannot be a JSON object", false},
		{`{"A":[1]}`, "cannot be a JSON array", false},
		{`{"A":1,"A":2}`, "more than once", false},
		{`{"A":"x","A@odata.type":"Edm.Foo"}`, "unknown type", false},
		{`{"A":"x","A@odata.type":"Int64"}`, "unknown type", false},
		{`{"A":"x","A@odata.type":1}`, "annotation must be a string", false},
		{`{"A@odata.type":"Edm.Int64"}`, "not in the entity", false},
		{`{"A":5,"A@odata.type":"Edm.Int64"}`, "must be a JSON string", false},
		{`{"A":"x","A@odata.type":"Edm.Int64"}`, "not an Edm.Int64", false},
		{`{"A":"99999999999999999999","A@odata.type":"Edm.Int64"}`, "outside the Edm.Int64 range", true},
		{`{"A":3000000000,"A@odata.type":"Edm.Int32"}`, "outside the Edm.Int32 range", true},
		{`{"A":1.5,"A@odata.type":"Edm.Int32"}`, "not an Edm.Int32", false},
		{`{"A":"1600-12-31T23:59:59Z","A@odata.type":"Edm.DateTime"}`, "outside the supported range", true},
		{`{"A":"yesterday","A@odata.type":"Edm.DateTime"}`, "datetime", false},
		{`{"A":"nope","A@odata.type":"Edm.Guid"}`, "guid", false},
		{`{"A":"!!","A@odata.type":"Edm.Binary"}`, "base64", false},
		{`{"A":"0x1p3","A@odata.type":"Edm.Double"}`, "not an Edm.Double", false},
		{`{"A":1e400}`, "outside the Edm.Double range", true},
		{`{"A":"x","A@odata.type":"Edm.Boolean"}`, "true or false", false},
		{`{"A":1} x`, "after the entity", false},
		{`{"A":1`, "end of JSON", false},
		{`{"PartitionKey":1}`, "", false}, // decodes: key types are checked by the store
	} {
		_, err := DecodeEntityJSON([]byte(c.in))
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: unexpected error %v", c.in, err)
			}
			continue
		}
		var de *DecodeError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), c.want) || de.OutOfRange != c.outOfRange {
			t.Errorf("%s: err = %v (outOfRange %v), want %q (outOfRange %v)", c.in, err, de != nil && de.OutOfRange, c.want, c.outOfRange)
		}
	}
	if _, err := DecodeEntityJSON(bytes.Repeat([]byte(" "), MaxEntityJSON+1)); err == nil {
		t.Error("oversized input accepted")
	}
}

func TestAppendEntityJSON(t *testing.T) {
	props := []Property{
		{"PartitionKey", StringValue("a\"b\\c\n\x01é😀")},
		{"N", Int32Value(-7)},
		{"L", Int64Value(math.MaxInt64)},
		{"D", DoubleValue(2)},
		{"Inf", DoubleValue(math.Inf(-1))},
		{"B", BoolValue(false)},
		{"T", DateTimeValue(time.Date(2020, 5, 6, 7, 8, 9, 100, time.UTC))},
		{"G", Value{Type: Guid, Str: "00000000-0000-0000-0000-000000000001"}},
		{"X", BinaryValue([]byte{0xff, 0})},
	}
	out := AppendEntityJSON(nil, props)
	for _, want := range []string{`"N":-7`, `"L":"9223372036854775807","L@odata.type":"Edm.Int64"`, `"D":2,"D@odata.type":"Edm.Double"`,
		`"Inf":"-Infinity"`, `"B":false`, `"T":"2020-05-06T07:08:09.0000001Z","T@odata.type":"Edm.DateTime"`, `"X":"/wA=","X@odata.type":"Edm.Binary"`,
		`"PartitionKey":"a\"b\\c\n\u0001é😀"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("missing %s in %s", want, out)
		}
	}
	back, err := DecodeEntityJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(props) {
		t.Fatalf("round trip: %d props, want %d", len(back), len(props))
	}
	for i := range props {
		if back[i].Name != props[i].Name || !Equal(back[i].Value, props[i].Value) {
			t.Errorf("round trip %d: %v, want %v", i, back[i], props[i])
		}
	}
}

func TestCompareStrings(t *testing.T) {
	// UTF-16 code-unit order: "" < "B" < "a" < "😀" (D83D DE00) < U+E000 < U+FFFD.
	ordered := []string{"", "B", "a", "ab", "é", "\u07ff", "\u0800", "😀", "😁", "\ue000", "\ufffd"}
	for i, a := range ordered {
		for j, b := range ordered {
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			if got := CompareStrings(a, b); got != want {
				t.Errorf("CompareStrings(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
	if n := UTF16Len("aé😀\ue000"); n != 5 {
		t.Errorf("UTF16Len = %d, want 5", n)
	}
}

// FuzzCompareStrings checks CompareStrings against a comparison of the
// strings' UTF-16 encodings.
func FuzzCompareStrings(f *testing.F) {
	f.Add("empid_000100", "empid_000199")
	f.Add("partition-0001😀x", "partition-0001\ue000x")
	f.Add("abcdefghij", "abcdefghij")
	f.Fuzz(func(t *testing.T, a, b string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			return
		}
		ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
		if got, want := CompareStrings(a, b), slices.Compare(ua, ub); got != want {
			t.Fatalf("CompareStrings(%q, %q) = %d, want %d", a, b, got, want)
		}
	})
}

func FuzzDecodeEntityJSON(f *testing.F) {
	f.Add([]byte(`{"PartitionKey":"p","RowKey":"r","A":1,"B":"9","B@odata.type":"Edm.Int64"}`))
	f.Add([]byte(`{"D":"NaN","D@odata.type":"Edm.Double","T":"2024-01-01T00:00:00Z","T@odata.type":"Edm.DateTime"}`))
	f.Add([]byte(`{"G":"00000000-0000-0000-0000-000000000000","G@odata.type":"Edm.Guid","X":"AA==","X@odata.type":"Edm.Binary","n":null}`))
	f.Add([]byte(`{"A":[1,{"b":2}]}`))
	f.Add([]byte(`{"s":"\u00e9\ud83d\ude00\\\""}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		props, err := DecodeEntityJSON(data)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		out := AppendEntityJSON(nil, props)
		back, err := DecodeEntityJSON(out)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
		if len(back) != len(props) {
			t.Fatalf("round trip changed the property count: %s", out)
		}
		for i := range props {
			a, b := props[i], back[i]
			same := a.Name == b.Name && (Equal(a.Value, b.Value) ||
				(a.Value.Type == Double && b.Value.Type == Double && math.IsNaN(a.Value.Float) && math.IsNaN(b.Value.Float)))
			if !same {
				t.Fatalf("round trip changed %v to %v (via %s)", a, b, out)
			}
		}
	})
}
