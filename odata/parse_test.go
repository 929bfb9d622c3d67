package odata_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/odata"
)

func mustParse(t *testing.T, s string) *odata.Filter {
	t.Helper()
	f, err := odata.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return f
}

func TestLiteralValues(t *testing.T) {
	tests := []struct {
		filter string
		want   edm.Value
	}{
		{"A eq 'it''s'", edm.StringValue("it's")},
		{"A eq ''''", edm.StringValue("'")},
		{"A eq -7", edm.Int32Value(-7)},
		{"A eq 42L", edm.Int64Value(42)},
		{"A eq -0.25", edm.DoubleValue(-0.25)},
		{"A eq 1e3", edm.DoubleValue(1000)},
		{"A eq false", edm.BoolValue(false)},
		{"A eq datetime'2024-01-02T03:04:05.1234567Z'", edm.DateTimeValue(time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC))},
		{"A eq guid'ABCDEF01-2345-6789-ABCD-EF0123456789'", edm.Value{Type: edm.Guid, Str: "abcdef01-2345-6789-abcd-ef0123456789"}},
		{"A eq X'0AfF'", edm.BinaryValue([]byte{0x0a, 0xff})},
		{"A eq binary''", edm.BinaryValue([]byte{})},
	}
	for _, tt := range tests {
		got := mustParse(t, tt.filter).Comparisons()[0].Value.Value
		if !edm.Equal(got, tt.want) {
			t.Errorf("%s: value %#v, want %#v", tt.filter, got, tt.want)
		}
	}
}

func TestOffsets(t *testing.T) {
	s := "  (PartitionKey eq 'Sales') and\tRowKey ge 'a''b' and not Age lt 30"
	cs := mustParse(t, s).Comparisons()
	want := []struct{ prop, lit string }{{"PartitionKey", "'Sales'"}, {"RowKey", "'a''b'"}, {"Age", "30"}}
	if len(cs) != len(want) {
		t.Fatalf("%d comparisons, want %d", len(cs), len(want))
	}
	for i, c := range cs {
		if got := s[c.Offset : c.Offset+len(c.Property)]; got != want[i].prop {
			t.Errorf("comparison %d: text at Offset is %q, want %q", i, got, want[i].prop)
		}
		if got := s[c.Value.Offset : c.Value.Offset+len(c.Value.Raw)]; got != want[i].lit || c.Value.Raw != want[i].lit {
			t.Errorf("comparison %d: literal at Offset is %q (Raw %q), want %q", i, got, c.Value.Raw, want[i].lit)
		}
	}
}

func TestTemplateParams(t *testing.T) {
	s := "PartitionKey eq '{Department}' and RowKey eq 'empid_{EmployeeId:%06d}' and Age gt {MinAge} and Name eq '{{x}}'"
	f, err := odata.ParseTemplate(s)
	if err != nil {
		t.Fatal(err)
	}
	ps := f.Params()
	var got []string
	for _, p := range ps {
		got = append(got, p.Name+"|"+p.Verb+"|"+s[p.Offset:p.Offset+1+len(p.Name)])
	}
	want := []string{"Department||{Department", "EmployeeId|%06d|{EmployeeId", "MinAge||{MinAge"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("params %v, want %v", got, want)
	}
	cs := f.Comparisons()
	rk := cs[1].Value
	if !rk.IsParam() || len(rk.Parts) != 2 || rk.Parts[0].Text != "empid_" || rk.Parts[1].Param.Name != "EmployeeId" {
		t.Errorf("RowKey parts %+v", rk.Parts)
	}
	if cs[2].Value.Value.Type != edm.Invalid || !cs[2].Value.IsParam() {
		t.Errorf("bare placeholder: type %v, IsParam %v", cs[2].Value.Value.Type, cs[2].Value.IsParam())
	}
	// '{{x}}' holds no placeholder: its value is the unescaped text.
	lit := cs[3].Value
	if lit.IsParam() || lit.Value.Str != "{x}" {
		t.Errorf("escaped braces: IsParam %v, value %q; want false, \"{x}\"", lit.IsParam(), lit.Value.Str)
	}
}

