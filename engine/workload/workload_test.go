package workload

import (
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/odata"
)

// tpl parses a key template, as the design model does.
func tpl(s string) *model.Template {
	parts, err := model.ParseTemplate(s)
	if err != nil {
		panic(err)
	}
	return &model.Template{Text: s, Parts: parts}
}

// flt parses a design filter, as the design model does.
func flt(s string) *odata.Filter {
	f, err := odata.ParseTemplate(s)
	if err != nil {
		panic(err)
	}
	return f
}

var spec = &Spec{Tables: []Table{{
	Name: "Employees",
	Entities: []Entity{
		{Name: "Employee", PartitionKey: tpl("{Department}"), RowKey: tpl("empid_{EmployeeId:%06d}"), Count: 500, Writes: 20, Line: 5,
			Properties: []Property{{Name: "Department", Type: edm.String, Cardinality: 4}, {Name: "EmployeeId", Type: edm.Int32},
				{Name: "LastName", Type: edm.String, Cardinality: 50}, {Name: "Email", Type: edm.String}}},
		{Name: "ByEmail", PartitionKey: tpl("{Department}"), RowKey: tpl("email_{Email}"), Count: 500,
			Properties: []Property{{Name: "EmployeeId", Type: edm.Int32}}},
	},
	Queries: []Query{
		{Name: "byId", Filter: flt("PartitionKey eq '{Department}' and RowKey eq 'empid_{EmployeeId:%06d}'"), Rate: 50, Line: 9},
		{Name: "byName", Filter: flt("PartitionKey eq '{Department}' and LastName eq '{LastName}'"), Rate: 2},
	},
}}}

func drain(t *testing.T, s replay.Source) []tracefmt.Op {
	var ops []tracefmt.Op
	for {
		var op tracefmt.Op
		err := s.Next(&op)
		if errors.Is(err, io.EOF) {
			return ops
		}
		if err != nil {
			t.Fatal(err)
		}
		ops = append(ops, op)
	}
}

func TestGenerateDeterministic(t *testing.T) {
	gen := func(seed int64) string {
		w, err := Generate(spec, Options{Seed: seed, Duration: 10})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(drain(t, w.Setup()), drain(t, w))
	}
	if first, again := gen(1), gen(1); first != again {
		t.Error("same seed, different workloads")
	}
	if gen(1) == gen(2) {
		t.Error("different seeds, same workload")
	}
}

func TestGenerateReplays(t *testing.T) {
	w, err := Generate(spec, Options{Seed: 3, Duration: 10})
	if err != nil {
		t.Fatal(err)
	}
	if w.Len() != 200+500+20 {
		t.Errorf("%d operations, want 720", w.Len())
	}
	rep, err := replay.Run(w, replay.NewEngine(replay.EngineOptions{}), replay.Options{Duration: 10, Setup: w.Setup()})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Statuses[400] != 0 || rep.Statuses[409] != 0 {
		t.Errorf("statuses %v", rep.Statuses)
	}
	seen := map[string]bool{}
	for _, q := range rep.Queries {
		seen[q.Name] = true
		switch q.Name {
		case "byId":
			// Parameters come from existing entities: every point query finds one.
			if q.Plan != "point" || q.Returned.Total != int64(q.Calls) || q.Calls != 500 {
				t.Errorf("byId %+v", q)
			}
		case "byName":
			// A partition scan of one of 4 departments (about 125 of 500+ employees).
			if q.Plan != "partition-scan" || q.Scanned.Mean < 200 || q.Returned.Total < int64(q.Calls) {
				t.Errorf("byName %+v", q)
			}
		}
	}
	// The checks above must not pass by finding nothing to check.
	for _, name := range []string{"byId", "byName"} {
		if !seen[name] {
			t.Errorf("query %s is missing from the report (queries: %v)", name, seen)
		}
	}
}

func TestIndexCopyKeys(t *testing.T) {
	w, err := Generate(spec, Options{Seed: 1, Duration: 1})
	if err != nil {
		t.Fatal(err)
	}
	ops := drain(t, w.Setup())
	// Employee i and ByEmail i share the department.
	emp, idx := string(edm.AppendEntityJSON(nil, ops[1].Props)), string(edm.AppendEntityJSON(nil, ops[501].Props))
	dept := func(s string) string { return s[strings.Index(s, `"PartitionKey":`):strings.Index(s, `,"RowKey"`)] }
	if dept(emp) != dept(idx) || !strings.Contains(idx, `"RowKey":"email_Email0"`) {
		t.Errorf("employee %s\nindex %s", emp, idx)
	}
}

