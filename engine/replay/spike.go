package replay

import (
	"math"
	"slices"
)

// Traffic spikes (TL502): a partition whose load in one second jumps far
// above its recent level. The service scales by load-balancing
// partitions across nodes, which does not happen at once; a sudden burst
// meets a partition where it is.
const (
	// spikeFactor is how many times its recent level a second must
	// reach.
	spikeFactor = 5
	// spikeHistory is the seconds a partition must have been seen for
	// before a spike counts: it needs a recent level.
	spikeHistory = 10
	// spikeAlpha weighs the last second in the recent level, an
	// exponential moving average over about ten seconds.
	spikeAlpha = 0.2
)

// Spike is a second in which a partition's load jumped.
type Spike struct {
	Partition
	// Second is when, Load the entities it served then and Recent its
	// recent level (entities a second, a moving average of the seconds
	// before, idle ones counting as 0).
	Second int
	Load   int64
	Recent float64
	// Line is the trace line of the first operation of that second on
	// the partition.
	Line int
}

// spikes finds, for each partition, the second in which its load jumped
// the most above its recent level: at least spikeFactor times it and
// half the partition target, after spikeHistory seconds of history. It
// is a pass over the operations in time order (order).
func (m *Model) spikes(order []int32) []Spike {
	np := len(m.parts)
	type state struct {
		first, cur int32 // first second seen; second being counted (-1 none)
		load       int64
		line       int32
		ema        float64
		best       Spike
		bestRatio  float64
	}
	st := make([]state, np)
	for i := range st {
		st[i].first, st[i].cur = -1, -1
	}
	floor := math.Ceil(m.PartitionRate) / 2
	flush := func(p int32) {
		s := &st[p]
		if s.cur < 0 {
			return
		}
		if int(s.cur-s.first) >= spikeHistory && float64(s.load) >= floor && float64(s.load) >= spikeFactor*s.ema {
			ratio := float64(s.load) / max(s.ema, 1)
			if ratio > s.bestRatio {
				s.bestRatio = ratio
				s.best = Spike{Partition: m.parts[p], Second: int(s.cur), Load: s.load, Recent: s.ema, Line: max(int(s.line), 1)}
			}
		}
		if s.cur == s.first {
			s.ema = float64(s.load) // the level starts at the first second's
		} else {
			s.ema = s.ema*(1-spikeAlpha) + spikeAlpha*float64(s.load)
		}
	}
	for _, i := range order {
		r := m.recs.at(int(i))
		w := int32(r.t)
		for k := r.lo; k < r.hi; k++ {
			p := *m.loadPart.at(int(k))
			s := &st[p]
			if s.cur != w {
				flush(p)
				if s.cur >= 0 {
					s.ema *= math.Pow(1-spikeAlpha, float64(w-s.cur-1)) // idle seconds
				} else {
					s.first = w
				}
				s.cur, s.load, s.line = w, 0, r.line
			}
			s.load += int64(*m.loadN.at(int(k)))
		}
	}
	var out []Spike
	for p := range st {
		flush(int32(p))
		if st[p].bestRatio > 0 {
			out = append(out, st[p].best)
		}
	}
	// The largest jumps first.
	slices.SortStableFunc(out, func(a, b Spike) int {
		ra, rb := float64(a.Load)/max(a.Recent, 1), float64(b.Load)/max(b.Recent, 1)
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	return out
}
