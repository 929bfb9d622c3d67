package store

import (
	"slices"
	"strings"

	"github.com/tablelint/tablelint/edm"
)

// rowTree holds one partition's entities in RowKey order: a B+tree whose
// leaves hold items (record numbers with the first 16 bytes of their
// RowKeys) and are linked in order, so that a scan walks leaf after leaf
// without going back up the tree. Inner nodes hold separator keys with
// their own copy of the RowKey, so that a descent compares strings
// without reading a record or its encoding, and a separator stays valid
// after its entity is deleted.
//
// Keys that arrive in ascending order, the common way a partition grows
// (sequence numbers, timestamps), go to the end of the last leaf without
// a descent, and a full last leaf is split where the new key goes, so
// that such a tree is built of full leaves.
//
// Deletion removes empty nodes but does not merge half-empty ones: the
// separators still bound their subtrees, and a tree that shrinks a lot
// costs some idle room, not wrong answers.
type rowTree struct {
	root        *bnode
	first, last *bnode // the leaf chain's ends
	// lastPfx is the prefix of the greatest item (when root != nil): an
	// ascending insert is told from it, beside the tree's pointers,
	// without reading the last leaf's items first.
	lastPfx [2]uint64
}

// bnode is a leaf (kids == nil) or an inner node.
type bnode struct {
	items      []item   // leaf: the entries, in order
	seps       []sep    // inner: seps[i] is the least key of kids[i+1]'s subtree
	kids       []*bnode // inner: len(seps)+1 children
	prev, next *bnode   // leaf: its neighbours in key order
}

// Node sizes: a leaf of 64 items is 1.5 KiB, 24 cache lines.
const (
	leafMax  = 64
	innerMax = 64
)

// item is a leaf entry: a record number with the first 16 bytes of its
// RowKey, which decide most comparisons without reading the record and
// its encoding (in a large table, cache misses).
type item struct {
	pfx [2]uint64 // the RowKey's first 16 bytes, big endian, zero padded
	rec uint32
}

// key is a RowKey being looked for, with its prefix.
type key struct {
	pfx [2]uint64
	rk  string
}

// sep is an inner node's separator.
type sep key

func keyOf(rk string) key { return key{prefixOf(rk), rk} }

// cmpPrefix compares two prefixes; ok is false when they do not decide
// the order (equal, or differing where UTF-8 and UTF-16 orders disagree).
func cmpPrefix(a, b [2]uint64) (c int, ok bool) {
	if a == b {
		return 0, false
	}
	x, y := a[0], b[0]
	if x == y {
		x, y = a[1], b[1]
	}
	if ok, less := prefixLess(x, y); ok {
		if less {
			return -1, true
		}
		return 1, true
	}
	return 0, false
}

// cmpItem compares k with a stored item.
func (t *Table) cmpItem(k *key, it *item) int {
	if c, ok := cmpPrefix(k.pfx, it.pfx); ok {
		return c
	}
	if len(k.rk) < 16 && k.pfx == it.pfx {
		// k ends inside the prefix, where both are zero padded; a stored
		// RowKey holds no U+0000 (checkKey), so it ends there too: a seek
		// that lands on an existing short key reads no record.
		return 0
	}
	return edm.CompareStrings(k.rk, t.rowKey(&t.recs[it.rec]))
}

func cmpSep(k *key, s *sep) int {
	if c, ok := cmpPrefix(k.pfx, s.pfx); ok {
		return c
	}
	return edm.CompareStrings(k.rk, s.rk)
}