func TestTemplateErrors(t *testing.T) {
	bad := &Spec{Tables: []Table{{Name: "T", Entities: []Entity{{Name: "E", PartitionKey: tpl("{Nope}"), RowKey: tpl("x")}}}}}
	if _, err := Generate(bad, Options{}); err == nil || !strings.Contains(err.Error(), "{Nope} names no property") {
		t.Errorf("err = %v", err)
	}
	huge := &Spec{Tables: []Table{{Name: "T", Entities: []Entity{{Name: "E", PartitionKey: tpl("p"), RowKey: tpl("{seq}"), Count: 10, Writes: 1e9}}}}}
	if _, err := Generate(huge, Options{Duration: 60, MaxOps: 1000}); err == nil || !strings.Contains(err.Error(), "more than 1000 operations") {
		t.Errorf("err = %v", err)
	}
}

// TestOperationCapCannotOverflow: volumes whose operation counts overflow
// int64 (or are NaN, infinite or negative) are refused, never wrapped
// past the cap.
func TestOperationCapCannotOverflow(t *testing.T) {
	for _, e := range []Entity{
		{Count: math.MaxInt64},
		{Count: math.MaxInt64 - 5, Writes: 1},
		{Writes: 1e308},
		{Writes: math.Inf(1)},
		{Writes: math.NaN()},
		{Writes: -5},
		{Count: -1},
	} {
		e.Name, e.PartitionKey, e.RowKey = "E", tpl("p"), tpl("{seq}")
		s := &Spec{Tables: []Table{{Name: "T", Entities: []Entity{e}}}}
		if _, err := Generate(s, Options{Duration: 60}); err == nil || !capError.MatchString(err.Error()) {
			t.Errorf("count %d writes %g: err = %v, want the cap", e.Count, e.Writes, err)
		}
	}
	// Two entity types each under the cap, together over it.
	two := &Spec{Tables: []Table{{Name: "T", Entities: []Entity{
		{Name: "A", PartitionKey: tpl("p"), RowKey: tpl("{seq}"), Count: math.MaxInt64/2 + 1},
		{Name: "B", PartitionKey: tpl("p"), RowKey: tpl("{seq}"), Count: math.MaxInt64/2 + 1},
	}}}}
	if _, err := Generate(two, Options{Duration: 60, MaxOps: math.MaxInt64}); err == nil {
		t.Errorf("two halves of MaxInt64 plus more: no error")
	}
	q := &Spec{Tables: []Table{{Name: "T", Entities: []Entity{{Name: "E", PartitionKey: tpl("p"), RowKey: tpl("{seq}")}},
		Queries: []Query{{Name: "q", Filter: flt("PartitionKey eq 'p'"), Rate: 1e300}}}}}
	if _, err := Generate(q, Options{Duration: 60}); err == nil {
		t.Errorf("query rate 1e300: no error")
	}
}

var capError = regexp.MustCompile(`more than (20000000 operations|2000000000 entities)`)

// TestPreloadCap: the entities loaded in the partitions the workload
// reaches count against the operation cap.
func TestPreloadCap(t *testing.T) {
	s := &Spec{Tables: []Table{{Name: "T",
		Entities: []Entity{{Name: "E", PartitionKey: tpl("p"), RowKey: tpl("{seq}"), Count: 30_000_000}},
		Queries:  []Query{{Name: "q", Filter: flt("PartitionKey eq 'p'"), Rate: 1, Top: 1}}}}}
	if _, err := Generate(s, Options{Duration: 10}); err == nil || !strings.Contains(err.Error(), "more than 20000000 operations (30000000 entities to load") {
		t.Errorf("err = %v, want the cap with the entities to load", err)
	}
}

