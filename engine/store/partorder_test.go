package store

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/tablelint/tablelint/edm"
)

// TestPartitionOrderUnderChurn: partitions created, emptied and created
// again between scans (so that some are ordered only when a scan crosses
// partitions, and some die before that) scan in key order, and
// ScanPartition reads exactly one partition's entities from a RowKey on.
func TestPartitionOrderUnderChurn(t *testing.T) {
	_, tb := newTestTable(t)
	rng := rand.New(rand.NewPCG(1, 2))
	model := map[string]bool{} // pk, \x01, rk
	for step := range 20000 {
		pk := "p" + strconv.Itoa(rng.IntN(3000))
		rk := "r" + strconv.Itoa(rng.IntN(4))
		k := pk + "\x01" + rk
		if model[k] {
			if err := tb.Delete(pk, rk, "*"); err != nil {
				t.Fatal(err)
			}
			delete(model, k)
		} else {
			if _, err := tb.Insert(mustEntity(t, pk, rk, prop("N", edm.Int32Value(int32(step))))); err != nil {
				t.Fatal(err)
			}
			model[k] = true
		}
		if step%997 == 0 || step == 19999 {
			want := make([]string, 0, len(model))
			for k := range model {
				want = append(want, k)
			}
			slices.Sort(want) // ASCII keys joined by \x01: byte order is key order
			var got []string
			tb.AscendAll(func(e *Entity) bool {
				got = append(got, e.PartitionKey+"\x01"+e.RowKey)
				return true
			})
			if !slices.Equal(got, want) {
				t.Fatalf("step %d: scan order differs: %d keys, want %d", step, len(got), len(want))
			}
			if tb.Partitions() != len(partsOf(want)) {
				t.Fatalf("step %d: %d partitions, want %d", step, tb.Partitions(), len(partsOf(want)))
			}
		}
		if step%101 == 0 {
			var got []string
			tb.ScanPartition(pk, "r1", func(e *Entity) bool {
				got = append(got, e.PartitionKey+"\x01"+e.RowKey)
				return true
			})
			var want []string
			for _, r := range []string{"r1", "r2", "r3"} {
				if model[pk+"\x01"+r] {
					want = append(want, pk+"\x01"+r)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("step %d: ScanPartition(%s, r1) = %v, want %v", step, pk, got, want)
			}
		}
	}
}

func partsOf(keys []string) map[string]bool {
	out := map[string]bool{}
	for _, k := range keys {
		i := 0
		for k[i] != '\x01' {
			i++
		}
		out[k[:i]] = true
	}
	return out
}
