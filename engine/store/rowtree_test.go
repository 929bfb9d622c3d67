package store

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablelint/tablelint/edm"
)

// TestRowTreeModel grows one partition past several levels of the B+tree
// (ascending runs, random keys, keys with long shared prefixes), deletes
// most of it again in random order, and after each phase checks the
// tree's invariants and its order, and seeks, against a sorted model.
func TestRowTreeModel(t *testing.T) {
	_, tb := newTestTable(t)
	rng := rand.New(rand.NewPCG(5, 6))
	model := map[string]bool{}
	check := func(phase string) {
		t.Helper()
		want := make([]string, 0, len(model))
		for k := range model {
			want = append(want, k)
		}
		slices.SortFunc(want, edm.CompareStrings)
		var got []string
		tb.Scan("p", "", func(e *Entity) bool { got = append(got, e.RowKey); return true })
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %d keys in the table, %d in the model, or not in order", phase, len(got), len(want))
		}
		if p := tb.parts["p"]; p != nil {
			checkTree(t, tb, &p.tree, phase)
		} else if len(want) > 0 {
			t.Fatalf("%s: no partition", phase)
		}
		for range 200 {
			probe := fmt.Sprintf("k%06d", rng.IntN(60000))
			if rng.IntN(4) == 0 {
				probe = fmt.Sprintf("%040d", rng.IntN(2000))
			}
			i, _ := slices.BinarySearchFunc(want, probe, edm.CompareStrings)
			first := ""
			tb.Scan("p", probe, func(e *Entity) bool { first = e.RowKey; return false })
			if i < len(want) && first != want[i] || i == len(want) && first != "" {
				t.Fatalf("%s: seek to %q found %q", phase, probe, first)
			}
		}
	}
	insert := func(rk string) {
		t.Helper()
		if model[rk] {
			return
		}
		if _, err := tb.Insert(mustEntity(t, "p", rk)); err != nil {
			t.Fatal(err)
		}
		model[rk] = true
	}
	for i := range 20000 { // ascending: full leaves
		insert(fmt.Sprintf("k%06d", 2*i))
	}
	check("ascending")
	for range 20000 { // random, between the ascending ones
		insert(fmt.Sprintf("k%06d", rng.IntN(60000)))
	}
	for range 2000 { // equal 16-byte prefixes: compared through the records
		insert(fmt.Sprintf("%040d", rng.IntN(2000)))
	}
	check("random")
	if root := tb.parts["p"].tree.root; root.kids == nil || root.kids[0].kids == nil {
		t.Fatal("the tree has fewer than three levels; the test means to cover inner splits")
	}
	keys := make([]string, 0, len(model))
	for k := range model {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	for i, k := range keys {
		if err := tb.Delete("p", k, ""); err != nil {
			t.Fatal(err)
		}
		delete(model, k)
		if i == len(keys)*9/10 {
			check("deleted 90%")
			for j := range 3000 { // and grow again
				insert(fmt.Sprintf("k%06d", 60000+j))
			}
			check("grown again")
		}
	}
	for k := range model {
		if err := tb.Delete("p", k, ""); err != nil {
			t.Fatal(err)
		}
		delete(model, k)
	}
	check("empty")
	if tb.Len() != 0 || tb.Partitions() != 0 {
		t.Fatalf("Len %d, Partitions %d after deleting everything", tb.Len(), tb.Partitions())
	}
}

// checkTree checks a rowTree's invariants: every key of an inner node's
// i-th subtree is below its i-th separator and at or after the one
// before, no node is empty, all leaves are at one depth, and the leaf
// chain visits the leaves in the tree's order, both ways.
func checkTree(t *testing.T, tb *Table, tr *rowTree, phase string) {
	t.Helper()
	var leaves []*bnode
	depth := -1
	var walk func(n *bnode, lo, hi *sep, d int)
	walk = func(n *bnode, lo, hi *sep, d int) {
		if n.kids == nil {
			if len(n.items) == 0 || len(n.items) > leafMax {
				t.Fatalf("%s: a leaf of %d items", phase, len(n.items))
			}
			if depth >= 0 && d != depth {
				t.Fatalf("%s: leaves at depths %d and %d", phase, depth, d)
			}
			depth = d
			for _, it := range n.items {
				k := keyOf(tb.rowKey(&tb.recs[it.rec]))
				if k.pfx != it.pfx {
					t.Fatalf("%s: item %q has a stale prefix", phase, k.rk)
				}
				if lo != nil && cmpSep(&k, lo) < 0 || hi != nil && cmpSep(&k, hi) >= 0 {
					t.Fatalf("%s: %q is outside its subtree's separators", phase, k.rk)
				}
			}
			leaves = append(leaves, n)
			return
		}
		if len(n.kids) == 0 || len(n.kids) != len(n.seps)+1 || len(n.kids) > innerMax {
			t.Fatalf("%s: an inner node of %d children and %d separators", phase, len(n.kids), len(n.seps))
		}
		for i, c := range n.kids {
			clo, chi := lo, hi
			if i > 0 {
				clo = &n.seps[i-1]
			}
			if i < len(n.seps) {
				chi = &n.seps[i]
			}
			walk(c, clo, chi, d+1)
		}
	}
	if tr.root == nil {
		if tr.first != nil || tr.last != nil {
			t.Fatalf("%s: an empty tree with leaves", phase)
		}
		return
	}
	walk(tr.root, nil, nil, 0)
	if l := tr.last; tr.lastPfx != l.items[len(l.items)-1].pfx {
		t.Fatalf("%s: lastPfx is not the greatest item's prefix", phase)
	}
	var chain []*bnode
	for n := tr.first; n != nil; n = n.next {
		chain = append(chain, n)
	}
	if !slices.Equal(chain, leaves) {
		t.Fatalf("%s: the leaf chain has %d leaves, the tree %d", phase, len(chain), len(leaves))
	}
	var back []*bnode
	for n := tr.last; n != nil; n = n.prev {
		back = append(back, n)
	}
	slices.Reverse(back)
	if !slices.Equal(back, leaves) {
		t.Fatalf("%s: the leaf chain backwards differs", phase)
	}
}

