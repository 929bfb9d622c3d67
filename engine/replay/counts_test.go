package replay

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// summarizeCalls is the summary computed from every call's value, as
// counts must give it: the total, the mean, the nearest-rank 99th
// percentile of the sorted values and the largest.
func summarizeCalls(v []int32) Summary {
	var s Summary
	if len(v) == 0 {
		return s
	}
	for _, x := range v {
		s.Total += int64(x)
	}
	s.Mean = float64(s.Total) / float64(len(v))
	sorted := slices.Sorted(slices.Values(v))
	s.P99 = int64(sorted[(99*len(sorted)+99)/100-1])
	s.Max = int64(sorted[len(sorted)-1])
	return s
}

// TestCountsSummary checks counts against the values of every call, for
// values on both sides of the small range (negative ones too, which
// callers never pass), few calls and many, one value and many.
func TestCountsSummary(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	gens := map[string]func() int32{
		"zero":   func() int32 { return 0 },
		"small":  func() int32 { return int32(rng.IntN(maxSmall)) },
		"edge":   func() int32 { return int32(maxSmall - 2 + rng.IntN(4)) },
		"large":  func() int32 { return int32(rng.IntN(1 << 20)) },
		"mixed":  func() int32 { return int32(rng.IntN(3*maxSmall)) - 10 },
		"skewed": func() int32 { return [...]int32{0, 0, 0, 1, 1, 5000}[rng.IntN(6)] },
	}
	for name, gen := range gens {
		for _, n := range []int{0, 1, 2, 99, 100, 101, 1000, 12345} {
			var c counts
			v := make([]int32, n)
			for i := range v {
				v[i] = gen()
				c.add(v[i])
			}
			if got, want := c.summary(), summarizeCalls(v); got != want {
				t.Errorf("%s, %d calls: %+v, want %+v", name, n, got, want)
			}
		}
	}
}