// lowerBound returns the index of the first item of leaf n at or after k.
//
// It first compares k with the last item of every group of probeGroup
// items: those loads do not depend on one another, so that the processor
// fetches their cache lines together, where a binary search over the
// whole leaf waits for one line after another. A binary search within
// the one group then ends it.
func (t *Table) lowerBound(n *bnode, k *key) int {
	items := n.items
	g := 0
	for j := probeGroup - 1; j < len(items); j += probeGroup {
		if t.cmpItem(k, &items[j]) > 0 {
			g++
		}
	}
	lo, hi := g*probeGroup, min(g*probeGroup+probeGroup, len(items))
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.cmpItem(k, &items[m]) > 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// probeGroup is the size of the groups of items and separators whose
// last ones lowerBound and child compare first.
const probeGroup = 8

// child returns the index of the child of inner node n whose subtree
// holds k's place: the number of separators at or before k. It searches
// as lowerBound does.
func child(n *bnode, k *key) int {
	seps := n.seps
	g := 0
	for j := probeGroup - 1; j < len(seps); j += probeGroup {
		if cmpSep(k, &seps[j]) >= 0 {
			g++
		}
	}
	lo, hi := g*probeGroup, min(g*probeGroup+probeGroup, len(seps))
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if cmpSep(k, &seps[m]) >= 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// seek returns the leaf and the index in it of the first item at or after
// k; the index may be the leaf's length (then the next leaf starts there).
func (t *Table) seek(tr *rowTree, k *key) (*bnode, int) {
	n := tr.root
	if n == nil {
		return nil, 0
	}
	for n.kids != nil {
		n = n.kids[child(n, k)]
	}
	return n, t.lowerBound(n, k)
}

// afterLast reports whether rk is after every RowKey of tr, which holds
// at least one.
func (t *Table) afterLast(tr *rowTree, rk string) bool {
	k := keyOf(rk)
	c, ok := cmpPrefix(k.pfx, tr.lastPfx)
	if !ok {
		l := tr.last
		c = t.cmpItem(&k, &l.items[len(l.items)-1])
	}
	return c > 0
}

// insert adds it, whose key k is not in the tree.
func (t *Table) insert(tr *rowTree, k *key, it item) {
	if tr.root == nil {
		n := &bnode{items: make([]item, 0, 4)}
		n.items = append(n.items, it)
		tr.root, tr.first, tr.last = n, n, n
		tr.lastPfx = it.pfx
		return
	}
	// Ascending keys: append to the last leaf.
	if l := tr.last; len(l.items) < leafMax {
		c, ok := cmpPrefix(k.pfx, tr.lastPfx)
		if !ok {
			c = t.cmpItem(k, &l.items[len(l.items)-1])
		}
		if c > 0 {
			l.items = append(l.items, it)
			tr.lastPfx = it.pfx
			return
		}
	}
	if right, s, split := t.insertAt(tr, tr.root, k, it); split {
		tr.root = &bnode{seps: []sep{s}, kids: []*bnode{tr.root, right}}
	}
	tr.lastPfx = tr.last.items[len(tr.last.items)-1].pfx
}

// insertAt inserts it into the subtree of n. When n overflows, it splits:
// n keeps the lower part and insertAt returns the upper part and its
// least key.
func (t *Table) insertAt(tr *rowTree, n *bnode, k *key, it item) (*bnode, sep, bool) {
	if n.kids == nil {
		i := t.lowerBound(n, k)
		n.items = slices.Insert(n.items, i, it)
		if len(n.items) <= leafMax {
			return nil, sep{}, false
		}
		// Split; after the last item of the partition, leave n full.
		mid := len(n.items) / 2
		if i == len(n.items)-1 && n.next == nil {
			mid = i
		}
		right := &bnode{items: make([]item, len(n.items)-mid, leafMax+1)}
		copy(right.items, n.items[mid:])
		clear(n.items[mid:])
		n.items = n.items[:mid]
		right.prev, right.next = n, n.next
		if n.next != nil {
			n.next.prev = right
		} else {
			tr.last = right
		}
		n.next = right
		var rk string
		if mid == i {
			rk = k.rk
		} else {
			rk = t.rowKey(&t.recs[right.items[0].rec])
		}
		return right, sep{right.items[0].pfx, strings.Clone(rk)}, true
	}
	j := child(n, k)
	right, s, split := t.insertAt(tr, n.kids[j], k, it)
	if !split {
		return nil, sep{}, false
	}
	n.seps = slices.Insert(n.seps, j, s)
	n.kids = slices.Insert(n.kids, j+1, right)
	if len(n.kids) <= innerMax {
		return nil, sep{}, false
	}
	// Split around separator mid; after the last child, leave n full.
	mid := len(n.seps) / 2
	if j+1 == len(n.kids)-1 {
		mid = len(n.seps) - 1
	}
	up := n.seps[mid]
	r := &bnode{
		seps: append(make([]sep, 0, innerMax), n.seps[mid+1:]...),
		kids: append(make([]*bnode, 0, innerMax+1), n.kids[mid+1:]...),
	}
	clear(n.seps[mid:])
	clear(n.kids[mid+1:])
	n.seps, n.kids = n.seps[:mid], n.kids[:mid+1]
	return r, up, true
}

// delete removes the item with key k, which is in the tree.
func (t *Table) delete(tr *rowTree, k *key) {
	if t.deleteAt(tr, tr.root, k) {
		tr.root, tr.first, tr.last = nil, nil, nil
		return
	}
	for len(tr.root.kids) == 1 {
		tr.root = tr.root.kids[0]
	}
	tr.lastPfx = tr.last.items[len(tr.last.items)-1].pfx
}

// deleteAt removes k from the subtree of n and reports whether n is left
// empty (then it is unlinked, and its parent drops it).
func (t *Table) deleteAt(tr *rowTree, n *bnode, k *key) bool {
	if n.kids == nil {
		i := t.lowerBound(n, k)
		n.items = slices.Delete(n.items, i, i+1)
		if len(n.items) > 0 {
			return false
		}
		if n.prev != nil {
			n.prev.next = n.next
		} else {
			tr.first = n.next
		}
		if n.next != nil {
			n.next.prev = n.prev
		} else {
			tr.last = n.prev
		}
		return true
	}
	j := child(n, k)
	if !t.deleteAt(tr, n.kids[j], k) {
		return false
	}
	// Drop the empty child and a separator next to it: the remaining
	// separators still bound their subtrees.
	n.kids = slices.Delete(n.kids, j, j+1)
	if len(n.seps) > 0 {
		s := max(j-1, 0)
		n.seps = slices.Delete(n.seps, s, s+1)
	}
	return len(n.kids) == 0
}
