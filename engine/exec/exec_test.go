package exec

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/engine/store"
	"github.com/tablelint/tablelint/odata"
	"github.com/tablelint/tablelint/plan"
)

func p(name string, v edm.Value) edm.Property { return edm.Property{Name: name, Value: v} }

// semanticTable holds entities of every type, some lacking properties.
func semanticTable(t testing.TB) *store.Table {
	t.Helper()
	s := store.New(store.Options{})
	tb, _ := s.CreateTable("Sem")
	add := func(pk, rk string, props ...edm.Property) {
		e, err := store.MakeEntity(pk, rk, props...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Insert(e); err != nil {
			t.Fatal(err)
		}
	}
	add("p", "a", p("X", edm.StringValue("a")), p("N", edm.Int32Value(5)), p("L", edm.Int64Value(5)), p("D", edm.DoubleValue(5.5)),
		p("B", edm.BoolValue(true)), p("T", edm.MustDateTimeValue("2024-01-01T00:00:00.1234567Z")), p("G", edm.MustGuidValue("ABCDEF01-2345-6789-ABCD-EF0123456789")),
		p("Y", edm.BinaryValue([]byte{1, 2, 3})))
	add("p", "b", p("X", edm.StringValue("b")), p("N", edm.Int32Value(7)), p("D", edm.DoubleValue(math.NaN())))
	add("p", "c")
	add("p", "😀", p("X", edm.StringValue("😀")))
	add("p", "\ue000", p("X", edm.StringValue("\ue000")))
	add("r", "1", p("N", edm.StringValue("5")))
	add("r", "2", p("N", edm.DoubleValue(5)))
	add("r", "3", p("N", edm.Int64Value(5)))
	return tb
}

func keys(es []*store.Entity) string {
	var out []string
	for _, e := range es {
		out = append(out, e.PartitionKey+"/"+e.RowKey)
	}
	return strings.Join(out, " ")
}

func TestSemantics(t *testing.T) {
	tb := semanticTable(t)
	x := New(Options{})
	for _, c := range []struct{ filter, want string }{
		{"", "p/a p/b p/c p/😀 p/\ue000 r/1 r/2 r/3"},
		// A missing property matches nothing, ne included.
		{"X ne 'a'", "p/b p/😀 p/\ue000"},
		{"Nope ne 1", ""},
		// not negates: entities without the property match (Azurite's behaviour).
		{"not (X eq 'a')", "p/b p/c p/😀 p/\ue000 r/1 r/2 r/3"},
		{"not (X ne 'a')", "p/a p/c r/1 r/2 r/3"},
		{"not (Nope eq 1)", "p/a p/b p/c p/😀 p/\ue000 r/1 r/2 r/3"},
		// Other types match nothing.
		{"N eq 5", "p/a"},
		{"N eq 5L", "r/3"},
		{"N eq 5.0", "r/2"},
		{"N eq '5'", "r/1"},
		{"N ge 5", "p/a p/b"},
		{"L eq 5", ""},
		{"L eq 5L", "p/a"},
		{"D gt 5", ""},
		{"D gt 5.0", "p/a"},
		{"D ne 1.0", "p/a"}, // NaN matches nothing
		{"B eq true", "p/a"},
		{"B ne false", "p/a"},
		{"B gt false", "p/a"},
		// DateTime at 100 ns.
		{"T eq datetime'2024-01-01T00:00:00.1234567Z'", "p/a"},
		{"T eq datetime'2024-01-01T00:00:00.123Z'", ""},
		{"T gt datetime'2024-01-01T00:00:00.123Z'", "p/a"},
		{"T lt datetime'2024-01-01T00:00:00.1234568Z'", "p/a"},
		{"T eq '2024-01-01T00:00:00.1234567Z'", ""},
		// Guid and Binary by value.
		{"G eq guid'abcdef01-2345-6789-abcd-ef0123456789'", "p/a"},
		{"G eq guid'ABCDEF01-2345-6789-ABCD-EF0123456789'", "p/a"},
		{"G eq 'abcdef01-2345-6789-abcd-ef0123456789'", ""},
		{"Y eq X'010203'", "p/a"},
		{"Y eq binary'010203'", "p/a"},
		{"Y gt X'0102'", "p/a"},
		{"Y lt X'02'", "p/a"},
		// Strings in UTF-16 order.
		{"X gt 'b'", "p/😀 p/\ue000"},
		{"X gt '😀'", "p/\ue000"},
		{"RowKey lt '\ue000' and PartitionKey eq 'p'", "p/a p/b p/c p/😀"},
		{"RowKey gt '😀'", "p/\ue000"},
		// Keys compared with non-strings match nothing.
		{"PartitionKey eq 1", ""},
		{"PartitionKey eq 'p' and RowKey eq 1", ""},
		// Timestamp is a DateTime property of every stored entity.
		{"Timestamp gt datetime'2000-01-01T00:00:00Z'", "p/a p/b p/c p/😀 p/\ue000 r/1 r/2 r/3"},
		{"Timestamp eq 'x'", ""},
		// and, or, not, groups.
		{"X eq 'a' or X eq 'b'", "p/a p/b"},
		{"(N eq 5 or N eq 7) and not (X eq 'b')", "p/a"},
		{"PartitionKey eq 'r' and (RowKey eq '1' or RowKey eq '3')", "r/1 r/3"},
	} {
		r, err := x.All(tb, Query{Filter: c.filter}, 0)
		if err != nil {
			t.Errorf("%s: %v", c.filter, err)
			continue
		}
		if got := keys(r.Entities); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.filter, got, c.want)
		}
	}
}

