package store

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/bits"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/google/btree"
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
)

// Table is a table of entities ordered by (PartitionKey, RowKey).
//
// Its storage holds no pointer per entity, so that the garbage collector
// has next to nothing to mark in it however many entities it holds: each
// entity is a record (rec) in one slice, its RowKey, Timestamp and
// properties are encoded into large byte chunks (see encode), each
// partition keeps its entities in a B+tree of value entries (see rowTree;
// only its nodes, one per few dozen entities, hold pointers), and one hash
// index maps the keys of each entity to where it is encoded (see
// rowIndex). The partitions themselves are kept in key order in a
// B-tree. A partition of many entities encodes them in blocks of chunk
// space and numbers them from runs of record numbers of its own (see
// allocIn and newRec), so that its entities written near in time lie
// near in memory whatever other partitions are written meanwhile. Entities handed out by reads are built from the encoding and
// refer to the chunk's bytes, which are never written again once an
// entity is stored there.
type Table struct {
	name  string
	store *Store
	seed  maphash.Seed
	// hashMask is ANDed into the hash index's tags: tests set it to 0 to
	// give every entity the same tag.
	hashMask uint64

	mu    sync.RWMutex
	n     int                   // entities
	rows  rowIndex              // (partition, RowKey hash) → where the entity is encoded (see loc)
	ptree *btree.BTreeG[pentry] // partitions in key order, but for those in unsorted
	parts map[string]*partition // by PartitionKey
	// unsorted holds partitions created since the last scan that crosses
	// partitions, not yet in ptree (and maybe deleted since): a workload
	// whose reads stay within one partition (ScanPartition, point reads)
	// never pays for ordering the partitions it creates. ordMu guards the
	// move into ptree, which a reader holding t.mu for reading makes.
	unsorted []*partition
	ordMu    sync.Mutex
	numParts uint32   // partition numbers handed out
	freePart []uint32 // those free again
	partMix  []uint64 // by partition number, its mix (see partition.mix)
	recs     []rec    // by record number
	freeRec  []uint32 // free record numbers
	chunks   [][]byte // the encoded entities
	fill     int      // the chunk alloc fills; those before it are full
	live     int      // bytes of chunks that live records use
	dead     int      // bytes of chunks that no record uses
	// merged is where Write builds a merge; callers hold mu.
	merged Entity
	pend   pending // entities not placed in rows yet
}

// partition is one partition's key, number and entities.
// pentry is a partition in the table's B-tree of partitions, with the
// first 16 bytes of its key beside it: most comparisons are decided
// there, without following the pointer to the key.
type pentry struct {
	pfx [2]uint64
	p   *partition
}

func pentryOf(p *partition) pentry { return pentry{prefixOf(p.key), p} }

func pentryLess(a, b pentry) bool {
	if c, ok := cmpPrefix(a.pfx, b.pfx); ok {
		return c < 0
	}
	return edm.CompareStrings(a.p.key, b.p.key) < 0
}

type partition struct {
	key  string
	num  uint32  // its number in the table's encodings and hash index
	mix  uint64  // the key's part of its entities' hashes (see Table.mix)
	n    int     // entities
	tree rowTree // the entities in RowKey order
	// The unused rest of the partition's block, chunk space set aside
	// for its entities (see allocIn): blkLeft bytes at chunk blkChunk,
	// offset blkOff.
	blkChunk, blkOff, blkLeft uint32
	// recNext..recEnd are the record numbers set aside for its entities
	// and not used yet (see newRec).
	recNext, recEnd uint32
}

// rec is one stored entity; it holds no pointer. Its encoding (see
// encode) starts with a header that holds the record number, the
// Timestamp, and the lengths of the RowKey and of the property list. It
// packs where the encoding is, chunks[chunk()][off():off()+size()], into
// one word: 19 bits of chunk number, 23 of offset (a chunk is at most
// chunkSize bytes, see alloc, but for an entity of its own, at offset 0) and 22 of size (an entity's encoding is under
// 4 MiB: see store1).
type rec struct{ v uint64 }

