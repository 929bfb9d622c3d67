package store

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tablelint/tablelint/edm"
)

// TestStorageModel runs random inserts, upserts, merges and deletes on a
// table and on a map, with values large enough that the table compacts
// its chunks several times, and with every RowKey hash colliding in a
// second table; after each round the two must hold the same entities in
// the same order, and entities read before stay unchanged.
func TestStorageModel(t *testing.T) {
	for _, collide := range []bool{false, true} {
		t.Run(fmt.Sprintf("collide=%v", collide), func(t *testing.T) {
			_, tb := newTestTable(t)
			if collide {
				tb.hashMask = 0
			}
			rng := rand.New(rand.NewPCG(1, 2))
			model := map[[2]string]map[string]edm.Value{}
			type kept struct {
				e    *Entity
				want map[string]edm.Value
			}
			var held []kept
			compactions := 0
			for round := range 40 {
				for range 500 {
					pk := fmt.Sprintf("p%d", rng.IntN(7))
					rk := fmt.Sprintf("r%03d", rng.IntN(150))
					k := [2]string{pk, rk}
					props := map[string]edm.Value{
						"Big": edm.StringValue(strings.Repeat(string(rune('a'+rng.IntN(26))), 1000+rng.IntN(4000))),
						"N":   edm.Int64Value(rng.Int64()),
					}
					if rng.IntN(3) == 0 {
						props["Bin"] = edm.BinaryValue([]byte{byte(round), 0, 1})
					}
					e := mustEntity(t, pk, rk, toProps(props)...)
					dead := tb.dead
					switch rng.IntN(4) {
					case 0:
						_, err := tb.Insert(e)
						if _, ok := model[k]; ok != (err != nil) {
							t.Fatalf("insert %v: %v, in model %v", k, err, ok)
						}
						if err == nil {
							model[k] = props
						}
					case 1:
						if _, err := tb.Upsert(e, Replace); err != nil {
							t.Fatal(err)
						}
						model[k] = props
					case 2:
						_, err := tb.Update(e, Merge, "")
						if _, ok := model[k]; ok != (err == nil) {
							t.Fatalf("merge %v: %v, in model %v", k, err, ok)
						}
						if err == nil {
							for n, v := range props {
								model[k][n] = v
							}
						}
					case 3:
						err := tb.Delete(pk, rk, "")
						if _, ok := model[k]; ok != (err == nil) {
							t.Fatalf("delete %v: %v, in model %v", k, err, ok)
						}
						delete(model, k)
					}
					if rng.IntN(50) == 0 {
						if got := tb.Lookup(pk, rk); got != nil {
							held = append(held, kept{got, propsOf(got)})
						}
					}
					if tb.dead < dead {
						compactions++
					}
				}
				checkModel(t, tb, model)
				for _, h := range held {
					if got := propsOf(h.e); !reflect.DeepEqual(got, h.want) {
						t.Fatalf("an entity read before changed: %v", h.e.RowKey)
					}
				}
			}
			if compactions < 2 {
				t.Errorf("%d compactions; the test means to cover several", compactions)
			}
		})
	}
}

func toProps(m map[string]edm.Value) []edm.Property {
	var out []edm.Property
	for n, v := range m {
		out = append(out, prop(n, v))
	}
	return out
}

func propsOf(e *Entity) map[string]edm.Value {
	m := map[string]edm.Value{}
	for _, p := range e.Properties() {
		m[p.Name] = p.Value
	}
	return m
}