func TestInvalidQueries(t *testing.T) {
	tb := semanticTable(t)
	x := New(Options{})
	_, err := x.All(tb, Query{Filter: "X eq"}, 0)
	var se *store.Error
	var oe *odata.Error
	if !errors.As(err, &se) || se.Status != 400 || se.Code != store.CodeInvalidInput || !errors.As(err, &oe) {
		t.Errorf("bad filter: %v", err)
	}
	for _, top := range []int{-1, 1001} {
		if _, err := x.All(tb, Query{Top: top}, 0); !IsInvalidQuery(err) {
			t.Errorf("top %d: %v", top, err)
		}
	}
}

// bigTable has parts partitions of rows entities each: RowKeys r0000..,
// property N = row number, Even = N is even.
func bigTable(t testing.TB, parts, rows int) *store.Table {
	t.Helper()
	s := store.New(store.Options{})
	tb, _ := s.CreateTable("Big")
	for i := range parts {
		for j := range rows {
			e, err := store.MakeEntity(fmt.Sprintf("p%02d", i), fmt.Sprintf("r%04d", j),
				p("N", edm.Int32Value(int32(j))), p("Even", edm.BoolValue(j%2 == 0)))
			if err != nil {
				t.Fatal(err)
			}
			tb.Insert(e)
		}
	}
	return tb
}