func TestErrorCaret(t *testing.T) {
	_, err := odata.Parse("PartitionKey eq 'Sales' and and RowKey eq '1'")
	var e *odata.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not *odata.Error", err)
	}
	want := "PartitionKey eq 'Sales' and and RowKey eq '1'\n" + strings.Repeat(" ", 28) + "^^^"
	if got := e.Caret(); got != want {
		t.Errorf("caret:\n%s\nwant:\n%s", got, want)
	}
	if got := e.Error(); got != `unexpected "and"; expected a comparison at column 29` {
		t.Errorf("message %q", got)
	}
	// Columns count characters, not bytes.
	_, err = odata.Parse("Name eq 'ünï' and and")
	errors.As(err, &e)
	if e.Column() != 19 {
		t.Errorf("column %d after multi-byte characters, want 19", e.Column())
	}
}

func TestMaxLength(t *testing.T) {
	long := "A eq '" + strings.Repeat("x", odata.MaxLength) + "'"
	_, err := odata.Parse(long)
	var e *odata.Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "longer than the limit") {
		t.Fatalf("over-long filter: %v", err)
	}
	ok := "A eq '" + strings.Repeat("x", odata.MaxLength-7) + "'"
	if _, err := odata.Parse(ok); err != nil {
		t.Errorf("filter of %d bytes rejected: %v", len(ok), err)
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{"": "''", "a": "'a'", "it's": "'it''s'", "''": "''''''"} {
		if got := odata.Quote(in); got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
	}
	// A quoted hostile value stays one literal.
	evil := "x' or PartitionKey ne '"
	f := mustParse(t, "RowKey eq "+odata.Quote(evil))
	if cs := f.Comparisons(); len(cs) != 1 || cs[0].Value.Value.Str != evil {
		t.Errorf("quoted injection parsed as %s", odata.Dump(f))
	}
}

func TestBuilder(t *testing.T) {
	at := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		cond odata.Cond
		want string
	}{
		{odata.Eq("PartitionKey", "O'Brien"), "PartitionKey eq 'O''Brien'"},
		{odata.And(odata.Eq("PartitionKey", "p"), odata.Ge("RowKey", "a"), odata.Lt("RowKey", "b")), "PartitionKey eq 'p' and RowKey ge 'a' and RowKey lt 'b'"},
		{odata.And(odata.Eq("PartitionKey", "p"), odata.Or(odata.Eq("RowKey", "1"), odata.Eq("RowKey", "2"))), "PartitionKey eq 'p' and (RowKey eq '1' or RowKey eq '2')"},
		{odata.Not(odata.Eq("Active", true)), "not (Active eq true)"},
		{odata.Gt("Age", 30), "Age gt 30"},
		{odata.Gt("Big", 1<<40), "Big gt 1099511627776L"},
		{odata.Gt("Big", odata.Int64(5)), "Big gt 5L"},
		{odata.Le("Score", 2.0), "Score le 2.0"},
		{odata.Ge("Hired", at), "Hired ge datetime'2024-01-01T00:00:00Z'"},
		{odata.Eq("Id", odata.Guid("ABCDEF01-2345-6789-ABCD-EF0123456789")), "Id eq guid'abcdef01-2345-6789-abcd-ef0123456789'"},
		{odata.Eq("Blob", []byte{1, 0xab}), "Blob eq X'01ab'"},
		{odata.And(), ""},
	}
	for _, tt := range tests {
		if err := tt.cond.Err(); err != nil {
			t.Errorf("%s: %v", tt.want, err)
			continue
		}
		got := tt.cond.String()
		if got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
		if _, err := odata.Parse(got); err != nil {
			t.Errorf("builder output %q does not parse: %v", got, err)
		}
	}
	for _, bad := range []odata.Cond{
		odata.Eq("Bad-Name", 1), odata.Eq("", 1), odata.Eq("and", 1), odata.Eq("A", struct{}{}),
		odata.Eq("Id", odata.Guid("nope")), odata.Eq("T", time.Time{}), odata.And(odata.Eq("A", 1), odata.Eq("B C", 2)),
	} {
		if bad.Err() == nil {
			t.Errorf("no error for an invalid condition")
		}
	}
}

