// Package ticks counts time down from .NET's largest date, for keys
// that sort newest first.
package ticks

import "time"

// maxTicks is .NET's DateTime.MaxValue.Ticks.
const maxTicks = 3155378975999999999

// Descending is the reverse ticks of t.
func Descending(t time.Time) int64 {
	return maxTicks - t.UnixNano()/100
}

// Remaining counts down a small budget: not reverse ticks.
func Remaining(used int) int {
	return 1000000 - used
}
