package model_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/model"
	"gopkg.in/yaml.v3"
)

// canon prints every exported value a design holds, following pointers:
// each pointer's target is printed the first time it is met and named by
// the order it was met in afterwards, so two designs print the same
// exactly when they hold the same values linked the same way. YAML nodes,
// the source text and the file name are where the design came from, not
// what it says, and are left out. It walks every exported field, so a
// field added to the model and not encoded fails the round trip.
func canon(d *model.Design) string {
	c := &canonizer{seen: map[uintptr]int{}}
	c.walk(reflect.ValueOf(d), "design")
	for _, t := range d.Tables {
		for _, q := range t.Queries {
			fmt.Fprintf(&c.b, "filter text %s.%s: %q\n", t.Name, q.Name, q.FilterText())
		}
	}
	return c.b.String()
}

type canonizer struct {
	b    strings.Builder
	seen map[uintptr]int
}

var (
	nodeType   = reflect.TypeOf((*yaml.Node)(nil))
	designType = reflect.TypeOf(model.Design{})
)

func (c *canonizer) walk(v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			fmt.Fprintf(&c.b, "%s: nil\n", path)
			return
		}
		if v.Type() == nodeType {
			return
		}
		if n, ok := c.seen[v.Pointer()]; ok {
			fmt.Fprintf(&c.b, "%s: -> #%d\n", path, n)
			return
		}
		c.seen[v.Pointer()] = len(c.seen)
		fmt.Fprintf(&c.b, "%s: #%d\n", path, len(c.seen)-1)
		c.walk(v.Elem(), path)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() || f.Type == nodeType {
				continue
			}
			if v.Type() == designType && (f.Name == "Src" || f.Name == "File") {
				continue
			}
			c.walk(v.Field(i), path+"."+f.Name)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Len() == 0 {
			return // nil and empty say the same
		}
		for i := 0; i < v.Len(); i++ {
			c.walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Map:
		type kv struct {
			k string
			v reflect.Value
		}
		var entries []kv
		for _, k := range v.MapKeys() {
			sub := &canonizer{seen: c.seen}
			sub.walk(k, "key")
			entries = append(entries, kv{sub.b.String(), v.MapIndex(k)})
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].k < entries[j].k })
		for _, e := range entries {
			c.walk(e.v, path+"["+strings.TrimSpace(e.k)+"]")
		}
	case reflect.Interface:
		if v.IsNil() {
			fmt.Fprintf(&c.b, "%s: nil\n", path)
			return
		}
		c.walk(v.Elem(), path)
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		fmt.Fprintf(&c.b, "%s: %s\n", path, v.Kind())
	default:
		fmt.Fprintf(&c.b, "%s: %#v\n", path, v.Interface())
	}
}

// roundTrip encodes d and parses the result: it must load, and load as
// the same design.
func roundTrip(t *testing.T, name string, d *model.Design, notes *model.Notes) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := model.Encode(&b, d, notes); err != nil {
		t.Fatalf("%s: Encode: %v", name, err)
	}
	back, err := model.Parse(name, b.Bytes())
	if err != nil {
		t.Fatalf("%s: the encoded design does not load: %v\n%s", name, err, b.String())
	}
	if want, got := canon(d), canon(back); want != got {
		t.Fatalf("%s: the encoded design loads as another design:\n%s\nencoded:\n%s", name, golden.Diff(want, got), b.String())
	}
	return b.Bytes()
}

// designFiles are every design of the repository that loads.
func designFiles(t testing.TB) []string {
	var out []string
	for _, pattern := range []string{
		"../testdata/designs/*.yaml", "../testdata/designs/checks/*.yaml", "../testdata/designs/guide/*.yaml",
		"../testdata/designs/bad/*.yaml", "../cmd/tablelint/testdata/*.yaml", "../cmd/tablelint/testdata/*/*.yaml", "../analyzers/designdrift/testdata/*.yaml",
		"../*.yaml", "testdata/*.yaml",
	} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, files...)
	}
	return out
}

// TestEncodeRoundTrip encodes every design of the repository that loads
// and loads it back: the same design, and encoding it again gives the
// same text.
func TestEncodeRoundTrip(t *testing.T) {
	loaded := 0
	for _, file := range designFiles(t) {
		d, err := model.Load(file)
		if err != nil {
			continue
		}
		loaded++
		first := roundTrip(t, file, d, nil)
		again, err := model.Parse(file, first)
		if err != nil {
			t.Fatal(err)
		}
		if second := roundTrip(t, file, again, nil); !bytes.Equal(first, second) {
			t.Errorf("%s: encoding is not stable:\n%s\n---\n%s", file, first, second)
		}
	}
	if loaded < 50 {
		t.Fatalf("only %d designs loaded: were the files moved?", loaded)
	}
	t.Logf("%d designs encoded and loaded back", loaded)
}