const (
	offBits  = 23
	sizeBits = 22
	maxChunk = 1<<(64-offBits-sizeBits) - 1
)

// A chunk's offsets fit offBits (chunkSize, with room to spare).
var _ [1<<offBits - chunkSize - 2<<20]struct{}

func recAt(chunk, off uint32, size int) rec {
	return rec{uint64(chunk)<<(offBits+sizeBits) | uint64(off)<<sizeBits | uint64(size)}
}

func (r *rec) chunk() uint32 { return uint32(r.v >> (offBits + sizeBits)) }
func (r *rec) off() uint32   { return uint32(r.v>>sizeBits) & (1<<offBits - 1) }
func (r *rec) size() uint32  { return uint32(r.v) & (1<<sizeBits - 1) }

// loc returns where r is encoded, as the hash index keeps it: a
// point read goes from the index to the encoding without reading the
// record (one cache miss fewer in a large table).
func (r *rec) loc() uint64 { return r.v >> sizeBits }

const (
	noRec = math.MaxUint32
	// chunkSize is the size of the byte chunks entities are encoded in;
	// an entity larger than that gets a chunk of its own. At 4 MiB a
	// chunk holds at least one aligned 2 MiB huge page (see adviseHuge).
	chunkSize = 4 << 20
	// compactMin is how many dead bytes the chunks hold at least before
	// the table compacts them.
	compactMin = 4 << 20
	// minHead is the least room that the bytes before or after a slab's
	// aligned chunks (see alloc) must have to be used as a chunk of
	// their own.
	minHead = 64 << 10
	// maxSlab is the most chunk bytes a table allocates at once (see
	// alloc), a multiple of chunkSize.
	maxSlab = 16 << 20
	// maxBlock is the largest block a partition sets aside (see allocIn).
	maxBlock = 16 << 10
	// maxRun is the most record numbers a partition sets aside (see
	// newRec).
	maxRun = 64
)

func newTable(s *Store, name string) *Table {
	return &Table{
		name:     name,
		store:    s,
		seed:     maphash.MakeSeed(),
		hashMask: math.MaxUint64,
		parts:    map[string]*partition{},
		ptree:    btree.NewG(8, pentryLess),
	}
}

// prefixOf returns the first 16 bytes of rk as two big-endian words,
// zero-padded. It reads rk's bytes in place, a word at a time: copied
// into an array first (a call to memmove, then words read from bytes
// just written one by one), it cost an insert a few percent of its time.
func prefixOf(rk string) [2]uint64 {
	b := unsafe.Slice(unsafe.StringData(rk), len(rk))
	switch n := len(b); {
	case n >= 16:
		return [2]uint64{binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[8:])}
	case n >= 8:
		// The last 8 bytes, shifted up past those of the first word.
		return [2]uint64{binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[n-8:]) << (8 * (16 - n))}
	default:
		var x uint64
		for _, c := range b {
			x = x<<8 | uint64(c)
		}
		return [2]uint64{x << (8 * (8 - n)), 0}
	}
}

// prefixLess compares 8 bytes of two UTF-8 strings where they differ. The
// order of UTF-8 bytes is the order of UTF-16 code units except between
// U+E000..U+FFFF (lead bytes EE, EF) and the characters above U+FFFF
// (lead bytes F0..F4, surrogates in UTF-16); ok is false when the first
// differing bytes could be such a pair, and the strings must be compared.
func prefixLess(x, y uint64) (ok, less bool) {
	shift := 56 - bits.LeadingZeros64(x^y)&^7
	if byte(x>>shift) >= 0xEE || byte(y>>shift) >= 0xEE {
		return false, false
	}
	return true, x < y
}

// enc returns the encoding of record r.
func (t *Table) enc(r *rec) []byte {
	off, end := r.off(), r.off()+r.size()
	return t.chunks[r.chunk()][off:end:end]
}

// at returns the encoding at loc l (and the chunk's bytes after it).
func (t *Table) at(l uint64) []byte { return t.chunks[l>>offBits][l&(1<<offBits-1):] }