// TestAppendAfterDeletingTheLast deletes a partition's greatest keys and
// inserts keys around the new greatest one: insert tells an ascending key
// from the tree's lastPfx, which must follow the deletes.
func TestAppendAfterDeletingTheLast(t *testing.T) {
	_, tb := newTestTable(t)
	for i := range 200 {
		if _, err := tb.Insert(mustEntity(t, "p", fmt.Sprintf("k%04d", 2*i))); err != nil {
			t.Fatal(err)
		}
	}
	for i := 199; i >= 150; i-- { // down to k0298 as the greatest
		if err := tb.Delete("p", fmt.Sprintf("k%04d", 2*i), ""); err != nil {
			t.Fatal(err)
		}
	}
	checkTree(t, tb, &tb.parts["p"].tree, "deleted")
	for _, rk := range []string{"k0297", "k0299", "k0001", "k0301", "k0300"} {
		if _, err := tb.Insert(mustEntity(t, "p", rk)); err != nil {
			t.Fatal(err)
		}
		checkTree(t, tb, &tb.parts["p"].tree, "inserted "+rk)
	}
	var got []string
	tb.Scan("p", "k0295", func(e *Entity) bool { got = append(got, e.RowKey); return true })
	if want := []string{"k0296", "k0297", "k0298", "k0299", "k0300", "k0301"}; !slices.Equal(got, want) {
		t.Fatalf("scan from k0295: %v, want %v", got, want)
	}
}

// TestSeekKeysAroundPrefix seeks keys whose first 16 bytes are alike:
// shorter than the prefix, as long, and longer, each present or not. A
// key shorter than 16 bytes whose prefix equals a stored one is that key
// (cmpItem's shortcut); the others are told apart through the records.
func TestSeekKeysAroundPrefix(t *testing.T) {
	_, tb := newTestTable(t)
	stored := []string{"", "a", "aaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaab", "aaaaaaaaaaaaaab", "b"}
	for i := range 200 { // enough entities for inner nodes
		stored = append(stored, fmt.Sprintf("aaaaaaaaaaaaaaa%03d", i))
	}
	for _, rk := range stored {
		if _, err := tb.Insert(mustEntity(t, "p", rk)); err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(stored, edm.CompareStrings)
	probes := append(slices.Clone(stored), "aa", "aaaaaaaaaaaaaa", "aaaaaaaaaaaaaaa\x00", "aaaaaaaaaaaaaaa0", "aaaaaaaaaaaaaaaaa", "c")
	for _, probe := range probes {
		i, _ := slices.BinarySearchFunc(stored, probe, edm.CompareStrings)
		want := ""
		if i < len(stored) {
			want = stored[i]
		}
		got, found := "", false
		tb.Scan("p", probe, func(e *Entity) bool { got, found = e.RowKey, true; return false })
		if got != want || found != (i < len(stored)) {
			t.Errorf("seek to %q found %q (%v), want %q", probe, got, found, want)
		}
	}
}

// TestPrefixOf checks prefixOf, which reads a string's bytes a word at a
// time, against the bytes copied into a zeroed array, for every length
// around the two words' ends.
func TestPrefixOf(t *testing.T) {
	s := "\xff\x01abcdefghijklmnopq\xee\x80"
	for n := 0; n <= len(s); n++ {
		for _, k := range []string{s[:n], s[len(s)-n:]} {
			var b [16]byte
			copy(b[:], k)
			want := [2]uint64{binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])}
			if got := prefixOf(k); got != want {
				t.Errorf("prefixOf(%q) = %x, want %x", k, got, want)
			}
		}
	}
}
