package store

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tablelint/tablelint/edm"
)

// checkLookupMany reads keys with LookupMany and one by one with
// LookupInto and fails when they differ in what they find or in the
// entity read (keys, Timestamp, properties). es starts filled with a
// sentinel, which a key not found must leave as it is.
func checkLookupMany(t *testing.T, tb *Table, keys []Key, what string) {
	t.Helper()
	es := make([]Entity, len(keys))
	sentinel := mustEntity(t, "sentinel", "sentinel", prop("S", edm.Int32Value(7)))
	for i := range es {
		es[i] = *sentinel.Clone()
	}
	found := make([]bool, len(keys))
	for i := range found {
		found[i] = i%2 == 0 // stale values LookupMany must overwrite
	}
	n := tb.LookupMany(keys, es, found)
	count := 0
	for i, k := range keys {
		var one Entity
		ok := tb.LookupInto(k.PK, k.RK, &one)
		if found[i] != ok {
			t.Fatalf("%s: key %d %v: LookupMany found %v, LookupInto %v", what, i, k, found[i], ok)
		}
		if !ok {
			if es[i].PartitionKey != "sentinel" || es[i].RowKey != "sentinel" {
				t.Fatalf("%s: key %d %v not found, but its entity changed to %v/%v", what, i, k, es[i].PartitionKey, es[i].RowKey)
			}
			continue
		}
		count++
		got := &es[i]
		if got.PartitionKey != k.PK || got.RowKey != k.RK || got.Ticks() != one.Ticks() ||
			!reflect.DeepEqual(propsOf(got), propsOf(&one)) {
			t.Fatalf("%s: key %d %v: LookupMany read %v/%v %v, LookupInto %v/%v %v", what, i, k,
				got.PartitionKey, got.RowKey, propsOf(got), one.PartitionKey, one.RowKey, propsOf(&one))
		}
	}
	if n != count {
		t.Fatalf("%s: LookupMany returned %d, found %d", what, n, count)
	}
}

// TestLookupManyMatchesLookupInto runs random writes (inserts in and out
// of key order, so that some slots wait to be placed; replaces, merges,
// deletes that empty partitions, compactions) and after every few reads
// random keys, present, deleted and never written, in partitions that
// exist and that do not, in groups of 0 to 40, with LookupMany and
// LookupInto. With collide, every entity's tag is the same, so a lookup
// probes past slots of other keys.
func TestLookupManyMatchesLookupInto(t *testing.T) {
	for _, collide := range []bool{false, true} {
		t.Run(fmt.Sprintf("collide=%v", collide), func(t *testing.T) {
			_, tb := newTestTable(t)
			if collide {
				tb.hashMask = 0
			}
			rng := rand.New(rand.NewPCG(5, 6))
			randKey := func() Key {
				return Key{"p" + strconv.Itoa(rng.IntN(9)), fmt.Sprintf("r%04d", rng.IntN(400))}
			}
			checkLookupMany(t, tb, []Key{{"p0", "r0000"}}, "empty table")
			next := map[string]int{} // per partition, the next ascending RowKey
			pending := 0
			for round := range 3000 {
				k := randKey()
				switch x := rng.IntN(10); {
				case x < 4: // ascending inserts: their slots wait (see rowIndex)
					rk := fmt.Sprintf("r%04d", next[k.PK])
					next[k.PK]++
					tb.Insert(mustEntity(t, k.PK, rk, prop("N", edm.Int64Value(int64(round)))))
				case x < 6:
					tb.Upsert(mustEntity(t, k.PK, k.RK, prop("N", edm.Int64Value(int64(round))), prop("S", edm.StringValue(k.RK))), Replace)
				case x < 7:
					tb.Update(mustEntity(t, k.PK, k.RK, prop("M", edm.Int32Value(int32(round)))), Merge, "")
				case x < 9:
					tb.Delete(k.PK, k.RK, "")
				default:
					// Empty a whole partition now and then.
					if rng.IntN(20) == 0 {
						var rks []string
						tb.ScanPartition(k.PK, "", func(e *Entity) bool { rks = append(rks, e.RowKey); return true })
						for _, rk := range rks {
							tb.Delete(k.PK, rk, "")
						}
					}
				}
				if round%500 == 499 {
					tb.Compact()
				}
				if tb.rows.npend != 0 {
					pending++
				}
				if round%7 == 0 {
					keys := make([]Key, rng.IntN(41))
					for i := range keys {
						keys[i] = randKey()
						if rng.IntN(10) == 0 {
							keys[i].PK = "nowhere"
						}
					}
					checkLookupMany(t, tb, keys, fmt.Sprintf("round %d", round))
				}
			}
			if pending == 0 {
				t.Error("no slot ever waited: the test no longer covers waiting slots")
			}
		})
	}
}

