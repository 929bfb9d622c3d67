package store

// Key is the PartitionKey and RowKey of an entity, as LookupMany takes
// them.
type Key struct{ PK, RK string }

// getGroup is how many keys LookupMany reads under one hold of the lock,
// their memory reads overlapped (see lookupGroup).
const getGroup = 16

// LookupMany is LookupInto for several keys: for each i it sets es[i] to
// the entity of keys[i] and found[i] to true, or, when there is none,
// leaves es[i] unchanged and sets found[i] to false; it returns how many
// it found. es and found must be at least as long as keys, and es's
// entities the caller's own, as LookupInto's is.
//
// Each entity read is what LookupInto would read at some moment during the
// call, and reads of one key see writes in the order they were made. Like
// separate calls of LookupInto, the reads are not one snapshot of the
// whole table: LookupMany takes the table's lock for reading once for each
// group of up to 16 keys, so a write may land between two groups. A group
// costs less than its keys read one by one: a point read of a table much
// larger than the processor's caches waits on two memory reads, the
// hash index's slot and then the entity's encoding, each a cache miss;
// LookupMany makes the first read of every key of the group, then the
// second, so that the processor waits for their misses together rather
// than one after another.
func (t *Table) LookupMany(keys []Key, es []Entity, found []bool) int {
	es, found = es[:len(keys)], found[:len(keys)]
	n := 0
	for len(keys) > 0 {
		k := min(len(keys), getGroup)
		n += t.lookupGroup(keys[:k], es[:k], found[:k])
		keys, es, found = keys[k:], es[k:], found[k:]
	}
	return n
}

// lookupGroup is LookupMany for at most getGroup keys, under one hold of
// the lock. It reads in passes, each of loads that do not wait on one
// another: the home slots of all the keys; the encoding each home slot
// points at when its tag is the key's (the partition number there is kept
// for the next pass); the partitions; then, for each key, the check of the
// slot read first, and the rest of the probe (see probe) when it is not
// the entity.
func (t *Table) lookupGroup(keys []Key, es []Entity, found []bool) int {
	var (
		hs   [getGroup]uint64
		home [getGroup]int
		ss   [getGroup]uint64
		part [getGroup]uint32
	)
	clear(found)
	t.mu.RLock()
	defer t.mu.RUnlock()
	x := &t.rows
	if len(x.slots) == 0 {
		return 0
	}
	for j := range keys {
		h := t.tag(t.mix(keys[j].PK), keys[j].RK)
		i := x.home(h)
		hs[j], home[j], ss[j] = h, i, x.slots[i]
	}
	for j := range keys {
		part[j] = noRec
		if s := ss[j]; s != 0 && s>>tagShift == tagOf(hs[j]) {
			part[j] = encPart(t.at(s & locMask))
		}
	}
	n := 0
	for j := range keys {
		pk, rk := keys[j].PK, keys[j].RK
		p := t.parts[pk]
		if p == nil {
			continue
		}
		var b []byte
		if part[j] == p.num {
			if c := t.at(ss[j] & locMask); encRowKey(c) == rk {
				b = c
			}
		}
		if b == nil {
			_, b = t.probe(hs[j], home[j], ss[j], p.num, rk)
		}
		if b == nil && x.npend != 0 {
			_, _, _, b = t.findPending(p, rk)
		}
		if b != nil {
			decodeInPlace(&es[j], pk, b)
			found[j] = true
			n++
		}
	}
	return n
}
