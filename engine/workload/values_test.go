package workload

import (
	"fmt"
	"math"
	"syscall"
	"testing"
	"time"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/tracefmt"
	"github.com/tablelint/tablelint/model"
)

// TestValueMap: the permutation runs backwards, values are near-uniform,
// and preimages lists exactly the entities that take a value.
func TestValueMap(t *testing.T) {
	for _, c := range []struct{ card, count int64 }{{40, 200_000}, {20_000, 50_000_000}, {3, 0}, {1000, 5000}, {1 << 40, 10}} {
		m := newValueMap(c.card, c.count, 12345)
		for b := uint64(0); b < 3; b++ {
			keys := m.roundKeys(b)
			for x := uint64(0); x < 5000 && x <= m.mask; x++ {
				y := x * 7919 & m.mask
				if got := m.backward(m.forward(y, keys), keys); got != y {
					t.Fatalf("card %d: backward(forward(%d)) = %d", c.card, y, got)
				}
			}
		}
	}
	const n, card = 400_000, 40
	m := newValueMap(card, n, 99)
	counts := make([]int, card)
	var want []int64
	for i := range int64(n) {
		v := m.index(i)
		counts[v]++
		if v == 7 {
			want = append(want, i)
		}
	}
	for v, k := range counts {
		if math.Abs(float64(k)-n/card) > 0.1*n/card {
			t.Errorf("value %d taken by %d of %d entities, want about %d", v, k, n, n/card)
		}
	}
	got, ok := m.preimages(nil, 7, n, n)
	if !ok || len(got) != len(want) {
		t.Fatalf("preimages: %d (ok %v), want %d", len(got), ok, len(want))
	}
	for k := range got {
		if got[k] != want[k] {
			t.Fatalf("preimages[%d] = %d, want %d", k, got[k], want[k])
		}
	}
	if _, ok := m.preimages(nil, 7, n, 10); ok {
		t.Errorf("preimages over its limit reported ok")
	}
}

// TestKeptByValueMatchesWalk: the entities listed through the values'
// preimages are those a walk over every entity keeps, for keys of one and
// two properties, a property another entity type owns (with another
// count, so other blocks) and a hashed key.
func TestKeptByValueMatchesWalk(t *testing.T) {
	sp := &Spec{Tables: []Table{{Name: "T",
		Entities: []Entity{
			{Name: "A", PartitionKey: tpl("{Dept}_{Emp:%05d}"), RowKey: tpl("{uuid}"), Count: 300_000,
				Properties: []Property{{Name: "Dept", Type: edm.String, Cardinality: 7}, {Name: "Emp", Type: edm.Int32, Cardinality: 3000}}},
			{Name: "B", PartitionKey: tpl("x{Emp}"), RowKey: tpl("{seq}"), Count: 900_000},
			{Name: "C", PartitionKey: tpl("h{hash:Dept:4}"), RowKey: tpl("{seq}"), Count: 50_000},
		}}}}
	w, err := Generate(sp, Options{Seed: 3, Duration: 1})
	if err != nil {
		t.Fatal(err)
	}
	tg := w.g.tables[0]
	tg.touched = map[string]bool{}
	for _, k := range []string{"Dept3_00017", "Dept0_02999", "Dept6_01000", "x17", "x2999", "h1", "nowhere"} {
		tg.touched[k] = true
	}
	for _, e := range tg.entities {
		got, ok := e.keptByValue(tg.touched)
		if !ok {
			t.Fatalf("%s: keptByValue refused", e.spec.Name)
		}
		keep := e.keepFunc(tg.touched)
		var want []int64
		for i := range e.spec.Count {
			if keep(i) {
				want = append(want, i)
			}
		}
		if len(want) == 0 {
			t.Fatalf("%s: the walk keeps nothing", e.spec.Name)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d entities through preimages, %d by the walk", e.spec.Name, len(got), len(want))
		}
		for k := range got {
			if got[k] != want[k] {
				t.Fatalf("%s: entity %d is %d, the walk's %d", e.spec.Name, k, got[k], want[k])
			}
		}
	}
}