// FuzzEncode: whatever Parse accepts, Encode writes and Parse reads back
// as the same design.
func FuzzEncode(f *testing.F) {
	for _, file := range designFiles(f) {
		if src, err := os.ReadFile(file); err == nil && len(src) < 8<<10 {
			f.Add(src)
		}
	}
	f.Add([]byte("tables: {\"a.b\": {entities: {E: {partitionKey: '{P}', rowKey: x, properties: {P: String}}}}}"))
	f.Add([]byte("tables: {T: {entities: {E: {partitionKey: \"\\u2028{P}\\x01\", rowKey: '#x', writes: 10/min, properties: {P: {type: Edm.String, maxLength: 3}}}}}}"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := model.Parse("f.yaml", src)
		if err != nil || entries(d) > 2000 {
			return // aliases can make a small file stand for 200,000 nodes
		}
		var b bytes.Buffer
		if err := model.Encode(&b, d, nil); errors.Is(err, model.ErrTooLarge) {
			return // written without aliases, it is over the loader's limit
		}
		roundTrip(t, "f.yaml", d, nil)
	})
}

// entries counts a design's tables, entity types, properties, queries
// and transaction groups.
func entries(d *model.Design) int {
	n := 0
	for _, t := range d.Tables {
		n += 1 + len(t.Queries) + len(t.Transactions)
		for _, e := range t.Entities {
			n += 1 + len(e.Properties)
		}
	}
	return n
}