func TestParseQuery(t *testing.T) {
	q, err := odata.ParseQuery("$filter=PartitionKey eq 'a&b' and RowKey eq '1'&$select=RowKey,Manager Rating&$top=10")
	if err != nil {
		t.Fatal(err)
	}
	if q.Filter != "PartitionKey eq 'a&b' and RowKey eq '1'" || q.FilterOffset != 8 || q.Top != 10 ||
		strings.Join(q.Select, "|") != "RowKey|Manager Rating" {
		t.Errorf("got %+v", q)
	}
	if q, _ := odata.ParseQuery("?$filter=A%20eq%201"); q.Filter != "A eq 1" {
		t.Errorf("percent-encoded filter: %q", q.Filter)
	}
	if q, _ := odata.ParseQuery("A eq 1"); q.Filter != "A eq 1" || q.FilterOffset != 0 {
		t.Errorf("bare filter: %+v", q)
	}
	for _, bad := range []string{"$filter=A eq 1&$orderby=A", "$top=x", "$top=0", "$filter"} {
		if _, err := odata.ParseQuery(bad); err == nil {
			t.Errorf("ParseQuery(%q): no error", bad)
		}
	}
}

// TestParseQueryOffsets: offsets map back through '?', percent-decoding
// and '+'; repeated options and bad escapes are errors of their own.
func TestParseQueryOffsets(t *testing.T) {
	in := "?$top=5&$filter=Name%20eq%20%27Zo%C3%AB%27+and+Age+eq+1"
	q, err := odata.ParseQuery(in)
	if err != nil {
		t.Fatal(err)
	}
	if q.Filter != "Name eq 'Zoë' and Age eq 1" || q.FilterOffset != 16 {
		t.Fatalf("%+v", q)
	}
	for dec, want := range map[int]int{
		0:             16,                         // N
		5:             strings.Index(in, "eq"),    // e of eq
		8:             strings.Index(in, "%27Zo"), // the quote
		11:            strings.Index(in, "%C3"),   // ë's first byte
		19:            strings.Index(in, "Age"),   // after the "+"
		len(q.Filter): len(in),                    // the end
	} {
		if got := q.InputOffset(dec); got != want {
			t.Errorf("InputOffset(%d) = %d, want %d", dec, got, want)
		}
	}
	if q, _ := odata.ParseQuery("?$filter=A eq 1"); q.InputOffset(0) != 9 {
		t.Errorf("'?' not counted: %d", q.InputOffset(0))
	}
	for in, want := range map[string]string{
		"$filter=A eq 1&$filter=B eq 2": "$filter is given twice",
		"$top=1&$top=2":                 "$top is given twice",
		"$select=A&$select=B":           "$select is given twice",
		"$filter=%ZZ":                   `invalid percent-encoding "%ZZ"`,
		"$filter=A eq 1%":               `invalid percent-encoding "%"`,
		"$filter=A eq '%2'":             `invalid percent-encoding "%2'"`,
	} {
		_, err := odata.ParseQuery(in)
		var e *odata.Error
		if !errors.As(err, &e) || !strings.Contains(e.Msg, want) || e.Rule != "" {
			t.Errorf("ParseQuery(%q) = %v, want %q", in, err, want)
		}
	}
	_, err = odata.ParseQuery("$filter=A eq 1&$filter=B eq 2")
	if e := err.(*odata.Error); e.Offset != 15 {
		t.Errorf("repeated option at offset %d, want 15", e.Offset)
	}
}

// TestUndoubledQuote: a quote inside a string that is not doubled ends
// the literal; the error says it must be doubled, with the fixed literal,
// at the quote (not "unknown literal prefix" about the rest).
func TestUndoubledQuote(t *testing.T) {
	for _, tc := range []struct{ filter, msg string }{
		{"PartitionKey eq 'O'Brien'", `a quote inside a string must be doubled: 'O''Brien' at column 19`},
		{"Name eq 'it's' and Age gt 3", `a quote inside a string must be doubled: 'it''s' at column 12`},
		{"Name eq 'don't stop", `a quote inside a string must be doubled at column 13`},
	} {
		_, err := odata.Parse(tc.filter)
		var e *odata.Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: error %v is not *odata.Error", tc.filter, err)
		}
		if got := e.Error(); got != tc.msg {
			t.Errorf("%s: %q, want %q", tc.filter, got, tc.msg)
		}
	}
	// Doubled, it parses; a space after a literal is still a syntax error
	// of its own.
	if _, err := odata.Parse("PartitionKey eq 'O''Brien'"); err != nil {
		t.Error(err)
	}
	if _, err := odata.Parse("PartitionKey eq 'O' Brien"); err == nil || strings.Contains(err.Error(), "doubled") {
		t.Errorf("'O' Brien: %v", err)
	}
}
