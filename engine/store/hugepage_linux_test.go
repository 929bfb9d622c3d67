package store

import (
	"testing"
	"unsafe"
)

// TestAlignedAlloc checks that the bytes asked for start on a huge page
// boundary, read as zeros, and that the head and tail are of the same
// allocation, right before and after them, 2 MiB together (and what
// rounds n up to whole huge pages).
func TestAlignedAlloc(t *testing.T) {
	for _, n := range []int{hugePage, chunkSize, 3<<20 + 17, maxSlab} {
		for _, eager := range []bool{false, true} {
			head, mid, tail := alignedAlloc(n, eager)
			p := uintptr(unsafe.Pointer(unsafe.SliceData(mid)))
			if p%hugePage != 0 || len(mid) != n || cap(mid) != n {
				t.Fatalf("n %d: mid at %#x, len %d, cap %d: want 2 MiB aligned, len and cap n", n, p, len(mid), cap(mid))
			}
			for i, c := range mid {
				if c != 0 {
					t.Fatalf("n %d: byte %d is %d", n, i, c)
				}
			}
			if len(head) != 0 || len(tail) != 0 || cap(head)+cap(tail) != hugePage+(-n)&(hugePage-1) {
				t.Fatalf("n %d: head len %d cap %d, tail len %d cap %d", n, len(head), cap(head), len(tail), cap(tail))
			}
			if cap(head) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(head[:1])))+uintptr(cap(head)) != p {
				t.Fatal("head does not end where mid starts")
			}
			if cap(tail) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(tail[:1]))) != p+uintptr(n) {
				t.Fatal("tail does not start where mid ends")
			}
		}
	}
}

// TestHugeMake checks that a large array made by hugeMake starts on a
// huge page boundary and a small one is made as make makes it.
func TestHugeMake(t *testing.T) {
	s := hugeMake[uint64](1 << 18)
	if len(s) != 1<<18 || cap(s) != 1<<18 || uintptr(unsafe.Pointer(unsafe.SliceData(s)))%hugePage != 0 {
		t.Fatalf("len %d cap %d at %p", len(s), cap(s), unsafe.SliceData(s))
	}
	if small := hugeMake[rec](10); len(small) != 10 {
		t.Fatal(len(small))
	}
}