// TestBuildEncode builds a design with the Add methods, with notes, and
// checks what it encodes to (golden) and that it loads as the same.
func TestBuildEncode(t *testing.T) {
	d := model.New()
	emp, err := d.AddTable("Employees")
	if err != nil {
		t.Fatal(err)
	}
	e, err := emp.AddEntity("Employee", "{Department}", "empid_{Id:%06d}", []*model.Property{
		{Name: "Department", Type: edm.String},
		{Name: "Id", Type: edm.Int32},
		{Name: "Email", Type: edm.String, MaxLength: 254},
	})
	if err != nil {
		t.Fatal(err)
	}
	// An index entity's key names a value the Employee stores.
	ix, err := emp.AddEntity("EmailIndex", "{Department}", "email_{Email}", []*model.Property{{Name: "EmployeeId", Type: edm.Int32}})
	if err != nil {
		t.Fatal(err)
	}
	q, err := emp.AddQuery(&model.Query{Name: "ByID", Top: 1, Select: []string{"Email"},
		Callers: []string{"api/handler.go:31 (Handler.Get)", "cli/main.go:9 (main)"}},
		"PartitionKey eq '{Department}' and RowKey eq 'empid_{Id:%06d}'")
	if err != nil {
		t.Fatal(err)
	}
	all, err := emp.AddQuery(&model.Query{Name: "All"}, "PartitionKey eq '{Department}'")
	if err != nil {
		t.Fatal(err)
	}
	x, err := emp.AddTransaction("Hire", []*model.Member{{Entity: e, Count: 1}, {Entity: ix, Count: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddTable("Empty"); err != nil {
		t.Fatal(err)
	}
	notes := &model.Notes{
		Head: map[model.Note]string{
			{}:                        "Built by TestBuildEncode\nsecond line",
			{Field: "tables"}:         "not extracted: nothing",
			{Of: e}:                   "written at hr.go:71",
			{Of: e, Field: "count"}:   "count: ?",
			{Of: q, Field: "rate"}:    "rate: ?",
			{Of: ix, Field: "partOf"}: "before the next field written\x00with a NUL",
			{Of: all, Field: "rate"}:  "no field follows: a foot comment",
		},
		Line: map[model.Note]string{
			{Of: q}:               "hr.go:92",
			{Of: x}:               "hr.go:74",
			{Of: e.Properties[2]}: "bounded in the code",
			{Of: e.Properties[0]}: "a line\r\nbreak",
		},
	}
	out := roundTrip(t, "built.yaml", d, notes)
	want := `# Built by TestBuildEncode
# second line
version: 1
# not extracted: nothing
tables:
  "Employees":
    entities:
      # written at hr.go:71
      "Employee":
        partitionKey: "{Department}"
        rowKey: "empid_{Id:%06d}"
        # count: ?
        properties:
          "Department": String # a line
          # break
          "Id": Int32
          "Email": {type: String, maxLength: 254} # bounded in the code
      "EmailIndex":
        partitionKey: "{Department}"
        rowKey: "email_{Email}"
        # before the next field written with a NUL
        properties:
          "EmployeeId": Int32
    queries:
      "ByID": # hr.go:92
        filter: "PartitionKey eq '{Department}' and RowKey eq 'empid_{Id:%06d}'"
        top: 1
        select: ["Email"]
        # rate: ?
        callers:
          - "api/handler.go:31 (Handler.Get)"
          - "cli/main.go:9 (main)"
      "All":
        filter: "PartitionKey eq '{Department}'"
        # no field follows: a foot comment
    transactions:
      "Hire": ["Employee", {"EmailIndex": 2}] # hr.go:74
  "Empty":
    entities: {}
`
	if string(out) != want {
		t.Errorf("encoded:\n%s\nwant:\n%s", out, want)
	}
}

// TestBuildRefuses: what the loader would refuse is refused when built,
// and nothing is added.
func TestBuildRefuses(t *testing.T) {
	d := model.New()
	tb, _ := d.AddTable("T")
	if _, err := d.AddTable("T"); err == nil {
		t.Error("a second table T was added")
	}
	if _, err := d.AddTable("bad\xff"); err == nil {
		t.Error("a table name with invalid UTF-8 was added")
	}
	for _, c := range []struct {
		name, pk, rk string
		props        []*model.Property
		want         string
	}{
		{"A", "{Missing}", "x", nil, `entity type A: partitionKey template: table T declares no property "Missing"`},
		{"B", "{N:%x}", "x", []*model.Property{{Name: "N", Type: edm.Double}}, "entity type B: partitionKey template: {N:%x}:"},
		{"C", "{", "x", nil, "unclosed '{'"},
		{"D", "x", "y", []*model.Property{{Name: "N", Type: edm.Int32, MaxLength: 3}}, "maxLength does not apply"},
		{"E", "x", "y\x00", nil, "NUL"},
	} {
		_, err := tb.AddEntity(c.name, c.pk, c.rk, c.props)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("AddEntity %s: %v, want %q", c.name, err, c.want)
		}
	}
	if len(tb.Entities) != 0 {
		t.Fatalf("refused entity types were added: %d", len(tb.Entities))
	}
	if _, err := tb.AddEntity("E", "{P}", "x", []*model.Property{{Name: "P", Type: edm.String}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		q      *model.Query
		filter string
		want   string
	}{
		{&model.Query{Name: "a"}, "Nope eq 'x'", `query a: table T declares no property "Nope"`},
		{&model.Query{Name: "b"}, "P eq '{Q}'", `query b: placeholder {Q}: table T declares no property "Q"`},
		{&model.Query{Name: "c"}, "P eq", "query c: invalid filter"},
		{&model.Query{Name: "d", Select: []string{"Q"}}, "P eq 'x'", `select: table T declares no property "Q"`},
		{&model.Query{Name: "e", Top: -1}, "P eq 'x'", "top -1 is out of bounds"},
	} {
		_, err := tb.AddQuery(c.q, c.filter)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("AddQuery %s: %v, want %q", c.q.Name, err, c.want)
		}
	}
	if len(tb.Queries) != 0 {
		t.Fatalf("refused queries were added: %d", len(tb.Queries))
	}
	other, _ := d.AddTable("U")
	oe, _ := other.AddEntity("O", "x", "y", nil)
	if _, err := tb.AddTransaction("x", []*model.Member{{Entity: oe, Count: 1}}); err == nil {
		t.Error("a transaction of another table's entity type was added")
	}
	if _, err := tb.AddTransaction("y", nil); err == nil {
		t.Error("an empty transaction was added")
	}
	roundTrip(t, "refused.yaml", d, nil)
}

// TestFormatRate: rates are written in the unit that gives them exactly.
func TestFormatRate(t *testing.T) {
	for in, want := range map[string]string{
		"0/s": "0/s", "500/s": "500/s", "10/min": "10/min", "2.5/h": "2.5/h", "1/day": "1/day",
		"0.3/s": "18/min", "7/min": "7/min", "1e-05/s": "1e-05/s", "1/3/s": "",
	} {
		if want == "" {
			continue
		}
		r, err := model.ParseRate(in)
		if err != nil {
			t.Fatal(err)
		}
		got := model.FormatRate(r)
		if back, _ := model.ParseRate(got); back != r {
			t.Errorf("%s: written %s, read back %v, want %v", in, got, back, r)
		}
		if got != want {
			t.Errorf("%s: written %s, want %s", in, got, want)
		}
	}
	// No unit gives 1/3 a second exactly in a short number: events a
	// second, every digit.
	r := model.Rate(1.0 / 3)
	if back, _ := model.ParseRate(model.FormatRate(r)); back != r {
		t.Errorf("1/3 a second: written %s, read back %v", model.FormatRate(r), back)
	}
}

// TestEncodeTooLarge: a design whose aliases stand for more than the
// loader reads unaliased is refused with ErrTooLarge, nothing written.
func TestEncodeTooLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString("tables:\n  T0: {entities: {E: {partitionKey: x, rowKey: y, properties: &p {")
	for i := range 100 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "Property_with_a_long_descriptive_name_%03d: String", i)
	}
	b.WriteString("}}}}\n")
	for i := 1; i < 900; i++ {
		fmt.Fprintf(&b, "  T%d: {entities: {E: {partitionKey: x, rowKey: y, properties: *p}}}\n", i)
	}
	d, err := model.Parse("aliases.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := model.Encode(&out, d, nil); !errors.Is(err, model.ErrTooLarge) || out.Len() != 0 {
		t.Fatalf("Encode: %v, %d bytes written; want ErrTooLarge and nothing", err, out.Len())
	}
}
