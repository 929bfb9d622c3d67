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
		head, c := alignedChunk(chunkSize, true)
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
