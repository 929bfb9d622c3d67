package store

import "unsafe"

// rowIndex is a table's index of its entities by key: an open-addressing
// hash table with linear probing of 16-byte slots, each a hash of the
// entity's partition number and RowKey (its tag, never 0) and where the
// entity is encoded (a loc, see rec.loc). A lookup reads one slot,
// usually one cache line, and goes from there straight to the encoding,
// which names the partition and holds the RowKey to check; a Go map took
// a control word and a slot group, and a chain of records for equal
// hashes. Entities whose tags are alike sit in consecutive slots: the
// lookup checks each one. Deletion shifts the following slots back, so
// the index never holds tombstones. One index for the whole table, rather
// than one per partition, is large enough to be given huge pages (see
// adviseHuge).
type rowIndex struct {
	slots []slot // a power of two long, or empty
	n     int    // slots in use
	shift uint8  // 64 - log2(len(slots)): a tag's home slot is tag >> shift
}

type slot struct{ tag, loc uint64 }

// minSlots is the size of a new table's index.
const minSlots = 8

// home returns the slot where tag's probe sequence starts.
func (x *rowIndex) home(tag uint64) int { return int(tag >> x.shift) }

// insert adds (tag, loc), which is not in the index yet.
func (x *rowIndex) insert(tag, loc uint64) {
	if 4*(x.n+1) > 3*len(x.slots) {
		x.grow()
	}
	x.place(tag, loc)
	x.n++
}

func (x *rowIndex) place(tag, loc uint64) {
	mask := len(x.slots) - 1
	i := x.home(tag)
	for x.slots[i].tag != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = slot{tag, loc}
}

func (x *rowIndex) grow() {
	old := x.slots
	n := max(minSlots, 2*len(old))
	x.slots = make([]slot, n)
	adviseHuge(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x.slots))), n*int(unsafe.Sizeof(slot{}))))
	x.shift = uint8(64 - log2(n))
	for _, s := range old {
		if s.tag != 0 {
			x.place(s.tag, s.loc)
		}
	}
}

// remove empties slot i and moves back the slots after it whose probe
// sequence passes through i, so that every entry stays reachable from its
// home slot without a gap.
func (x *rowIndex) remove(i int) {
	mask := len(x.slots) - 1
	for j := (i + 1) & mask; x.slots[j].tag != 0; j = (j + 1) & mask {
		// Slot j may move to i when i lies on its probe path, that is
		// cyclically in [home(j), j).
		if h := x.home(x.slots[j].tag); (j-h)&mask >= (j-i)&mask {
			x.slots[i] = x.slots[j]
			i = j
		}
	}
	x.slots[i] = slot{}
	x.n--
}

func log2(n int) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}