// TestPreloadTouchedOnly: loading only the partitions the workload
// reaches measures exactly what loading every entity does, and loads
// fewer entities when the queries read single partitions.
func TestPreloadTouchedOnly(t *testing.T) {
	sp := &Spec{Tables: []Table{{Name: "Log",
		Entities: []Entity{{Name: "E", PartitionKey: tpl("emp_{Emp:%04d}"), RowKey: tpl("{invticks}"), Count: 20_000, Writes: 20, Line: 3,
			Properties: []Property{{Name: "Emp", Type: edm.Int32, Cardinality: 1000}, {Name: "Note", Type: edm.String}}}},
		Queries: []Query{
			{Name: "latest", Filter: flt("PartitionKey eq 'emp_{Emp:%04d}'"), Rate: 5, Top: 10, Line: 7},
			{Name: "all", Filter: flt("PartitionKey eq 'emp_{Emp:%04d}'"), Rate: 1, Line: 8},
		}}}}
	run := func(all bool) (*replay.Report, int64) {
		w, err := Generate(sp, Options{Seed: 2, Duration: 10, LoadAll: all})
		if err != nil {
			t.Fatal(err)
		}
		loaded, total := w.Preloaded()
		if total != 20_000 {
			t.Fatalf("total %d, want 20000", total)
		}
		rep, err := replay.Run(w, replay.NewEngine(replay.EngineOptions{}), replay.Options{Duration: 10, Setup: w.Setup()})
		if err != nil {
			t.Fatal(err)
		}
		return rep, loaded
	}
	part, nPart := run(false)
	full, nFull := run(true)
	if nFull != 20_000 || nPart >= nFull/2 || nPart == 0 {
		t.Errorf("loaded %d of %d entities, want fewer than half and some", nPart, nFull)
	}
	a, b := fmt.Sprintf("%+v %+v %d %d", part.Queries, part.Statuses, part.Scanned, part.Returned), fmt.Sprintf("%+v %+v %d %d", full.Queries, full.Statuses, full.Scanned, full.Returned)
	if a != b {
		t.Errorf("touched partitions only:\n%s\nevery entity:\n%s", a, b)
	}
	for _, q := range part.Queries {
		if q.Name == "latest" && (q.Pages != int64(q.Calls) || q.Returned.Max != 10) {
			t.Errorf("latest (top 10) read %d pages in %d calls, at most %d entities; want one page of 10 a call", q.Pages, q.Calls, q.Returned.Max)
		}
		if q.Name == "all" && q.Returned.Mean < 15 {
			t.Errorf("all (no top) returned %.1f entities a call, want the partition (about 20)", q.Returned.Mean)
		}
	}
}

// TestFilterValues: values are spliced into the parsed filter's literals,
// quoted as OData literals of their type, and the result parses.
func TestFilterValues(t *testing.T) {
	props := map[string]*Property{
		"P": {Name: "P", Type: edm.String}, "Age": {Name: "Age", Type: edm.Int32},
		"Hired": {Name: "Hired", Type: edm.DateTime}, "Big": {Name: "Big", Type: edm.Int64},
	}
	tg := &tableGen{name: "T"}
	tg.entities = []*entityGen{{t: tg, props: props}}
	src := "PartitionKey eq '{P}' and RowKey ge 'a{{b}}''c_{Age:%04d}' and (Age gt {Age} or Hired ge datetime'{Hired}') and Big eq {Big} and Name eq {P}"
	q, err := newQueryGen(tg, &Query{Name: "q", Filter: flt(src)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := &expandCtx{vals: map[string]edm.Value{
		"P": edm.StringValue("it's"), "Age": edm.Int32Value(30),
		"Hired": edm.DateTimeValue(Start), "Big": edm.Int64Value(5),
	}}
	got := q.filter(ctx)
	want := "PartitionKey eq 'it''s' and RowKey ge 'a{b}''c_0030' and (Age gt 30 or Hired ge datetime'2024-01-01T00:00:00Z') and Big eq 5L and Name eq 'it''s'"
	if got != want {
		t.Errorf("filter\n got %s\nwant %s", got, want)
	}
	if _, err := odata.Parse(got); err != nil {
		t.Errorf("the generated filter does not parse: %v", err)
	}
	if _, err := newQueryGen(tg, &Query{Name: "q", Filter: flt("X eq '{Nope}'")}); err == nil || !strings.Contains(err.Error(), "{Nope} names no property") {
		t.Errorf("unknown placeholder: err = %v", err)
	}
}

// TestTimeKeyedLookup: a point query on a key holding the time an entity
// was written ({invticks}) looks up an existing entity at that time, so
// it finds it, as the log tail design's "claim" query does.
func TestTimeKeyedLookup(t *testing.T) {
	sp := &Spec{Tables: []Table{{Name: "Claims",
		Entities: []Entity{{Name: "E", PartitionKey: tpl("emp_{Emp:%04d}"), RowKey: tpl("{invticks}"), Count: 2_000,
			Properties: []Property{{Name: "Emp", Type: edm.Int32, Cardinality: 100}}}},
		Queries: []Query{{Name: "claim", Filter: flt("PartitionKey eq 'emp_{Emp:%04d}' and RowKey eq '{invticks}'"), Rate: 20}}}}}
	w, err := Generate(sp, Options{Seed: 4, Duration: 5})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := replay.Run(w, replay.NewEngine(replay.EngineOptions{}), replay.Options{Duration: 5, Setup: w.Setup()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Queries) != 1 || rep.Queries[0].Calls != 100 || rep.Queries[0].Returned.Total != 100 {
		t.Errorf("claim %+v: want 100 calls each finding its entity", rep.Queries)
	}
}
