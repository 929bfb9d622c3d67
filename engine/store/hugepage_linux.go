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