func TestPlansScanWhatTheyShould(t *testing.T) {
	tb := bigTable(t, 4, 100)
	x := New(Options{NoPartitionBoundary: true})
	for _, c := range []struct {
		filter                        string
		kind                          plan.Kind
		scanned, returned, partitions int
	}{
		{"PartitionKey eq 'p01' and RowKey eq 'r0005'", plan.Point, 1, 1, 1},
		{"PartitionKey eq 'p01' and RowKey eq 'r0005' and N eq 6", plan.Point, 1, 0, 1},
		{"PartitionKey eq 'p01' and RowKey eq 'nope'", plan.Point, 0, 0, 1},
		{"PartitionKey eq 'p01' and RowKey ge 'r0010' and RowKey lt 'r0020'", plan.Range, 10, 10, 1},
		{"PartitionKey eq 'p01' and RowKey gt 'r0010' and RowKey le 'r0020'", plan.Range, 10, 10, 1},
		{"PartitionKey eq 'p01' and RowKey gt 'r0010' and RowKey gt 'r0015' and RowKey lt 'r0030' and RowKey le 'r0020'", plan.Range, 5, 5, 1},
		{"PartitionKey eq 'p01' and RowKey ge 'r0090' and Even eq true", plan.Range, 10, 5, 1},
		{"PartitionKey eq 'p01' and RowKey ge 'r0050' and RowKey lt 'r0040'", plan.Range, 0, 0, 1},
		{"PartitionKey eq 'p02' and N lt 10", plan.PartitionScan, 100, 10, 1},
		{"PartitionKey eq 'p02' and (RowKey eq 'r0001' or RowKey eq 'r0002')", plan.PartitionScan, 100, 2, 1},
		{"N lt 10", plan.TableScan, 400, 40, 4},
		{"RowKey eq 'r0001'", plan.TableScan, 400, 4, 4},
		{"PartitionKey ge 'p01' and PartitionKey lt 'p03' and N eq 1", plan.TableScan, 200, 2, 2},
		{"PartitionKey gt 'p01' and N eq 1", plan.TableScan, 200, 2, 2},
		{"PartitionKey le 'p01' and N eq 1", plan.TableScan, 200, 2, 2},
		{"PartitionKey eq 'p01' or PartitionKey eq 'p03'", plan.TableScan, 400, 200, 4},
	} {
		pr, err := x.Prepare(c.filter)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := x.All(tb, Query{Filter: c.filter}, 0)
		if pr.Plan.Kind != c.kind || r.Stats.Scanned != c.scanned || r.Stats.Returned != c.returned || r.Stats.Partitions != c.partitions || len(r.Entities) != c.returned {
			t.Errorf("%s: kind %v scanned %d returned %d partitions %d; want %v %d %d %d",
				c.filter, pr.Plan.Kind, r.Stats.Scanned, r.Stats.Returned, r.Stats.Partitions, c.kind, c.scanned, c.returned, c.partitions)
		}
	}
}

func TestPaging(t *testing.T) {
	tb := bigTable(t, 3, 1500)
	// 1,000 per page and a page break at each partition boundary.
	x := New(Options{})
	r, _ := x.All(tb, Query{}, 0)
	if want := []int{1000, 500, 1000, 500, 1000, 500}; !slices.Equal(r.PageSizes, want) || r.Stats.Returned != 4500 || r.Stats.Partitions != 3 {
		t.Errorf("pages %v returned %d partitions %d", r.PageSizes, r.Stats.Returned, r.Stats.Partitions)
	}
	// Without partition boundaries (Azurite): 1000, 1000, 1000, 1000, 500.
	r, _ = New(Options{NoPartitionBoundary: true}).All(tb, Query{}, 0)
	if want := []int{1000, 1000, 1000, 1000, 500}; !slices.Equal(r.PageSizes, want) {
		t.Errorf("no boundary: pages %v", r.PageSizes)
	}
	// $top is per page.
	r, _ = x.All(tb, Query{Filter: "PartitionKey eq 'p01' and N lt 5", Top: 2}, 0)
	if want := []int{2, 2, 1}; !slices.Equal(r.PageSizes, want) || keys(r.Entities) != "p01/r0000 p01/r0001 p01/r0002 p01/r0003 p01/r0004" {
		t.Errorf("top: pages %v %s", r.PageSizes, keys(r.Entities))
	}
	// maxPages stops early.
	r, _ = x.All(tb, Query{Top: 10}, 3)
	if r.Stats.Pages != 3 || len(r.Entities) != 30 {
		t.Errorf("maxPages: %d pages %d entities", r.Stats.Pages, len(r.Entities))
	}
	// A full page whose next entity does not match still has a
	// continuation; the last page is then empty.
	r, _ = x.All(tb, Query{Filter: "PartitionKey eq 'p00' and N lt 2", Top: 2}, 0)
	if want := []int{2, 0}; !slices.Equal(r.PageSizes, want) {
		t.Errorf("trailing page: %v", r.PageSizes)
	}
}

