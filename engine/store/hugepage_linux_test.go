package store

import (
	"testing"
	"unsafe"
)

// TestAlignedChunk checks that a chunk starts on a huge page boundary
// with room for what was asked, and that the bytes before it are of the
// same allocation and end where it starts.
func TestAlignedChunk(t *testing.T) {
	for range 8 {
		head, c := alignedChunk(chunkSize)
		p := uintptr(unsafe.Pointer(unsafe.SliceData(c[:1])))
		if p%hugePage != 0 || len(c) != 0 || cap(c) < chunkSize {
			t.Fatalf("chunk at %#x, len %d, cap %d: want 2 MiB aligned, empty, cap >= %d", p, len(c), cap(c), chunkSize)
		}
		if len(head) != 0 || cap(head) >= hugePage {
			t.Fatalf("head len %d cap %d: want empty, under 2 MiB", len(head), cap(head))
		}
		if cap(head) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(head[:1])))+uintptr(cap(head)) != p {
			t.Fatal("head does not end where the chunk starts")
		}
	}
}

// TestHugeSlice checks that a large slice starts on a huge page boundary
// and is zeroed, and that a small one is an ordinary slice.
func TestHugeSlice(t *testing.T) {
	for _, n := range []int{0, 1, 1000, 4 << 20 / 16, 1<<20 + 3} {
		s := hugeSlice[slot](n)
		if len(s) != n {
			t.Fatalf("hugeSlice(%d): len %d", n, len(s))
		}
		for i := range s {
			if s[i] != (slot{}) {
				t.Fatalf("hugeSlice(%d)[%d] = %v, want zero", n, i, s[i])
			}
		}
		if n*16 >= 2*hugePage {
			if p := uintptr(unsafe.Pointer(unsafe.SliceData(s))); p%hugePage != 0 {
				t.Fatalf("hugeSlice(%d) at %#x: not 2 MiB aligned", n, p)
			}
		}
	}
}