// rowKey returns r's RowKey, referring to the chunk.
func (t *Table) rowKey(r *rec) string { return encRowKey(t.enc(r)) }

// tag returns the hash in the hash index (see rowIndex) of RowKey rk of
// the partition whose key has mix m (see mix): its top bits choose the
// home slot, its low bits are the slot's tag (see tagOf), never 0.
func (t *Table) tag(m uint64, rk string) uint64 {
	return (maphash.String(t.seed, rk)^m)&t.hashMask | 1
}

// mix returns partition key pk's part of the hash of its entities' keys
// (see tag). It is the key's hash, not the partition's number, so that a
// read computes where an entity's slot is before it finds the partition
// (see get). The multiplication keeps the hash of (a, b) from the hash of
// (b, a).
func (t *Table) mix(pk string) uint64 {
	return maphash.String(t.seed, pk) * 0x9E3779B97F4A7C15
}

// encTag returns the tag of the entity encoded in b.
func (t *Table) encTag(b []byte) uint64 {
	return t.tag(t.partMix[encPart(b)], encRowKey(b))
}

// find returns the record number of the entity with the given keys (or
// noRec), its partition (nil if there is none), its slot in the hash
// index (-1 while the entity waits to be placed there, see rowIndex; a
// write calls findW, which places it first) and its encoding. Callers
// hold t.mu.
func (t *Table) find(pk, rk string) (uint32, *partition, int, []byte) {
	p := t.parts[pk]
	if p == nil {
		return noRec, nil, -1, nil
	}
	x := &t.rows
	if len(x.slots) == 0 {
		return noRec, p, -1, nil
	}
	h := t.tag(p.mix, rk)
	i := x.home(h)
	i, b := t.probe(h, i, x.slots[i], p.num, rk)
	if b == nil {
		if x.npend != 0 {
			return t.findPending(p, rk)
		}
		return noRec, p, -1, nil
	}
	return encRec(b), p, i, b
}

// probe looks for the entity of partition number part and RowKey rk, of
// hash h, from slot i, which holds s: it returns its slot and its
// encoding, or nil.
func (t *Table) probe(h uint64, i int, s uint64, part uint32, rk string) (int, []byte) {
	x := &t.rows
	tag := tagOf(h)
	mask := len(x.slots) - 1
	for ; s != 0; s = x.slots[i] {
		if s>>tagShift == tag {
			if b := t.at(s & locMask); encPart(b) == part && encRowKey(b) == rk {
				return i, b
			}
		}
		i = (i + 1) & mask
	}
	return -1, nil
}

// get returns the partition of key pk and the encoding of its entity
// of RowKey rk, or nil, as find does but in another order: it reads the
// entity's first slot, which the keys alone tell, before it looks the
// partition up, so that the processor does that while the slot, often
// not in its caches, comes in. Callers hold t.mu.
func (t *Table) get(pk, rk string) (*partition, []byte) {
	x := &t.rows
	if len(x.slots) == 0 {
		return nil, nil
	}
	h := t.tag(t.mix(pk), rk)
	i := x.home(h)
	s := x.slots[i]
	p := t.parts[pk]
	if p == nil {
		return nil, nil
	}
	_, b := t.probe(h, i, s, p.num, rk)
	if b == nil && x.npend != 0 {
		_, _, _, b = t.findPending(p, rk)
	}
	return p, b
}

// findPending is find among the entities that wait to be placed in the
// index (see rowIndex); they have no slot yet.
func (t *Table) findPending(p *partition, rk string) (uint32, *partition, int, []byte) {
	h := t.tag(p.mix, rk)
	for j := range int(t.rows.npend) {
		if t.pend.h[j] == h {
			if b := t.at(t.pend.l[j]); encPart(b) == p.num && encRowKey(b) == rk {
				return encRec(b), p, -1, b
			}
		}
	}
	return noRec, p, -1, nil
}

