//go:build !linux

package store

// adviseHuge does nothing outside Linux (see hugepage_linux.go).
func adviseHuge([]byte) {}