func TestContinuationRoundTrip(t *testing.T) {
	tb := bigTable(t, 3, 50)
	x := New(Options{})
	q := Query{Filter: "Even eq true", Top: 7}
	all, _ := x.All(tb, q, 0)
	// Walk page by page through Page with the returned tokens, and restart
	// from every token with a fresh executor: the rest is the same.
	var got []*store.Entity
	var from *Continuation
	for {
		pg, err := x.Page(tb, q, from)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, pg.Entities...)
		if pg.Next == nil {
			break
		}
		tok := *pg.Next
		// A fresh executor resumed from the token reads the remainder.
		fresh := New(Options{})
		var rest []*store.Entity
		for c := &tok; c != nil; {
			pg, _ := fresh.Page(tb, q, c)
			rest = append(rest, pg.Entities...)
			c = pg.Next
		}
		if keys(rest) != keys(all.Entities[len(got):]) {
			t.Fatalf("resuming from %+v: %s", tok, keys(rest))
		}
		from = &tok
	}
	if keys(got) != keys(all.Entities) || len(got) != 75 {
		t.Errorf("paged %d entities, all %d", len(got), len(all.Entities))
	}
	// A token from the middle of a partition resumes exactly there.
	pg, _ := x.Page(tb, Query{Filter: "N ge 0"}, &Continuation{NextPartitionKey: "p01", NextRowKey: "r0040"})
	if len(pg.Entities) != 10 || pg.Entities[0].RowKey != "r0040" || pg.Next == nil || pg.Next.NextPartitionKey != "p02" || pg.Next.NextRowKey != "r0000" {
		t.Errorf("resume: %s next %+v", keys(pg.Entities), pg.Next)
	}
	// A token before the plan's range is ignored; one after it ends the query.
	pg, _ = x.Page(tb, Query{Filter: "PartitionKey eq 'p01' and RowKey ge 'r0045'"}, &Continuation{NextPartitionKey: "p00", NextRowKey: "r0000"})
	if len(pg.Entities) != 5 {
		t.Errorf("early token: %s", keys(pg.Entities))
	}
	pg, _ = x.Page(tb, Query{Filter: "PartitionKey eq 'p01'"}, &Continuation{NextPartitionKey: "p02", NextRowKey: ""})
	if len(pg.Entities) != 0 || pg.Next != nil {
		t.Errorf("late token: %s", keys(pg.Entities))
	}
}

func TestFiveSecondLimit(t *testing.T) {
	tb := bigTable(t, 1, 1000)
	// 100 entities a second: 500 per five-second request.
	x := New(Options{ScanRate: 100})
	r, _ := x.All(tb, Query{Filter: "N eq 999"}, 0)
	if want := []int{0, 1}; !slices.Equal(r.PageSizes, want) || r.Stats.Scanned != 1000 || r.Stats.Elapsed != 10*time.Second {
		t.Errorf("pages %v scanned %d elapsed %v", r.PageSizes, r.Stats.Scanned, r.Stats.Elapsed)
	}
	x = New(Options{ScanRate: 10, RequestTime: time.Second})
	r, _ = x.All(tb, Query{Filter: "N ge 995"}, 0)
	if r.Stats.Pages != 100 || len(r.Entities) != 5 || r.Stats.Partitions != 1 {
		t.Errorf("pages %d entities %d partitions %d", r.Stats.Pages, len(r.Entities), r.Stats.Partitions)
	}
}

func TestShapeCache(t *testing.T) {
	tb := bigTable(t, 2, 20)
	x := New(Options{})
	for i := range 20 {
		f := fmt.Sprintf("PartitionKey eq 'p%02d' and RowKey ge 'r%04d' and N lt %d and Even eq %v", i%2, i, i+3, i%3 == 0)
		r, err := x.All(tb, Query{Filter: f}, 0)
		if err != nil {
			t.Fatal(err)
		}
		pf, _ := odata.Parse(f)
		want := Compile(pf)
		var wantKeys []*store.Entity
		tb.AscendAll(func(e *store.Entity) bool {
			if want.Match(e) {
				wantKeys = append(wantKeys, e)
			}
			return true
		})
		if keys(r.Entities) != keys(wantKeys) {
			t.Errorf("%s: cached %s, direct %s", f, keys(r.Entities), keys(wantKeys))
		}
	}
	st := x.CacheStats()
	if st.Parsed != 20 || st.Exact != 0 {
		t.Errorf("cache stats %+v, want 20 parses and no exact hits", st)
	}
	x.Prepare("PartitionKey eq 'p00' and RowKey ge 'r0000' and N lt 3 and Even eq true")
	if x.CacheStats().Exact != 1 {
		t.Errorf("exact hit not counted: %+v", x.CacheStats())
	}
	// A bad literal in a known shape gets the parser's error.
	x.Prepare("N lt 3L")
	x.Prepare("N lt 4L")
	if _, err := x.Prepare("N lt 99999999999999999999L"); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("bad literal in a cached shape: %v", err)
	}
	if st := x.CacheStats(); st.Parsed != 23 || st.Exact != 1 {
		t.Errorf("cache stats %+v", st)
	}
}

