package store

// rowIndex is a table's index of its entities by key: an open-addressing
// hash table with linear probing of 8-byte slots. A slot packs three
// things into one word (see slotOf): a few bits of a hash of the entity's
// PartitionKey and RowKey (its tag, see Table.tag), how far the slot
// lies from the slot where the hash's probe sequence starts (its home),
// and where the entity is encoded (a loc, see rec.loc); an empty slot is
// 0. A lookup reads one slot, usually one cache line, and goes from there
// straight to the encoding, which names the partition and holds the RowKey
// to check; a Go map took a control word and a slot group, and a chain of
// records for equal hashes. Entities whose hashes are alike sit in
// consecutive slots: the lookup checks each one whose tag matches.
// Deletion shifts the following slots back, so the index never holds
// tombstones; the distance tells where a slot's home is, and when it is
// too far to be told, the hash is computed again from the encoding. A
// slot holds too few bits of the hash to place it in a larger index, so
// the index grows by hashing the keys of the table's records again (see
// Table.growIndex). One index for the whole table, rather than one per
// partition, is large enough to be given huge pages (see adviseHuge).
//
// A new entity's slot is not placed at once: its hash and loc wait with
// up to pendMax others (see Table.pend), and are placed together (see
// placeAll), which first reads the home slots of all of them, loads that
// do not wait on one another, so that the processor fetches their cache
// lines together: in a large index each is a cache miss, and a load of
// many entities otherwise waits for those misses one after another. A
// write places the waiting ones before it reads the index (see
// Table.findW); a read, which must not write, looks among them when the
// slots do not hold its key (see Table.find), so that a read of an
// entity the slots hold costs what it did.
type rowIndex struct {
	slots []uint64 // a power of two long, or empty
	n     int      // slots in use
	shift uint8    // 64 - log2(len(slots)): a hash's home slot is hash >> shift
	npend uint8    // entities that wait to be placed (see Table.pend)
}

// pending is where the entities that wait to be placed in the index
// wait: the first rowIndex.npend hashes and locs, kept apart from the
// index's fields, which every lookup reads.
type pending struct {
	h [pendMax]uint64
	l [pendMax]uint64
	// touched is what placeAll's first reads found, kept so that they
	// are not dropped as unused.
	touched uint64
}

// pendMax is how many new entities wait to be placed together (at most
// 255: see rowIndex.npend).
const pendMax = 32

const (
	locBits  = offBits + 64 - offBits - sizeBits // chunk and offset, see rec.loc
	locMask  = 1<<locBits - 1
	distBits = 8
	// farDist is the distance field of a slot too far from its home for
	// the field to tell (the field holds the distance plus one).
	farDist  = 1<<distBits - 1
	tagShift = locBits + distBits
	tagBits  = 64 - tagShift
)

// A slot's tag has a few bits, enough that a lookup seldom reads the
// encoding of an entity other than the one it looks for.
var _ [tagBits - 12]struct{}

// slotOf packs a slot of hash h at distance d from its home for loc.
func slotOf(h uint64, d int, loc uint64) uint64 {
	return h<<tagShift | uint64(min(d+1, farDist))<<locBits | loc
}

// tagOf returns the tag a slot of hash h holds, as slot>>tagShift.
func tagOf(h uint64) uint64 { return h & (1<<tagBits - 1) }

// minSlots is the size of a new table's index.
const minSlots = 8

// home returns the slot where hash h's probe sequence starts.
func (x *rowIndex) home(h uint64) int { return int(h >> x.shift) }

// full reports whether the index must grow before it takes one more slot,
// counting those that wait to be placed.
func (x *rowIndex) full() bool { return 4*(x.n+int(x.npend)+1) > 3*len(x.slots) }

// place puts loc, of hash h, in the first empty slot from h's home.
func (x *rowIndex) place(h, loc uint64) {
	mask := len(x.slots) - 1
	i, d := x.home(h), 0
	for x.slots[i] != 0 {
		i = (i + 1) & mask
		d++
	}
	x.slots[i] = slotOf(h, d, loc)
	x.n++
}

// placeAll places the first k entities of pd, reading their home slots
// first (see rowIndex).
func (x *rowIndex) placeAll(pd *pending, k int) {
	var any uint64
	for j := range k {
		any |= x.slots[x.home(pd.h[j])]
	}
	pd.touched = any
	for j := range k {
		x.place(pd.h[j], pd.l[j])
	}
}

// indexNew adds the entity encoded at loc, of hash h, to the index, or
// sets it to wait with others (see rowIndex). Its record is stored
// already: when the index grows, it is placed with the others. Callers
// hold t.mu.
func (t *Table) indexNew(h, loc uint64) {
	x := &t.rows
	if x.full() {
		t.growIndex()
		return
	}
	k := x.npend
	t.pend.h[k], t.pend.l[k] = h, loc
	if x.npend++; x.npend == pendMax {
		t.flush()
	}
}

// flush places the entities that wait to be placed (see rowIndex).
// Callers hold t.mu for writing.
func (t *Table) flush() {
	x := &t.rows
	if x.npend == 0 {
		return
	}
	x.placeAll(&t.pend, int(x.npend))
	x.npend = 0
}

// growIndex builds an index twice as large from the table's records.
// Hashing every key again reads the records and the encodings in the
// order they are numbered, which is about the order they lie in memory.
func (t *Table) growIndex() {
	x := &t.rows
	n := max(minSlots, 2*len(x.slots))
	for 4*(t.n+1) > 3*n {
		n *= 2
	}
	x.slots = hugeMake[uint64](n)
	x.shift = uint8(64 - log2(n))
	x.n = 0
	x.npend = 0 // their records are among t.recs
	pd := &t.pend
	k := 0
	for i := range t.recs {
		if r := &t.recs[i]; r.size() != 0 {
			b := t.enc(r)
			pd.h[k], pd.l[k] = t.encTag(b), r.loc()
			if k++; k == pendMax {
				x.placeAll(pd, k)
				k = 0
			}
		}
	}
	x.placeAll(pd, k)
}

// homeOf returns the home of slot j, which is in use.
func (t *Table) homeOf(j int) int {
	x := &t.rows
	s := x.slots[j]
	if f := int(s>>locBits) & farDist; f < farDist {
		return (j - (f - 1)) & (len(x.slots) - 1)
	}
	b := t.at(s & locMask)
	return x.home(t.encTag(b))
}

// unindex empties slot i and moves back the slots after it whose probe
// sequence passes through i, so that every entry stays reachable from its
// home slot without a gap.
func (t *Table) unindex(i int) {
	x := &t.rows
	mask := len(x.slots) - 1
	for j := (i + 1) & mask; x.slots[j] != 0; j = (j + 1) & mask {
		// Slot j may move to i when i lies on its probe path, that is
		// cyclically in [home(j), j).
		if h := t.homeOf(j); (j-h)&mask >= (j-i)&mask {
			s := x.slots[j]
			x.slots[i] = s&^(farDist<<locBits) | uint64(min((i-h)&mask+1, farDist))<<locBits
			i = j
		}
	}
	x.slots[i] = 0
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