// TestLookupManyConcurrentWriters reads with LookupMany while other
// goroutines replace, delete and insert the same keys (run it with
// -race): every entity read has the keys asked for and the value its
// writer gave it for those keys.
func TestLookupManyConcurrentWriters(t *testing.T) {
	_, tb := newTestTable(t)
	const parts, rows = 4, 64
	rkOf := func(r int) string { return fmt.Sprintf("r%03d", r) }
	// Large entities, so that the writes compact the table now and then
	// (its chunks replaced under the readers).
	big := edm.StringValue(strings.Repeat("b", 8000))
	write := func(p, r, v int) {
		pk, rk := "p"+strconv.Itoa(p), rkOf(r)
		tb.Upsert(mustEntity(t, pk, rk, prop("Of", edm.StringValue(pk+"/"+rk)), prop("V", edm.Int64Value(int64(v))), prop("Big", big)), Replace)
	}
	for p := range parts {
		for r := range rows {
			write(p, r, 0)
		}
	}
	done := make(chan struct{})
	var writers, readers sync.WaitGroup
	var compactions atomic.Int32
	for w := range 2 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 9))
			for i := range 2000 {
				p, r := rng.IntN(parts), rng.IntN(rows)
				tb.mu.RLock()
				dead := tb.dead
				tb.mu.RUnlock()
				if rng.IntN(3) == 0 {
					tb.Delete("p"+strconv.Itoa(p), rkOf(r), "")
				} else {
					write(p, r, i)
				}
				tb.mu.RLock()
				if tb.dead < dead {
					compactions.Add(1)
				}
				tb.mu.RUnlock()
			}
		}()
	}
	errs := make(chan string, 1)
	for g := range 3 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 10))
			keys := make([]Key, 37) // two full groups and a part
			es := make([]Entity, len(keys))
			found := make([]bool, len(keys))
			for {
				select {
				case <-done:
					return
				default:
				}
				for i := range keys {
					keys[i] = Key{"p" + strconv.Itoa(rng.IntN(parts+1)), rkOf(rng.IntN(rows + 8))}
				}
				tb.LookupMany(keys, es, found)
				for i, k := range keys {
					if !found[i] {
						continue
					}
					of, _ := es[i].Get("Of")
					if es[i].PartitionKey != k.PK || es[i].RowKey != k.RK || of.Str != k.PK+"/"+k.RK {
						select {
						case errs <- fmt.Sprintf("asked %v, read %s/%s of %q", k, es[i].PartitionKey, es[i].RowKey, of.Str):
						default:
						}
					}
				}
			}
		}()
	}
	writers.Wait()
	close(done)
	readers.Wait()
	select {
	case msg := <-errs:
		t.Fatal(msg)
	default:
	}
	if compactions.Load() == 0 {
		t.Error("the table never compacted; the test means to cover it")
	}
	// Quiet now: a last read of every key agrees with LookupInto.
	var keys []Key
	for p := range parts + 1 {
		for r := range rows + 8 {
			keys = append(keys, Key{"p" + strconv.Itoa(p), rkOf(r)})
		}
	}
	checkLookupMany(t, tb, keys, "after the writers")
}