// reference evaluates a filter by walking the tree, independently of the
// compiler and the planner.
func reference(f *odata.Filter, e *store.Entity) bool {
	if f.Expr == nil {
		return true
	}
	var expr func(x *odata.Expr) bool
	var factor func(f *odata.Factor) bool
	expr = func(x *odata.Expr) bool {
		for _, t := range x.Terms {
			all := true
			for _, f := range t.Factors {
				if !factor(f) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
		return false
	}
	factor = func(f *odata.Factor) bool {
		switch {
		case f.Not != nil:
			return !factor(f.Not)
		case f.Group != nil:
			return expr(f.Group)
		}
		v, ok := e.Get(f.Cmp.Property)
		lit := f.Cmp.Value.Value
		if !ok || v.Type != lit.Type {
			return false
		}
		var c int
		if v.Type == edm.String {
			c = edm.CompareStrings(v.Str, lit.Str)
		} else if c, ok = edm.Compare(v, lit); !ok {
			return false
		}
		return test(f.Cmp.Op, c)
	}
	return expr(f.Expr)
}

// TestRandomFiltersAgainstReference checks plans, seeks, bounds and
// compiled predicates against a tree-walking evaluator on random filters.
func TestRandomFiltersAgainstReference(t *testing.T) {
	tb := bigTable(t, 5, 40)
	rng := rand.New(rand.NewPCG(1, 2))
	x := New(Options{})
	ops := []string{"eq", "ne", "gt", "ge", "lt", "le"}
	cmpGen := func() string {
		op := ops[rng.IntN(len(ops))]
		switch rng.IntN(5) {
		case 0:
			return fmt.Sprintf("PartitionKey %s 'p%02d'", op, rng.IntN(6))
		case 1:
			return fmt.Sprintf("RowKey %s 'r%04d'", op, rng.IntN(45))
		case 2:
			return fmt.Sprintf("N %s %d", op, rng.IntN(45))
		case 3:
			return fmt.Sprintf("Even %s %v", op, rng.IntN(2) == 0)
		}
		return fmt.Sprintf("N %s %dL", op, rng.IntN(45))
	}
	var gen func(depth int) string
	gen = func(depth int) string {
		if depth == 0 || rng.IntN(3) == 0 {
			return cmpGen()
		}
		switch rng.IntN(4) {
		case 0:
			return "not (" + gen(depth-1) + ")"
		case 1:
			return "(" + gen(depth-1) + " or " + gen(depth-1) + ")"
		}
		return gen(depth-1) + " and " + gen(depth-1)
	}
	for range 2000 {
		f := gen(3)
		if rng.IntN(2) == 0 {
			f = fmt.Sprintf("PartitionKey eq 'p%02d' and ", rng.IntN(6)) + f
		}
		r, err := x.All(tb, Query{Filter: f, Top: rng.IntN(3) * 7}, 0)
		if err != nil {
			t.Fatal(err)
		}
		pf, _ := odata.Parse(f)
		var want []*store.Entity
		tb.AscendAll(func(e *store.Entity) bool {
			if reference(pf, e) {
				want = append(want, e)
			}
			return true
		})
		if keys(r.Entities) != keys(want) {
			t.Fatalf("%s:\n got %s\nwant %s", f, keys(r.Entities), keys(want))
		}
	}
}

// TestNoEntities checks that a page without entities (Options.NoEntities)
// counts what a page with them holds, page after page, and that a point
// read then allocates nothing.
func TestNoEntities(t *testing.T) {
	tb := semanticTable(t)
	with, without := New(Options{PageSize: 2, Bytes: true}), New(Options{PageSize: 2, Bytes: true, NoEntities: true})
	for _, f := range []string{
		"", "PartitionKey eq 'p' and RowKey eq 'a'", "PartitionKey eq 'p' and RowKey eq 'zz'",
		"PartitionKey eq 'p' and RowKey eq 'a' and N eq 6", "PartitionKey eq 'p' and RowKey ge 'b'",
		"PartitionKey eq 'p' and X ne 'b'", "N eq 5", "PartitionKey ge 'q'",
	} {
		for _, top := range []int{0, 1} {
			a, err := with.All(tb, Query{Filter: f, Top: top}, 0)
			if err != nil {
				t.Fatal(err)
			}
			b, err := without.All(tb, Query{Filter: f, Top: top}, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Entities) != 0 || a.Stats != b.Stats || a.Stats.Returned != len(a.Entities) || !slices.Equal(a.PageSizes, b.PageSizes) {
				t.Errorf("%q top %d: with entities %+v %v, without %+v %v (%d entities)", f, top, a.Stats, a.PageSizes, b.Stats, b.PageSizes, len(b.Entities))
			}
		}
	}
	// Without Bytes (which sizes each entity read).
	without = New(Options{NoEntities: true})
	p, err := without.Prepare("PartitionKey eq 'p' and RowKey eq 'b'")
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(50, func() {
		if pg := without.PagePrepared(tb, p, 0, nil); pg.Stats.Returned != 1 {
			t.Fatal("point read returned nothing")
		}
	}); n != 0 {
		t.Errorf("a point read without entities allocates %v times", n)
	}
}

// TestPrepareScratch checks that PrepareScratch answers as Prepare does
// (the same pages, plans and errors) while it reuses its memory from one
// filter to the next, and that a filter seen again is cached.
func TestPrepareScratch(t *testing.T) {
	tb := bigTable(t, 5, 40)
	x, ref := New(Options{}), New(Options{})
	var s Scratch
	shapes := []string{
		"PartitionKey eq 'p%02d' and RowKey ge 'r%04d' and N lt %d",
		"PartitionKey eq 'p%02d' and RowKey eq 'r%04d' or N eq %d",
		"PartitionKey eq 'p%02d' and not (RowKey lt 'r%04d') and N gt %dL",
		"PartitionKey gt 'p%02d' and RowKey le 'r%04d' and N ne %d and",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 400 {
		f := fmt.Sprintf(shapes[rng.IntN(len(shapes))], rng.IntN(6), rng.IntN(45), rng.IntN(45))
		if i%50 == 49 {
			f = "PartitionKey eq 'p01' and RowKey ge 'r0003' and N lt 9" // seen again
		}
		got, gerr := x.PrepareScratch(f, &s)
		want, werr := ref.Prepare(f)
		if (gerr == nil) != (werr == nil) || (gerr != nil && gerr.Error() != werr.Error()) {
			t.Fatalf("%s: error %v, Prepare's %v", f, gerr, werr)
		}
		if gerr != nil {
			continue
		}
		if got.Plan.Kind != want.Plan.Kind {
			t.Fatalf("%s: plan %v, Prepare's %v", f, got.Plan.Kind, want.Plan.Kind)
		}
		gp, wp := x.PagePrepared(tb, got, 0, nil), ref.PagePrepared(tb, want, 0, nil)
		if keys(gp.Entities) != keys(wp.Entities) || gp.Stats != wp.Stats {
			t.Fatalf("%s:\n got %s %+v\nwant %s %+v", f, keys(gp.Entities), gp.Stats, keys(wp.Entities), wp.Stats)
		}
	}
	// Three calls in a row: the first prepares into s, the second
	// caches, the third finds the cached filter.
	f := "PartitionKey eq 'p04' and RowKey ge 'r0044' and N lt 1"
	before := x.CacheStats()
	for range 3 {
		if _, err := x.PrepareScratch(f, &s); err != nil {
			t.Fatal(err)
		}
	}
	if st := x.CacheStats(); st.Exact != before.Exact+1 || st.Parsed != before.Parsed+2 {
		t.Errorf("a filter seen again is not cached: %+v before, %+v after", before, st)
	}
}
