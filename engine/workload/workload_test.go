package workload

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/replay"
)

var spec = &Spec{Tables: []Table{{
	Name: "Employees",
	Entities: []Entity{
		{Name: "Employee", PartitionKey: "{Department}", RowKey: "empid_{EmployeeId:%06d}", Count: 500, Writes: 20, Line: 5,
			Properties: []Property{{Name: "Department", Type: edm.String, Cardinality: 4}, {Name: "EmployeeId", Type: edm.Int32},
				{Name: "LastName", Type: edm.String, Cardinality: 50}, {Name: "Email", Type: edm.String}}},
		{Name: "ByEmail", PartitionKey: "{Department}", RowKey: "email_{Email}", Count: 500,
			Properties: []Property{{Name: "EmployeeId", Type: edm.Int32}}},
	},
	Queries: []Query{
		{Name: "byId", Filter: "PartitionKey eq '{Department}' and RowKey eq 'empid_{EmployeeId:%06d}'", Rate: 50, Line: 9},
		{Name: "byName", Filter: "PartitionKey eq '{Department}' and LastName eq '{LastName}'", Rate: 2},
	},
}}}

func drain(t *testing.T, s replay.Source) []replay.Op {
	var ops []replay.Op
	for {
		var op replay.Op
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
	for _, q := range rep.Queries {
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
}

func TestIndexCopyKeys(t *testing.T) {
	w, err := Generate(spec, Options{Seed: 1, Duration: 1})
	if err != nil {
		t.Fatal(err)
	}
	ops := drain(t, w.Setup())
	// Employee i and ByEmail i share the department.
	emp, idx := string(ops[1].Entity), string(ops[501].Entity)
	dept := func(s string) string { return s[strings.Index(s, `"PartitionKey":`):strings.Index(s, `,"RowKey"`)] }
	if dept(emp) != dept(idx) || !strings.Contains(idx, `"RowKey":"email_Email0"`) {
		t.Errorf("employee %s\nindex %s", emp, idx)
	}
}

func TestTemplateErrors(t *testing.T) {
	bad := &Spec{Tables: []Table{{Name: "T", Entities: []Entity{{Name: "E", PartitionKey: "{Nope}", RowKey: "x"}}}}}
	if _, err := Generate(bad, Options{}); err == nil || !strings.Contains(err.Error(), "{Nope} names no property") {
		t.Errorf("err = %v", err)
	}
	huge := &Spec{Tables: []Table{{Name: "T", Entities: []Entity{{Name: "E", PartitionKey: "p", RowKey: "{seq}", Count: 10, Writes: 1e9}}}}}
	if _, err := Generate(huge, Options{Duration: 60, MaxOps: 1000}); err == nil || !strings.Contains(err.Error(), "more than 1000 operations") {
		t.Errorf("err = %v", err)
	}
}