// findW is find for a write, which may use the entity's slot: it places
// the entities that wait first. Callers hold t.mu for writing.
func (t *Table) findW(pk, rk string) (uint32, *partition, int, []byte) {
	t.flush()
	return t.find(pk, rk)
}

// findNew is find for a write, which inserts when the entity does not
// exist. A RowKey after the greatest of its partition, the way a bulk load
// and most partitions grow, is not stored yet: findNew answers without
// reading the hash index, whose slot for the entity is read later,
// with others (see rowIndex).
func (t *Table) findNew(pk, rk string) (uint32, *partition, int, []byte) {
	if p := t.parts[pk]; p != nil && t.afterLast(&p.tree, rk) {
		return noRec, p, -1, nil
	}
	return t.findW(pk, rk)
}

// entityAt builds the entity of partition pk encoded in b, its
// properties decoded (its strings refer to b).
func entityAt(pk string, b []byte) *Entity {
	e := entityWith(encLen(b))
	e.PartitionKey, e.RowKey, e.ticks = pk, encRowKey(b), encTicks(b)
	e.fields = appendFields(e.fields, b)
	return e
}

// Name returns the table's name as it was created.
func (t *Table) Name() string { return t.name }

// Len returns the number of entities.
func (t *Table) Len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.n
}

// Partitions returns the number of distinct partition keys.
func (t *Table) Partitions() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.parts)
}

// PartitionLen returns the number of entities in partition pk.
func (t *Table) PartitionLen(pk string) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	if p := t.parts[pk]; p != nil {
		return p.n
	}
	return 0
}

// Lookup returns the entity with the given keys, or nil.
func (t *Table) Lookup(pk, rk string) *Entity {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.lookup(pk, rk)
}

func (t *Table) lookup(pk, rk string) *Entity {
	if p, b := t.get(pk, rk); b != nil {
		return entityAt(p.key, b)
	}
	return nil
}

// LookupInto sets *e to the entity with the given keys and reports
// whether there is one (when there is none, e is unchanged). It reuses
// e's room for properties, so a caller that reads entity after entity
// into one Entity of its own reads without allocating; e must be such an
// entity, not one handed out by the table or a write (those are shared
// and immutable). Like every read, e's strings refer to the table's
// storage, which is never written again.
func (t *Table) LookupInto(pk, rk string, e *Entity) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	_, b := t.get(pk, rk)
	if b == nil {
		return false
	}
	// The partition key is the caller's: equal to the stored one, and
	// already in the caller's cache.
	decodeInPlace(e, pk, b)
	return true
}

// Get reads one entity: 404 ResourceNotFound when it does not exist.
func (t *Table) Get(pk, rk string) (*Entity, error) {
	if e := t.Lookup(pk, rk); e != nil {
		return e, nil
	}
	return nil, notFound()
}

// Ascend calls fn for every entity whose key is at or after (pk, rk), in
// key order, until fn returns false. The table is locked for reading while
// Ascend runs: fn must not write to it.
func (t *Table) Ascend(pk, rk string, fn func(*Entity) bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	t.ascend(pk, rk, func(p *partition, i uint32) bool { return fn(entityAt(p.key, t.enc(&t.recs[i]))) })
}

// Scan is Ascend without an allocation per entity: fn's entity is valid
// only until fn returns, as Scan reuses it for the next one. Keep one
// with Entity.Clone.
func (t *Table) Scan(pk, rk string, fn func(*Entity) bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	e := &Entity{}
	t.ascend(pk, rk, func(p *partition, i uint32) bool {
		decodeInPlace(e, p.key, t.enc(&t.recs[i]))
		return fn(e)
	})
}

// sortParts moves the partitions of unsorted that still exist into
// ptree. Callers hold t.mu, for reading or writing: while readers hold
// it no partition is created or deleted, so the first reader to get
// ordMu moves them all and the others find unsorted empty.
func (t *Table) sortParts() {
	t.ordMu.Lock()
	defer t.ordMu.Unlock()
	for _, p := range t.unsorted {
		if t.parts[p.key] == p {
			t.ptree.ReplaceOrInsert(pentryOf(p))
		}
	}
	clear(t.unsorted)
	t.unsorted = t.unsorted[:0]
}

