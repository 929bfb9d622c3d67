package store

import (
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/tablelint/tablelint/edm"
)

// TestIndexClusters inserts and deletes entities whose hashes share a few
// home bits, so that runs of slots grow far longer than a slot's distance
// field can tell, and checks after each round that every entity is found,
// no deleted one is, and every slot's distance leads to its home.
func TestIndexClusters(t *testing.T) {
	for _, mask := range []uint64{0, 0xC000_0000_0000_0003, 0xFF00_0000_0000_00FF} {
		t.Run(strconv.FormatUint(mask, 16), func(t *testing.T) {
			_, tb := newTestTable(t)
			tb.hashMask = mask
			rng := rand.New(rand.NewPCG(5, 6))
			live := map[[2]string]bool{}
			for round := range 6 {
				for range 700 {
					pk, rk := "p"+strconv.Itoa(rng.IntN(3)), strconv.Itoa(rng.IntN(1500))
					if rng.IntN(3) == 0 {
						tb.Delete(pk, rk, "*")
						delete(live, [2]string{pk, rk})
						continue
					}
					if _, err := tb.Upsert(mustEntity(t, pk, rk, prop("N", edm.Int64Value(int64(round)))), Replace); err != nil {
						t.Fatal(err)
					}
					live[[2]string{pk, rk}] = true
				}
				for pk := range 3 {
					for rk := range 1500 {
						k := [2]string{"p" + strconv.Itoa(pk), strconv.Itoa(rk)}
						if got := tb.Lookup(k[0], k[1]) != nil; got != live[k] {
							t.Fatalf("round %d: %v found %v, want %v", round, k, got, live[k])
						}
					}
				}
				tb.mu.Lock()
				tb.flush() // place the slots that wait (see rowIndex) to check them all
				tb.mu.Unlock()
				x := &tb.rows
				if x.n != len(live) || tb.n != len(live) {
					t.Fatalf("round %d: index holds %d, table %d, want %d", round, x.n, tb.n, len(live))
				}
				mask := len(x.slots) - 1
				for j, s := range x.slots {
					if s == 0 {
						continue
					}
					b := tb.at(s & locMask)
					h := x.home(tb.encTag(b))
					if got := tb.homeOf(j); got != h {
						t.Fatalf("round %d: slot %d: home %d, want %d", round, j, got, h)
					}
					for i := h; i != j; i = (i + 1) & mask {
						if x.slots[i] == 0 {
							t.Fatalf("round %d: slot %d: gap at %d after its home %d", round, j, i, h)
						}
					}
				}
			}
		})
	}
}

// TestPendingSlots writes entities whose index slots wait to be placed
// (see rowIndex): after a partition's greatest RowKey, which an insert
// stores without reading the index, and before it, which it reads. Every
// read and write that follows must see them: concurrent readers (which
// look among them without placing them; run with -race), a duplicate
// insert of the greatest key, updates, deletes, a compaction and a
// growth of the index.
func TestPendingSlots(t *testing.T) {
	_, tb := newTestTable(t)
	rk := func(i int) string { return "r" + strconv.Itoa(1000+i) }
	ins := func(i int) {
		t.Helper()
		if _, err := tb.Insert(mustEntity(t, "p", rk(i), prop("N", edm.Int64Value(int64(i))))); err != nil {
			t.Fatal(i, err)
		}
	}
	for i := 0; i < 300; i += 2 { // ascending: placed later, in batches
		ins(i)
	}
	for i := 1; i < 40; i += 2 { // before the greatest: find reads the index
		ins(i)
	}
	if tb.rows.npend == 0 {
		t.Fatal("no slot waits: the test no longer covers waiting slots")
	}
	if _, err := tb.Insert(mustEntity(t, "p", rk(298))); StatusOf(OpInsert, err) != 409 {
		t.Fatalf("insert of the greatest key again: %v, want 409", err)
	}
	ins(300)
	if err := tb.Write(OpInsert, mustEntity(t, "p", rk(300)), Merge, ""); StatusOf(OpInsert, err) != 409 {
		t.Fatalf("Write insert of the greatest key again: %v, want 409", err)
	}
	if _, err := tb.Upsert(mustEntity(t, "p", rk(302), prop("N", edm.Int64Value(302))), Merge); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{rk(300): true, rk(302): true}
	for i := 0; i < 300; i += 2 {
		want[rk(i)] = true
	}
	for i := 1; i < 40; i += 2 {
		want[rk(i)] = true
	}
	check := func(t *testing.T, what string) {
		t.Helper()
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var e Entity
				for i := range 310 {
					k := rk((i + 77*g) % 310)
					if got := tb.LookupInto("p", k, &e); got != want[k] {
						t.Errorf("%s: %s found %v, want %v", what, k, got, want[k])
					}
				}
			}()
		}
		wg.Wait()
		if x := &tb.rows; tb.Len() != len(want) || x.n+int(x.npend) != len(want) {
			t.Fatalf("%s: table %d, index %d and %d waiting, want %d", what, tb.Len(), x.n, x.npend, len(want))
		}
	}
	check(t, "after inserts")
	ins(303)
	if err := tb.Delete("p", rk(303), ""); err != nil {
		t.Fatal(err)
	}
	ins(304)
	want[rk(304)] = true
	if _, err := tb.Update(mustEntity(t, "p", rk(304), prop("M", edm.Int64Value(1))), Merge, ""); err != nil {
		t.Fatal(err)
	}
	ins(305)
	want[rk(305)] = true
	tb.Compact()
	check(t, "after delete, update and compact")
	for i := 306; i < 2000; i++ { // the index grows with slots waiting
		ins(i)
		want[rk(i)] = true
	}
	check(t, "after growth")
	if v, _ := tb.Lookup("p", rk(304)).Get("M"); v.Int != 1 {
		t.Fatalf("merged property: %v", v)
	}
}

// TestIndexSpreadsMirroredKeys inserts entities whose PartitionKey and
// RowKey are equal, or each other's swapped: a hash of the keys that
// combined their two hashes symmetrically would give them all one home
// (or the pairs one each), and a lookup would walk a run of slots as long
// as the table. The longest run of occupied slots must stay short, and
// every entity must be found, each only under its own keys.
func TestIndexSpreadsMirroredKeys(t *testing.T) {
	_, tb := newTestTable(t)
	const n = 1400 // 4,200 entities in 8,192 slots
	for i := range n {
		k := "k" + strconv.Itoa(i)
		for _, keys := range [][2]string{{k, k}, {k, "r" + k}, {"r" + k, k}} {
			if _, err := tb.Insert(mustEntity(t, keys[0], keys[1])); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range n {
		k := "k" + strconv.Itoa(i)
		for _, keys := range [][2]string{{k, k}, {k, "r" + k}, {"r" + k, k}} {
			if e := tb.Lookup(keys[0], keys[1]); e == nil || e.PartitionKey != keys[0] || e.RowKey != keys[1] {
				t.Fatalf("Lookup(%q, %q) = %v", keys[0], keys[1], e)
			}
		}
		if tb.Lookup("r"+k, "r"+k) != nil {
			t.Fatalf("found (r%s, r%s), never inserted", k, k)
		}
	}
	longest, run := 0, 0
	for _, s := range append(tb.rows.slots, tb.rows.slots...) { // runs wrap around
		if s == 0 {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	if longest > 64 {
		t.Errorf("a run of %d occupied slots in an index of %d for %d entities", longest, len(tb.rows.slots), 3*n)
	}
}
