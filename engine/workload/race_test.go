//go:build race

package workload

// raceEnabled: the race detector slows generation several times over, so
// CPU-time bounds are not checked.
const raceEnabled = true