// ScanPartition is Scan within partition pk: it calls fn for the
// entities of pk whose RowKey is at or after rk, in order, until fn
// returns false, and never reads another partition. Like Scan, it
// reuses fn's entity.
func (t *Table) ScanPartition(pk, rk string, fn func(*Entity) bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	p := t.parts[pk]
	if p == nil {
		return
	}
	e := &Entity{}
	n, i := p.tree.first, 0
	if rk != "" {
		k := keyOf(rk)
		n, i = t.seek(&p.tree, &k)
	}
	for ; n != nil; n, i = n.next, 0 {
		for ; i < len(n.items); i++ {
			decodeInPlace(e, p.key, t.enc(&t.recs[n.items[i].rec]))
			if !fn(e) {
				return
			}
		}
	}
}

// ascend calls fn with the partition and record number of every entity
// at or after (pk, rk), in key order, until fn returns false. Callers
// hold t.mu.
func (t *Table) ascend(pk, rk string, fn func(*partition, uint32) bool) {
	t.sortParts()
	first := true
	t.ptree.AscendGreaterOrEqual(pentryOf(&partition{key: pk}), func(pe pentry) bool {
		p := pe.p
		n, i := p.tree.first, 0
		if first && p.key == pk && rk != "" {
			k := keyOf(rk)
			n, i = t.seek(&p.tree, &k)
		}
		first = false
		for ; n != nil; n, i = n.next, 0 {
			for ; i < len(n.items); i++ {
				if !fn(p, n.items[i].rec) {
					return false
				}
			}
		}
		return true
	})
}

// AscendAll calls fn for every entity in key order until fn returns false.
func (t *Table) AscendAll(fn func(*Entity) bool) {
	t.Ascend("", "", fn)
}

// put stores e (already stamped) over the entity with its keys, if any.
// Callers hold t.mu.
func (t *Table) put(e *Entity) {
	i, p, slot, _ := t.findW(e.PartitionKey, e.RowKey)
	t.putAt(i, p, slot, e)
}

// putAt is put with what find returned for e's keys.
func (t *Table) putAt(i uint32, p *partition, slot int, e *Entity) {
	if i == noRec {
		t.putNew(p, e)
		return
	}
	r := &t.recs[i]
	t.live -= int(r.size())
	t.dead += int(r.size())
	t.store1(r, i, p, e)
	t.rows.slots[slot] = t.rows.slots[slot]&^locMask | r.loc()
	t.maybeCompact()
}

// putNew stores e, stamped, whose keys are not in the table; p is its
// partition or nil. Callers hold t.mu.
func (t *Table) putNew(p *partition, e *Entity) {
	if p == nil {
		p = &partition{key: e.PartitionKey}
		if n := len(t.freePart); n > 0 {
			p.num = t.freePart[n-1]
			t.freePart = t.freePart[:n-1]
		} else {
			p.num = t.numParts
			t.numParts++
			t.partMix = append(t.partMix, 0)
		}
		p.mix = t.mix(p.key)
		t.partMix[p.num] = p.mix
		t.parts[p.key] = p
		t.unsorted = append(t.unsorted, p)
		if len(t.unsorted) > 1024+2*len(t.parts) {
			t.sortParts() // bound what deleted partitions leave in unsorted
		}
	}
	i := t.newRec(p)
	r := &t.recs[i]
	*r = rec{}
	t.store1(r, i, p, e)
	t.n++
	t.indexNew(t.tag(p.mix, e.RowKey), r.loc())
	k := keyOf(e.RowKey)
	t.insert(&p.tree, &k, item{pfx: k.pfx, rec: i})
	p.n++
}