func checkModel(t *testing.T, tb *Table, model map[[2]string]map[string]edm.Value) {
	t.Helper()
	var want [][2]string
	parts := map[string]int{}
	for k := range model {
		want = append(want, k)
		parts[k[0]]++
	}
	slices.SortFunc(want, func(a, b [2]string) int {
		if c := edm.CompareStrings(a[0], b[0]); c != 0 {
			return c
		}
		return edm.CompareStrings(a[1], b[1])
	})
	var got [][2]string
	tb.AscendAll(func(e *Entity) bool {
		got = append(got, [2]string{e.PartitionKey, e.RowKey})
		if !reflect.DeepEqual(propsOf(e), model[[2]string{e.PartitionKey, e.RowKey}]) {
			t.Fatalf("%s|%s: properties differ from the model", e.PartitionKey, e.RowKey)
		}
		return true
	})
	if !slices.Equal(got, want) {
		t.Fatalf("table has %d entities in order %v…, model %d", len(got), got[:min(5, len(got))], len(want))
	}
	if tb.Len() != len(want) || tb.Partitions() != len(parts) {
		t.Fatalf("Len %d Partitions %d, model %d %d", tb.Len(), tb.Partitions(), len(want), len(parts))
	}
	for pk, n := range parts {
		if tb.PartitionLen(pk) != n {
			t.Fatalf("PartitionLen(%s) = %d, model %d", pk, tb.PartitionLen(pk), n)
		}
	}
	for _, k := range want {
		e := tb.Lookup(k[0], k[1])
		if e == nil || e.RowKey != k[1] {
			t.Fatalf("Lookup%v = %v", k, e)
		}
	}
	// Scan from the middle sees the same suffix, through a reused view.
	if len(want) > 0 {
		mid := want[len(want)/2]
		var scanned [][2]string
		tb.Scan(mid[0], mid[1], func(e *Entity) bool {
			scanned = append(scanned, [2]string{e.PartitionKey, e.RowKey})
			return true
		})
		if !slices.Equal(scanned, want[len(want)/2:]) {
			t.Fatalf("Scan from %v: %d entities, want %d", mid, len(scanned), len(want)-len(want)/2)
		}
	}
}

// TestKeyOrder inserts RowKeys that share long prefixes and mix the
// characters whose UTF-8 byte order differs from the service's UTF-16
// order (U+E000..U+FFFF against characters above U+FFFF), and checks the
// table's order, and every seek, against edm.CompareStrings.
func TestKeyOrder(t *testing.T) {
	_, tb := newTestTable(t)
	alphabet := []string{"a", "b", "é", "\ue000", "\uffff", "😀", "𝄞", "~"}
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[string]bool{}
	var keys []string
	for range 3000 {
		var b strings.Builder
		b.WriteString(strings.Repeat("x", rng.IntN(20)))
		for range rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		k := b.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		keys = append(keys, k)
		if _, err := tb.Insert(mustEntity(t, "p", k)); err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(keys, edm.CompareStrings)
	var got []string
	tb.AscendAll(func(e *Entity) bool { got = append(got, e.RowKey); return true })
	if !slices.Equal(got, keys) {
		t.Fatal("table order differs from edm.CompareStrings")
	}
	for range 300 {
		probe := keys[rng.IntN(len(keys))]
		if rng.IntN(2) == 0 {
			probe += alphabet[rng.IntN(len(alphabet))]
		}
		want, _ := slices.BinarySearchFunc(keys, probe, edm.CompareStrings)
		first := ""
		tb.Scan("p", probe, func(e *Entity) bool { first = e.RowKey; return false })
		if want < len(keys) && first != keys[want] || want == len(keys) && first != "" {
			t.Fatalf("seek to %q found %q", probe, first)
		}
	}
	// The same keys as PartitionKeys: the partitions' B-tree compares
	// their first 16 bytes and falls back to edm.CompareStrings.
	_, pt := newTestTable(t)
	for _, k := range keys {
		if _, err := pt.Insert(mustEntity(t, k, "r")); err != nil {
			t.Fatal(err)
		}
	}
	got = got[:0]
	pt.AscendAll(func(e *Entity) bool { got = append(got, e.PartitionKey); return true })
	if !slices.Equal(got, keys) {
		t.Fatal("partition order differs from edm.CompareStrings")
	}
	for range 300 {
		probe := keys[rng.IntN(len(keys))]
		if rng.IntN(2) == 0 {
			probe += alphabet[rng.IntN(len(alphabet))]
		}
		want, _ := slices.BinarySearchFunc(keys, probe, edm.CompareStrings)
		first := ""
		pt.Scan(probe, "", func(e *Entity) bool { first = e.PartitionKey; return false })
		if want < len(keys) && first != keys[want] || want == len(keys) && first != "" {
			t.Fatalf("seek to partition %q found %q", probe, first)
		}
		if rng.IntN(3) == 0 { // and partitions come and go
			if err := pt.Delete(probe, "r", "*"); err == nil {
				pt.Insert(mustEntity(t, probe, "r"))
			}
		}
	}
	got = got[:0]
	pt.AscendAll(func(e *Entity) bool { got = append(got, e.PartitionKey); return true })
	if !slices.Equal(got, keys) {
		t.Fatal("partition order differs from edm.CompareStrings after deletes and inserts")
	}
}

// TestConcurrentReads runs scans (16 at once) and lookups while a writer overwrites and deletes entities and
// the table compacts its chunks; run with -race.
func TestConcurrentReads(t *testing.T) {
	_, tb := newTestTable(t)
	big := edm.StringValue(strings.Repeat("v", 20000))
	for i := range 50 {
		tb.Insert(mustEntity(t, "p", fmt.Sprintf("%03d", i), prop("Big", big)))
	}
	done := make(chan struct{})
	errs := make(chan string, 1)
	report := func(msg string) {
		select {
		case errs <- msg:
		default:
		}
	}
	var readers sync.WaitGroup
	for g := range 16 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				prev := ""
				tb.Scan("p", fmt.Sprintf("%03d", g), func(e *Entity) bool {
					if e.RowKey <= prev {
						report("scan out of order")
					}
					prev = e.RowKey
					return true
				})
				if e := tb.Lookup("p", "000"); e != nil && e.RowKey != "000" {
					report("lookup returned " + e.RowKey)
				}
			}
		}()
	}
	compacted := false
	for round := range 600 {
		dead := tb.dead
		rk := fmt.Sprintf("%03d", round%50)
		if round%7 == 0 {
			tb.Delete("p", rk, "")
		} else {
			tb.Upsert(mustEntity(t, "p", rk, prop("Big", big)), Replace)
		}
		compacted = compacted || tb.dead < dead
	}
	close(done)
	readers.Wait()
	if !compacted {
		t.Error("the table never compacted; the test means to cover it")
	}
	select {
	case msg := <-errs:
		t.Fatal(msg)
	default:
	}
}

