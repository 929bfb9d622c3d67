// Package shared is asked about from several goroutines at once
// (TestSharedResult): calls of imported helpers (summaries read as
// facts), a validator by its body (character classes), a generic
// helper and calls in loops (the loops of each function).
package shared

import (
	"strings"

	"lens/cut"
)

func digitsOnly(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func first[T any](xs []T) T {
	var zero T
	if len(xs) == 0 {
		return zero
	}
	return xs[0]
}

func use(string) {}

func Walk(ids []string, tag string) int {
	n := 0
	for i, id := range ids {
		if !digitsOnly(id) {
			continue
		}
		head := cut.Head(ids[i:])
		use(strings.Join(cut.Pair(id, tag), "-"))
		use(first(head))
		n += len(head)
	}
	for j := 0; j < 3; j++ {
		use(first(cut.Same(ids)) + tag)
	}
	return n
}
