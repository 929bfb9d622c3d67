package workload

import (
	"math/bits"
	"slices"
)

// Values of a property with a cardinality. Entity i's value of such a
// property is value number perm(i) mod Cardinality, where perm is a
// pseudo-random permutation of a block of 2^k entity numbers (i>>k picks
// the block, each with its own key). A permutation can be run backwards:
// the entities that take a given value are found without looking at every
// entity (preimages), which is how Setup finds the entities of the
// partitions a workload reaches among millions declared.

// valueMap maps entity numbers to value indexes of one property.
type valueMap struct {
	card uint64 // the property's cardinality, > 0
	k    uint   // entity numbers are permuted in blocks of 2^k
	mask uint64
	key  uint64 // with the block number, keys each block's permutation
}

// The permutation's rounds multiply by odd constants (invertible modulo
// 2^k); mulInv holds their inverses.
var (
	mulRound = [3]uint64{0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb}
	mulInv   = func() (inv [3]uint64) {
		for r, m := range mulRound {
			x := m // Newton's iteration: each step doubles the correct low bits
			for range 6 {
				x *= 2 - m*x
			}
			inv[r] = x
		}
		return inv
	}()
)

// newValueMap returns the map of a property of cardinality card whose
// owning entity type declares count entities; key tells properties apart.
// A block holds at least 16 times the cardinality, so that values are
// near-uniform (each value index has 2^k/card preimages in a block, give
// or take one), and about the declared count, so that the preloaded
// entities lie in a block or two.
func newValueMap(card, count int64, key uint64) *valueMap {
	k := uint(max(bits.Len64(uint64(card))+4, bits.Len64(uint64(max(count-1, 0))), 10))
	k = min(k, 62)
	return &valueMap{card: uint64(card), k: k, mask: 1<<k - 1, key: key}
}

// roundKeys returns the three round keys of block b.
func (m *valueMap) roundKeys(b uint64) [3]uint64 {
	kb := mix(m.key, b)
	return [3]uint64{kb, bits.RotateLeft64(kb, 21), bits.RotateLeft64(kb, 42)}
}

// index returns entity i's value index.
func (m *valueMap) index(i int64) int64 {
	u := uint64(i)
	return int64(m.forward(u&m.mask, m.roundKeys(u>>m.k)) % m.card)
}

// shift is the xorshift of a round: half the block's bits, rounded up,
// so that one more xorshift undoes it.
func (m *valueMap) shift() uint { return (m.k + 1) / 2 }

func (m *valueMap) forward(x uint64, keys [3]uint64) uint64 {
	s := m.shift()
	for r := range 3 {
		x = (x + keys[r]) & m.mask
		x = (x * mulRound[r]) & m.mask
		x ^= x >> s
	}
	return x
}

func (m *valueMap) backward(x uint64, keys [3]uint64) uint64 {
	s := m.shift()
	for r := 2; r >= 0; r-- {
		x ^= x >> s
		x = (x * mulInv[r]) & m.mask
		x = (x - keys[r]) & m.mask
	}
	return x
}

// preimages appends to out the entity numbers below n whose value index
// is v, in increasing order, and reports false (with out as it was) when
// there would be more than limit of them in all.
func (m *valueMap) preimages(out []int64, v, n int64, limit int) ([]int64, bool) {
	start := len(out)
	for b := uint64(0); b<<m.k < uint64(n); b++ {
		keys := m.roundKeys(b)
		for u := uint64(v); u <= m.mask; u += m.card {
			if i := int64(b<<m.k | m.backward(u, keys)); i < n {
				if len(out)-start >= limit {
					return out[:start], false
				}
				out = append(out, i)
			}
		}
	}
	slices.Sort(out[start:])
	return out, true
}