// TestPartitionNumbers checks that entities with one RowKey in different
// partitions stay apart in the hash index when every tag collides, also
// after an emptied partition's number goes to a new partition.
func TestPartitionNumbers(t *testing.T) {
	_, tb := newTestTable(t)
	tb.hashMask = 0
	put := func(pk, rk string, n int64) {
		t.Helper()
		if _, err := tb.Upsert(mustEntity(t, pk, rk, prop("N", edm.Int64Value(n))), Replace); err != nil {
			t.Fatal(err)
		}
	}
	want := func(pk, rk string, n int64) {
		t.Helper()
		e := tb.Lookup(pk, rk)
		if n < 0 {
			if e != nil {
				t.Fatalf("%s|%s exists", pk, rk)
			}
			return
		}
		if v, _ := e.Get("N"); e == nil || v.Int != n {
			t.Fatalf("%s|%s = %v, want N=%d", pk, rk, e, n)
		}
	}
	for i, pk := range []string{"a", "b", "c"} {
		put(pk, "r", int64(i))
		put(pk, "s", int64(10+i))
	}
	for _, rk := range []string{"r", "s"} {
		if err := tb.Delete("b", rk, ""); err != nil {
			t.Fatal(err)
		}
	}
	put("d", "r", 3) // takes b's number
	want("a", "r", 0)
	want("b", "r", -1)
	want("b", "s", -1)
	want("c", "s", 12)
	want("d", "r", 3)
	want("d", "s", -1)
	if tb.Partitions() != 3 || tb.Len() != 5 {
		t.Fatalf("Partitions %d, Len %d", tb.Partitions(), tb.Len())
	}
}