// newRec returns a free record number for a new entity of partition p.
// Like chunk space (see allocIn), a partition of more than a few entities
// sets aside runs of record numbers, a 32nd of its entities and at most
// maxRun, so that a scan of entities written near in time reads
// their records from a few cache lines; it takes a free number of
// another's first, though, when there is one.
func (t *Table) newRec(p *partition) uint32 {
	if p.recNext < p.recEnd {
		i := p.recNext
		p.recNext++
		return i
	}
	if n := len(t.freeRec); n > 0 {
		i := t.freeRec[n-1]
		t.freeRec = t.freeRec[:n-1]
		return i
	}
	k := min(maxRun, p.n/32)
	if k < 4 {
		k = 1
	}
	i := uint32(len(t.recs))
	if len(t.recs)+k > cap(t.recs) {
		// Double (append grows a large slice by a quarter, copying
		// it about four times as often).
		// Scans read records in key order, at random places: a large
		// array is huge pages (see hugeMake).
		recs := hugeMake[rec](max(2*cap(t.recs), 1024))[:len(t.recs)]
		copy(recs, t.recs)
		t.recs = recs
	}
	t.recs = t.recs[:len(t.recs)+k]
	p.recNext, p.recEnd = i+1, i+uint32(k)
	return i
}

// dropRecs frees the record numbers p set aside and did not use.
func (t *Table) dropRecs(p *partition) {
	for i := p.recNext; i < p.recEnd; i++ {
		t.freeRec = append(t.freeRec, i)
	}
	p.recNext, p.recEnd = 0, 0
}

// store1 encodes e, record i of partition p, into the chunks and points
// r at it.
func (t *Table) store1(r *rec, i uint32, p *partition, e *Entity) {
	n := encodedSize(e)
	if n >= 1<<sizeBits {
		// NewEntity bounds entities to 1 MiB in UTF-16; in UTF-8, with
		// the encoding's headers, that is under 2 MiB.
		panic("store: entity too large")
	}
	b, chunk, off := t.allocIn(p, n)
	encode(b, i, p.num, e)
	*r = recAt(chunk, off, n)
	t.live += n
}

// allocIn is alloc for an entity of partition p. A partition of more
// than a few entities sets aside blocks of chunk space, up to maxBlock
// bytes, and encodes its entities there: the entities of a partition that
// were written near in time, as rows that arrive in key order are, lie
// near in memory, and a scan of the partition reads a few cache lines
// for several entities instead of a line or two apart for each, however
// many other partitions were written meanwhile. A block is about a 32nd
// of the partition's bytes (only a partition of 128 entities or more has
// blocks), so that the room set aside and not yet used stays a small
// part of the table. The rest of a block too
// small for the next entity counts as dead (see maybeCompact).
func (t *Table) allocIn(p *partition, n int) ([]byte, uint32, uint32) {
	if int(p.blkLeft) >= n {
		chunk, off := p.blkChunk, p.blkOff
		p.blkOff += uint32(n)
		p.blkLeft -= uint32(n)
		return t.chunks[chunk][off:p.blkOff:p.blkOff], chunk, off
	}
	size := min(maxBlock, p.n*n/32)
	if size < 4*n {
		return t.alloc(n)
	}
	// A multiple of n: entities of one partition are often of one size,
	// and then fill the block to its end.
	size -= size % n
	t.dropBlock(p)
	b, chunk, off := t.alloc(size)
	// Write the block's cache lines once now, in order: the processor
	// streams them in as it would the shared chunk's, and they wait in
	// its cache for the entities, which otherwise, written to several
	// partitions' blocks in turn, would each miss on a line of their own.
	for o := 0; o < len(b); o += 64 {
		b[o] = 0
	}
	p.blkChunk, p.blkOff, p.blkLeft = chunk, off+uint32(n), uint32(size-n)
	return b[:n:n], chunk, off
}

// dropBlock gives up the rest of p's block, which counts as dead.
func (t *Table) dropBlock(p *partition) {
	t.dead += int(p.blkLeft)
	p.blkLeft = 0
}

