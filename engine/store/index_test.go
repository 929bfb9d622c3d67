package store

import (
	"math/rand/v2"
	"strconv"
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
					h := x.home(tb.tag(encPart(b), encRowKey(b)))
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
