//go:build race

package model_test

// raceEnabled: the race detector slows loading several times over, so
// CPU-time bounds are not checked.
const raceEnabled = true
