package model_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/internal/golden"
	"github.com/tablelint/tablelint/model"
)

// loadErr loads a design that must be invalid and returns its error.
func loadErr(t *testing.T, path string) *model.Error {
	t.Helper()
	d, err := model.Load(path)
	if err == nil {
		t.Fatalf("%s: loaded, want an error (%d tables)", path, len(d.Tables))
	}
	var me *model.Error
	if !errors.As(err, &me) {
		t.Fatalf("%s: error %T %v, want *model.Error", path, err, err)
	}
	if me.Line < 1 || me.Col < 1 || me.Msg == "" || strings.Contains(me.Msg, "\n") {
		t.Errorf("%s: error %q lacks a position or is not one line", path, err)
	}
	return me
}

// TestBadDesigns loads every malformed design under testdata/designs/bad
// and checks the one error each gives against the golden file.
func TestBadDesigns(t *testing.T) {
	files, _ := filepath.Glob("../testdata/designs/bad/*.yaml")
	if len(files) < 10 {
		t.Fatalf("found %d bad designs", len(files))
	}
	var b strings.Builder
	for _, f := range files {
		b.WriteString(loadErr(t, f).Error() + "\n")
	}
	golden.CheckString(t, "testdata/bad.golden", b.String())
}

// TestGeneratedBadInput covers the classes of bad input that are generated
// rather than stored: binary data, invalid UTF-8, a 50 MB file, a
// directory, deep nesting, several documents.
func TestGeneratedBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	garbage := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range garbage {
		garbage[i] = byte(rng.IntN(256))
	}
	big := bytes.Repeat([]byte("# padding padding padding padding padding padding\n"), 50<<20/50)
	for _, c := range []struct {
		name string
		path string
		want string
	}{
		{"binary", write("garbage.bin", garbage), "not a YAML design file: binary data"},
		{"nul", write("nul.yaml", []byte("version: 1\ntables:\n  T\x00: {}\n")), "3:4: not a YAML design file: binary data (byte 0x00)"},
		{"invalid utf-8", write("latin1.yaml", []byte("version: 1\n# caf\xe9\n")), "2:6: not a YAML design file: binary data (byte 0xe9)"},
		{"50 MB", write("big.yaml", big), "1:1: design file is larger than the limit of 4 MiB"},
		{"directory", dir, "is a directory"},
		{"deep nesting", write("deep.yaml", []byte("tables: "+strings.Repeat("[", 20000)+strings.Repeat("]", 20000)+"\n")), "invalid YAML"},
		{"two documents", write("two.yaml", []byte("version: 1\ntables: {}\n---\nversion: 1\n")), "3:1: a design file holds one YAML document"},
		{"tab indentation", write("tabs.yaml", []byte("version: 1\ntables:\n\tT: {}\n")), "invalid YAML"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := loadErr(t, c.path); !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestExampleDesignsLoad(t *testing.T) {
	files, _ := filepath.Glob("../testdata/designs/*.yaml")
	checks, _ := filepath.Glob("../testdata/designs/checks/*.yaml")
	for _, f := range append(files, checks...) {
		if _, err := model.Load(f); err != nil {
			t.Errorf("%v", err)
		}
	}
}

func TestSeedExample(t *testing.T) {
	d, err := model.Load("../testdata/designs/employees.tablelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Tables) != 2 || d.Tables[0].Name != "Employees" || d.Target != model.Storage {
		t.Fatalf("tables %v target %v", len(d.Tables), d.Target)
	}
	emp := d.Tables[0].Entity("Employee")
	hired := emp.Property("Hired")
	if hired == nil || hired.Type.String() != "DateTime" {
		t.Errorf("short form Hired: DateTime not read: %+v", hired)
	}
	if p := emp.Property("Department"); p.MaxLength != 32 || p.Cardinality != 40 {
		t.Errorf("Department %+v", p)
	}
	if emp.Count != 200000 || emp.Writes.PerSecond() != 20 {
		t.Errorf("count %d writes %v", emp.Count, emp.Writes)
	}
	// EmployeeByEmail's keys use Department and Email, which only
	// Employee declares: an index entity keys by values it need not store.
	idx := d.Tables[0].Entity("EmployeeByEmail")
	if p := idx.RowKey.Parts[1].Prop; p == nil || p.Entity != emp || p.Name != "Email" {
		t.Errorf("email_{Email} resolved to %+v", p)
	}
	q := d.Tables[0].Queries[0]
	if q.Name != "byId" || q.Plan.Kind.String() != "point" || q.Rate.PerSecond() != 500 {
		t.Errorf("byId: %s %s %v", q.Name, q.Plan.Kind, q.Rate)
	}
	recent := d.Tables[0].Queries[2]
	if recent.Top != 50 || len(recent.Select) != 1 || recent.Rate.PerSecond() != 1.0/60 {
		t.Errorf("recent: top %d select %v rate %v", recent.Top, recent.Select, recent.Rate)
	}
	for p, r := range recent.Params {
		if p.Name != "Hired" || r.Prop != hired || r.Type.String() != "DateTime" {
			t.Errorf("recent param %v resolved to %+v", p, r)
		}
	}
	tx := d.Tables[0].Transactions[0]
	if tx.Name != "hire" || tx.Ops() != 2 || tx.Members[1].Entity != idx {
		t.Errorf("hire: %+v", tx)
	}
}

func TestMergeKeysAndAliases(t *testing.T) {
	src := `
version: 1
tables:
  T:
    entities:
      Base: &base
        partitionKey: "{P}"
        rowKey: "{R}"
        properties: &props
          P: {type: String, maxLength: 8}
          R: {type: String, maxLength: 8}
        count: 10
      Derived:
        <<: *base
        count: 20
      Other: {partitionKey: "x", rowKey: "{R}", properties: *props}
`
	d, err := model.Parse("m.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	der := d.Tables[0].Entity("Derived")
	if der.Count != 20 || der.PartitionKey.Text != "{P}" || len(der.Properties) != 2 {
		t.Errorf("merge: count %d pk %q props %d", der.Count, der.PartitionKey.Text, len(der.Properties))
	}
	if o := d.Tables[0].Entity("Other"); len(o.Properties) != 2 || o.Properties[0].Entity != o {
		t.Errorf("alias properties not bound to Other")
	}
}

func TestRates(t *testing.T) {
	for in, want := range map[string]float64{"20/s": 20, "1/min": 1.0 / 60, "36/h": 0.01, "864/day": 0.01, "0.5/s": 0.5, " 3 / s ": 3} {
		r, err := model.ParseRate(in)
		if err != nil || r.PerSecond() != want {
			t.Errorf("ParseRate(%q) = %v, %v; want %v", in, r, err, want)
		}
	}
	for _, in := range []string{"20", "20/sec", "-1/s", "x/s", "NaN/s", "Inf/s", ""} {
		if _, err := model.ParseRate(in); err == nil {
			t.Errorf("ParseRate(%q) succeeded", in)
		}
	}
}

// honestDesign returns a design of about size bytes without aliases: as
// many tables as fit, each an entity type with four properties and two
// queries (about 75 YAML nodes and 550 bytes a table).
func honestDesign(size int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\ntables:\n")
	const table = `  Orders%05d:
    entities:
      Order:
        partitionKey: "{Customer}"
        rowKey: "order_{OrderId:%%08d}"
        properties:
          Customer: {type: String, maxLength: 32, cardinality: 1000}
          OrderId: {type: Int64}
          Total: Double
          Placed: DateTime
        count: 100000
        writes: 10/s
    queries:
      byId: {filter: "PartitionKey eq '{Customer}' and RowKey eq 'order_{OrderId:%%08d}'", rate: 50/s}
      recent: {filter: "PartitionKey eq '{Customer}' and Placed ge datetime'{Placed}'", rate: 1/s, top: 20}
`
	for i := 0; b.Len()+len(table) < size; i++ {
		fmt.Fprintf(&b, table, i)
	}
	return []byte(b.String())
}

// cpuTime is the CPU time (user and system) the process has used so far.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestLargeHonestDesign checks that the YAML bound counts only what
// aliases add: a design just under MaxFileSize with thousands of tables
// and no alias (far more than MaxAliasNodes plain nodes) loads, in under
// 2 CPU seconds.
func TestLargeHonestDesign(t *testing.T) {
	src := honestDesign(model.MaxFileSize)
	start := cpuTime(t)
	d, err := model.Parse("big.yaml", src)
	cpu := cpuTime(t) - start
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Tables) < 3000 {
		t.Errorf("%d tables, want over 3000 from %d bytes", len(d.Tables), len(src))
	}
	t.Logf("%d bytes, %d tables: %v CPU", len(src), len(d.Tables), cpu)
	if !raceEnabled && cpu > 2*time.Second {
		t.Errorf("loading %d bytes took %v CPU, want under 2s", len(src), cpu)
	}
}

// TestAliasBounds checks what aliases may add: a modest use loads, a bomb
// or an alias inside the node it names is refused with one positioned
// line, quickly.
func TestAliasBounds(t *testing.T) {
	// 2,000 tables share one properties block by alias: about 10 nodes
	// each, 20,000 in all, well within MaxAliasNodes.
	var shared strings.Builder
	shared.WriteString("version: 1\ntables:\n  T0000:\n    entities:\n      E:\n        partitionKey: \"{P}\"\n        rowKey: \"{R}\"\n        properties: &props {P: String, R: String, A: Int32, B: Double}\n")
	for i := 1; i < 2000; i++ {
		fmt.Fprintf(&shared, "  T%04d: {entities: {E: {partitionKey: \"{P}\", rowKey: \"{R}\", properties: *props}}}\n", i)
	}
	d, err := model.Parse("shared.yaml", []byte(shared.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Tables) != 2000 || len(d.Tables[1999].Entities[0].Properties) != 4 {
		t.Errorf("shared properties: %d tables", len(d.Tables))
	}

	// Ten levels of ten aliases each stand for 10^10 nodes.
	var bomb strings.Builder
	bomb.WriteString("version: 1\nl0: &l0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&bomb, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	for _, c := range []struct{ name, src, want string }{
		{"bomb", bomb.String(), "b.yaml:7:10: aliases expand to more than 200000 YAML nodes (an alias bomb?)"},
		{"self", "version: 1\ntables: &t {T: *t}\n", "b.yaml:2:16: alias *t is used inside the node it names, which never ends"},
		{"deep self", "version: 1\ntables: &t\n  T:\n    entities: [x, {y: [*t]}]\n", "b.yaml:4:24: alias *t is used inside the node it names, which never ends"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := cpuTime(t)
			_, err := model.Parse("b.yaml", []byte(c.src))
			if cpu := cpuTime(t) - start; !raceEnabled && cpu > time.Second {
				t.Errorf("refusing took %v CPU", cpu)
			}
			if err == nil || err.Error() != c.want {
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
}