// alloc returns n bytes of fresh chunk space and where they are. Bytes
// once handed out are never handed out again.
func (t *Table) alloc(n int) ([]byte, uint32, uint32) {
	for k := t.fill; k < len(t.chunks); k++ {
		if c := t.chunks[k]; cap(c)-len(c) >= n {
			t.fill = k
			off := len(c)
			t.chunks[k] = c[:off+n]
			return c[off : off+n : off+n], uint32(k), uint32(off)
		}
	}
	t.fill = len(t.chunks)
	if len(t.chunks)+2+maxSlab/chunkSize > maxChunk {
		panic("store: table too large") // 2^19 chunks of 4 MiB
	}
	if n > chunkSize {
		_, c, _ := alignedAlloc(n, true)
		t.chunks = append(t.chunks, c[:0])
		return t.alloc(n)
	}
	// A slab of chunks: chunkSize bytes for a table's first, then half
	// as many as the table's chunks hold already, up to maxSlab, so that
	// a large table takes its memory in a few allocations, each of whole
	// huge pages but for the two ends (see alignedAlloc), which are
	// filled first and last as chunks of their own when they are many
	// bytes (the tail on a huge page when it is fresh, see adviseTail,
	// and then so is the head of a slab allocated right after). What the last slab holds beyond the table's bytes is not
	// touched, so it takes no memory, but the heap counts it: so half,
	// not all. A table's first slab is not made huge pages at once: a
	// table of a few entities would pay for it.
	size := chunkSize
	if len(t.chunks) > 0 {
		size = min(maxSlab, max(chunkSize, (t.live+t.dead)/2&^(chunkSize-1)))
	}
	head, mid, tail := alignedAlloc(size, len(t.chunks) > 0)
	if cap(head) >= minHead {
		t.chunks = append(t.chunks, head)
	}
	for o := 0; o < size; o += chunkSize {
		t.chunks = append(t.chunks, mid[o:o:o+chunkSize])
	}
	if cap(tail) >= minHead {
		adviseTail(tail)
		t.chunks = append(t.chunks, tail)
	}
	return t.alloc(n)
}

// maybeCompact copies the live records into new chunks when more than
// half of the chunks' bytes are dead. Entities handed out before keep the
// old chunks alive as long as they are referenced.
func (t *Table) maybeCompact() {
	if t.dead < compactMin || t.dead < t.live {
		return
	}
	t.compact()
}

// Compact rewrites the table's encodings in key order, dropping the
// bytes of deleted and replaced entities. Entities inserted in another
// order (a bulk load by entity number, say) then lie in memory in the
// order a partition or table scan reads them, which the processor's
// prefetcher follows. Entities handed out before keep what they refer to.
func (t *Table) Compact() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.compact()
}

// compact is Compact; callers hold t.mu.
func (t *Table) compact() {
	t.flush() // the slots' locs change
	old := t.chunks
	t.chunks, t.fill = nil, 0
	t.live, t.dead = 0, 0
	for _, p := range t.parts {
		p.blkLeft = 0 // in the old chunks
	}
	t.ascend("", "", func(_ *partition, i uint32) bool {
		r := &t.recs[i]
		src := old[r.chunk()][r.off() : r.off()+r.size()]
		b, chunk, off := t.alloc(len(src))
		copy(b, src)
		*r = recAt(chunk, off, len(src))
		t.live += len(src)
		return true
	})
	for i, s := range t.rows.slots {
		if s != 0 {
			l := s & locMask
			t.rows.slots[i] = s&^locMask | t.recs[encRec(old[l>>offBits][l&(1<<offBits-1):])].loc()
		}
	}
}

// remove deletes the entity with the given keys. Callers hold t.mu.
func (t *Table) remove(pk, rk string) {
	i, p, slot, _ := t.findW(pk, rk)
	if i == noRec {
		return
	}
	k := keyOf(rk)
	t.delete(&p.tree, &k)
	t.unindex(slot)
	r := &t.recs[i]
	t.live -= int(r.size())
	t.dead += int(r.size())
	*r = rec{}
	t.freeRec = append(t.freeRec, i)
	p.n--
	t.n--
	if p.n == 0 {
		t.dropBlock(p)
		t.dropRecs(p)
		t.ptree.Delete(pentryOf(p))
		delete(t.parts, p.key)
		t.freePart = append(t.freePart, p.num)
	}
	t.maybeCompact()
}

