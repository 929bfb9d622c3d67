//go:build linux

package store

import (
	"runtime"
	"syscall"
	"unsafe"
)

const hugePage = 2 << 20

// madvise advice values (golang.org/x/sys/unix names them; syscall does
// not).
const (
	madvDontneed = 4
	madvHugepage = 14
	madvCollapse = 25 // Linux 6.1 and later; older kernels answer EINVAL
)

// adviseHuge has the memory of b, a slice just made (zeroed and not
// written since), backed by huge pages where the kernel gives them on
// request (transparent huge pages "madvise", as they often are), so that
// random reads of a large table miss the TLB far less: with 4 KiB pages
// nearly every point read of a table of a million entities walks the
// page tables twice, for the hash index's slot and for the encoding.
//
// Advice alone is not enough: it only shapes the pages faulted in
// afterwards, and the Go runtime often hands out memory it has used
// before, already backed by small pages (the index's previous slots,
// say). So adviseHuge also drops the pages of b's whole huge pages
// (MADV_DONTNEED; they read as zeros again, which is what b holds), and
// the next write faults in a huge page. The huge pages at b's two ends
// hold other objects' bytes too and must keep them: those it asks the
// kernel to collapse in place (MADV_COLLAPSE, what khugepaged does to
// any process, copying the bytes) when some of their pages are in
// memory. It does not advise them: the advice outlives b, and memory of
// the heap advised so, once the runtime returns it to the system, is
// faulted in again 2 MiB at a time for any small object (a process that
// made many small tables after a large one took 10 s instead of 0.1 s).
func adviseHuge(b []byte) {
	if len(b) < hugePage {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	end := p + uintptr(len(b))
	lo, hi := p&^(hugePage-1), (end+hugePage-1)&^(hugePage-1)
	in, inEnd := (p+hugePage-1)&^(hugePage-1), end&^(hugePage-1)
	if in < inEnd {
		madvise(in, inEnd-in, madvHugepage)
		madvise(in, inEnd-in, madvDontneed)
	}
	if lo < in {
		collapse(lo)
	}
	if inEnd < hi {
		collapse(inEnd)
	}
	runtime.KeepAlive(b)
}

// collapse asks the kernel to back the 2 MiB at p (a huge page's bounds)
// with a huge page now, copying the bytes of its small pages, when some
// of them are in memory. When none is there is nothing to keep, and a
// collapse (on a busy machine, milliseconds of waiting) would be wasted:
// a table's last chunk, at the top of the heap, is often followed by
// memory not touched yet.
func collapse(p uintptr) {
	var in [hugePage / 4096]byte
	if _, _, err := syscall.Syscall(syscall.SYS_MINCORE, p, hugePage, uintptr(unsafe.Pointer(&in[0]))); err != 0 {
		return
	}
	for _, v := range in {
		if v&1 != 0 {
			madvise(p, hugePage, madvCollapse)
			return
		}
	}
}

// madvise gives the kernel advice on the n bytes at p, a multiple of the
// page size; the advice is only a hint: its error is of no use.
func madvise(p, n uintptr, advice int) {
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, p, n, uintptr(advice))
}

// alignedChunk returns an empty chunk with room for at least n bytes
// (a multiple of hugePage) that starts on a 2 MiB boundary, advised to
// be backed by huge pages, and the bytes of the same allocation before
// it (up to 2 MiB, for a smaller chunk). Go aligns a large allocation to
// its 8 KiB pages only: a chunk of its own would have half its bytes
// outside whole huge pages, each 4 KiB page of them a page fault when
// first written and a TLB miss when read at random.
//
// With eager, the whole allocation is made huge pages (see adviseHuge);
// without, its whole huge pages are only advised to be, which costs
// next to nothing, where adviseHuge's drop and collapses cost a few
// milliseconds: what a table's first chunk gets, as a small table reads
// little at random and is not worth them.
func alignedChunk(n int, eager bool) (head, c []byte) {
	b := make([]byte, n+hugePage)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	off := int((hugePage - p%hugePage) % hugePage)
	c = b[off:off]
	if eager {
		adviseHuge(b)
	} else if in, inEnd := p+uintptr(off), (p+uintptr(len(b)))&^(hugePage-1); in < inEnd {
		madvise(in, inEnd-in, madvHugepage)
	}
	return b[:0:off], c
}
