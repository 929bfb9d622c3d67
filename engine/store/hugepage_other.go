//go:build !linux

package store

// adviseHuge does nothing outside Linux (see hugepage_linux.go).
func adviseHuge([]byte) {}

// alignedChunk returns an empty chunk with room for n bytes (see
// hugepage_linux.go).
func alignedChunk(n int, _ bool) (head, c []byte) { return nil, make([]byte, 0, n) }
