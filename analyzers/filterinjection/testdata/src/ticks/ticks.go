// Package ticks formats inverted ticks for row keys.
package ticks

import (
	"fmt"
	"math"
	"time"
)

// Key formats inverted ticks at 19 digits: digits only, never a quote.
func Key(t time.Time) string {
	inv := math.MaxInt64 - t.UnixNano()
	if inv < 0 {
		inv = 0
	}
	return fmt.Sprintf("%019d", inv)
}

// Maybe returns s unless it is empty.
func Maybe(s string) string {
	if s == "" {
		return fmt.Sprintf("%019d", 0)
	}
	return s
}