// Options configure a Store.
type Options struct {
	// Clock gives the time for server-set Timestamps; time.Now if nil.
	// Timestamps are made strictly increasing within the Store even if the
	// clock stands still, so that every write has a new ETag.
	Clock func() time.Time
}

// Store is a storage account: a set of tables.
type Store struct {
	opts Options

	mu      sync.RWMutex
	tables  map[string]*Table    // by lower-case name
	deleted map[string]time.Time // when a table was deleted, by lower-case name
	// lastTicks is the last write's Timestamp (see now); writes to
	// different tables set it at once, without mu.
	lastTicks atomic.Int64
}

// New returns an empty Store.
func New(opts Options) *Store {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	return &Store{opts: opts, tables: map[string]*Table{}}
}

// ValidTableName reports whether name is a valid table name:
// ^[A-Za-z][A-Za-z0-9]{2,62}$ and not a reserved name such as "tables".
func ValidTableName(name string) bool { return limits.ValidTableName(name) }

// CreateTable creates a table: 400 InvalidResourceName for an invalid
// name, 409 TableAlreadyExists if a table of that name (ignoring case)
// exists, 409 TableBeingDeleted if one was deleted less than
// limits.TableReuseDelay ago by the Store's clock.
func (s *Store) CreateTable(name string) (*Table, error) {
	if !ValidTableName(name) {
		return nil, badRequest(CodeInvalidResourceName, "%q is not a valid table name", name)
	}
	key := strings.ToLower(name)
	now := s.opts.Clock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.tables[key]; ok {
		return nil, newError(http.StatusConflict, CodeTableAlreadyExists, "The table specified already exists.")
	}
	if at, ok := s.deleted[key]; ok {
		if now.Sub(at) < limits.TableReuseDelay {
			return nil, newError(http.StatusConflict, CodeTableBeingDeleted, "The specified table is being deleted. Try operation later.")
		}
		delete(s.deleted, key)
	}
	t := newTable(s, name)
	s.tables[key] = t
	return t, nil
}

// DeleteTable deletes a table and its entities: 404 TableNotFound if it
// does not exist. It records the time of the delete by the Store's clock:
// the name cannot be created again for limits.TableReuseDelay.
func (s *Store) DeleteTable(name string) error {
	key := strings.ToLower(name)
	now := s.opts.Clock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.tables[key]; !ok {
		return tableNotFound()
	}
	delete(s.tables, key)
	if s.deleted == nil {
		s.deleted = map[string]time.Time{}
	}
	s.deleted[key] = now
	return nil
}

// ForgetDeleted drops the record of when the table of that name (ignoring
// case) was deleted, so that it can be created again at once. Replay uses
// it for operations without a time, when the delay cannot be judged.
func (s *Store) ForgetDeleted(name string) {
	s.mu.Lock()
	delete(s.deleted, strings.ToLower(name))
	s.mu.Unlock()
}

// Compact compacts every table (Table.Compact).
func (s *Store) Compact() {
	s.mu.RLock()
	tables := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	s.mu.RUnlock()
	for _, t := range tables {
		t.Compact()
	}
}

// Table returns the table of that name (ignoring case): 404 TableNotFound
// if it does not exist.
func (s *Store) Table(name string) (*Table, error) {
	s.mu.RLock()
	t := s.tables[strings.ToLower(name)]
	s.mu.RUnlock()
	if t == nil {
		return nil, tableNotFound()
	}
	return t, nil
}

func tableNotFound() *Error {
	return newError(http.StatusNotFound, CodeTableNotFound, "The table specified does not exist.")
}

// now returns the ticks for the next write: the clock's time, but always
// after the previous write's.
func (s *Store) now() int64 {
	ticks := edm.TimeToTicks(s.opts.Clock())
	for {
		last := s.lastTicks.Load()
		t := max(ticks, last+1)
		if s.lastTicks.CompareAndSwap(last, t) {
			return t
		}
	}
}
