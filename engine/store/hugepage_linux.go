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
// the next write faults in a huge page. It leaves the huge pages b
// shares with other objects at its ends alone (callers align b, see
// alignedAlloc): the advice outlives b, and memory of the heap advised
// so, once the runtime returns it to the system, is faulted in again
// 2 MiB at a time for any small object (a process that made many small
// tables after a large one took 10 s instead of 0.1 s).
func adviseHuge(b []byte) {
	if len(b) < hugePage {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	end := p + uintptr(len(b))
	in, inEnd := (p+hugePage-1)&^(hugePage-1), end&^(hugePage-1)
	if in < inEnd {
		madvise(in, inEnd-in, madvHugepage)
		madvise(in, inEnd-in, madvDontneed)
	}
	runtime.KeepAlive(b)
}

// madvise gives the kernel advice on the n bytes at p, a multiple of the
// page size; the advice is only a hint: its error is of no use.
func madvise(p, n uintptr, advice int) {
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, p, n, uintptr(advice))
}

// alignedAlloc returns n bytes of one new allocation, zeroed, that
// start on a 2 MiB boundary and are advised to be backed by huge pages,
// and the bytes of the allocation before and after them (head and tail,
// empty, with that capacity: 2 MiB together, and what rounds n up to
// whole huge pages). Go aligns a large
// allocation to its 8 KiB pages only: without the alignment, the
// allocation's first and last huge pages would be shared with other
// objects, and either stay small pages (a page fault each 4 KiB when
// first written, a TLB miss when read at random) or be collapsed
// (MADV_COLLAPSE copies 2 MiB into a huge page the kernel must find
// first: 2 to 5 ms each, on a virtual machine whose free memory the host
// reclaims). The caller uses head and tail as it likes, as small pages:
// a table makes chunks of them (see Table.alloc), an array leaves them
// untouched (see hugeMake), so they cost no memory.
//
// With eager, the n bytes are made huge pages (see adviseHuge); without,
// they are only advised to be, which costs next to nothing, where the
// drop costs a little: what a table's first chunk gets, as a small table
// reads little at random and is not worth it.
func alignedAlloc(n int, eager bool) (head, mid, tail []byte) {
	size := (n + hugePage - 1) &^ (hugePage - 1)
	b := make([]byte, size+hugePage)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	off := int((hugePage - p%hugePage) % hugePage)
	mid = b[off : off+n : off+n]
	if eager {
		adviseHuge(b[off : off+size])
	} else {
		madvise(p+uintptr(off), uintptr(size), madvHugepage)
	}
	return b[:0:off], mid, b[off+n : off+n]
}

// adviseTail advises the huge page where tail, the tail of an
// alignedAlloc that is used as a chunk, lies, when none of it is in
// memory yet (the top of the heap, as a growing table's next slab
// usually is), though the page reaches past the allocation: the tail is
// then written as one huge page, and so is the head of the next slab
// when it is allocated right after, which lies in the same page. At
// most one page a slab is advised so.
func adviseTail(tail []byte) {
	if cap(tail) == 0 {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(tail[:1]))) // where mid ends: a huge page's start
	if p%hugePage == 0 && !resident(p) {
		madvise(p, hugePage, madvHugepage)
	}
}

// resident reports whether some of the 2 MiB at p (a huge page's bounds)
// is in memory.
func resident(p uintptr) bool {
	var in [hugePage / 4096]byte
	if _, _, err := syscall.Syscall(syscall.SYS_MINCORE, p, hugePage, uintptr(unsafe.Pointer(&in[0]))); err != 0 {
		return true // unmapped, say: no advice
	}
	for _, v := range in {
		if v&1 != 0 {
			return true
		}
	}
	return false
}

// hugeMake returns a zeroed slice of n Ts, which must hold no pointers,
// backed by huge pages (see alignedAlloc) when it is 2 MiB or more: a
// table's hash index and records, which reads visit at random.
func hugeMake[T any](n int) []T {
	var z T
	size := n * int(unsafe.Sizeof(z))
	if size < hugePage {
		return make([]T, n)
	}
	_, mid, _ := alignedAlloc(size, true)
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mid))), n)
}
