//go:build linux

package store

import (
	"syscall"
	"unsafe"
)

const hugePage = 2 << 20

// adviseHuge asks the kernel to back the 2 MiB-aligned part of b with huge
// pages (where transparent huge pages are enabled "on request", as they
// often are): random reads of a large table then miss the TLB far less.
func adviseHuge(b []byte) {
	if cap(b) < 2*hugePage {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	off := (hugePage - p%hugePage) % hugePage
	n := (uintptr(cap(b)) - off) &^ (hugePage - 1)
	if n == 0 {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), off)), n), 14) // MADV_HUGEPAGE
}

// alignedChunk returns an empty chunk with room for at least n bytes
// (a multiple of hugePage) that starts on a 2 MiB boundary, advised to
// be backed by huge pages, and the bytes of the same allocation before
// it (up to 2 MiB, for a smaller chunk). Go aligns a large allocation to
// its 8 KiB pages only: a chunk of its own would have half its bytes
// outside whole huge pages, each 4 KiB page of them a page fault when
// first written and a TLB miss when read at random.
func alignedChunk(n int) (head, c []byte) {
	b := make([]byte, n+hugePage)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	off := int((hugePage - p%hugePage) % hugePage)
	c = b[off:off]
	adviseHuge(b[off:])
	return b[:0:off], c
}