// TestPreloadDoesNotWalk: a design that declares a billion entities, of
// which a workload reaches a few partitions, is generated and its setup
// counted in well under a CPU-second; looking at every entity took
// minutes.
func TestPreloadDoesNotWalk(t *testing.T) {
	sp := &Spec{Tables: []Table{{Name: "Log",
		Entities: []Entity{{Name: "E", PartitionKey: tpl("{Dept}_{Emp:%06d}"), RowKey: tpl("{now:20060102150405}_{uuid}"), Count: 1_000_000_000, Writes: 10,
			Properties: []Property{{Name: "Dept", Type: edm.String, Cardinality: 40}, {Name: "Emp", Type: edm.Int32, Cardinality: 20_000}}}},
		Queries: []Query{{Name: "day", Filter: flt("PartitionKey eq '{Dept}_{Emp:%06d}'"), Rate: 2, Top: 5}},
	}}}
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	w, err := Generate(sp, Options{Seed: 1, Duration: 5})
	if err != nil {
		t.Fatal(err)
	}
	loaded, total := w.Preloaded()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano())
	if total != 1_000_000_000 || loaded == 0 || loaded > 10*50_000 {
		t.Errorf("loaded %d of %d", loaded, total)
	}
	if !raceEnabled && cpu > 2*time.Second {
		t.Errorf("generating took %v CPU, want well under 2s", cpu)
	}
	t.Logf("loaded %d of %d in %v CPU", loaded, total, cpu)
	// The setup inserts exactly the listed entities.
	var n int64
	s := w.Setup()
	for {
		var op tracefmt.Op
		if s.Next(&op) != nil {
			break
		}
		if op.Kind == tracefmt.Insert {
			n++
		}
	}
	if n != loaded {
		t.Errorf("setup inserted %d entities, Preloaded says %d", n, loaded)
	}
}

// TestAppendFormatAsFmt checks that the generator's own number and UUID
// writers print what fmt prints for the same verbs.
func TestAppendFormatAsFmt(t *testing.T) {
	verbs := []string{"", "%d", "%06d", "%010d", "%00d", "%01d", "%019d", "%0-5d", "%0+5d", "%x", "%5d", "%08X", "%0ad"}
	vals := []int64{0, 1, 7, 42, 999999, 1000000, -1, -42, math.MaxInt64, math.MinInt64}
	for _, verb := range verbs {
		for _, v := range vals {
			want := fmt.Sprint(v)
			if verb != "" {
				want = fmt.Sprintf(verb, v)
			}
			if got := string(appendFormat([]byte("x"), verb, v)); got != "x"+want {
				t.Errorf("appendFormat(%q, %d) = %q, want %q", verb, v, got[1:], want)
			}
		}
	}
	for _, v := range []uint64{0, 1, 0xabc, 0xffffffff, 0xffffffffffff} {
		for _, w := range []int{3, 4, 8, 12} {
			if v >= 1<<(4*w) {
				continue
			}
			if got, want := string(appendHex(nil, v, w)), fmt.Sprintf("%0*x", w, v); got != want {
				t.Errorf("appendHex(%#x, %d) = %q, want %q", v, w, got, want)
			}
		}
	}
	for _, u := range []uint64{0, 1, 0x0123456789abcdef, math.MaxUint64} {
		want := fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", uint32(u), uint16(u>>32), uint16(u>>48)&0xfff, uint16(u>>20)&0xfff, mix(u)&0xffffffffffff)
		if got := expand([]part{{Part: model.Part{Name: "uuid", Builtin: model.UUID}}}, &expandCtx{uuid: u}); got != want {
			t.Errorf("uuid %#x: %q, want %q", u, got, want)
		}
	}
}
