//go:build !linux

package store

// adviseHuge does nothing outside Linux (see hugepage_linux.go).
func adviseHuge([]byte) {}

// alignedAlloc returns n new zeroed bytes (see hugepage_linux.go).
func alignedAlloc(n int, _ bool) (head, mid, tail []byte) { return nil, make([]byte, n), nil }

// hugeMake returns a zeroed slice of n Ts (see hugepage_linux.go).
func hugeMake[T any](n int) []T { return make([]T, n) }

// adviseTail does nothing outside Linux (see hugepage_linux.go).
func adviseTail([]byte) {}
