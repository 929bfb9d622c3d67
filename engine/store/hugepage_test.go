package store

import "testing"

// TestAdviseHuge advises slices of many sizes and offsets (sub-slices
// start anywhere) within a larger buffer, as adviseHuge's callers do with
// memory just made: zeroed and not written since. The slice must still
// read as zeros and take what is written to it, and the bytes around it,
// which share its huge pages, must keep what they held: the advice may
// change how memory is backed, never what it holds.
func TestAdviseHuge(t *testing.T) {
	for _, size := range []int{0, 1, 4096, 2 << 20, 4<<20 + 4096, 9 << 20} {
		for _, off := range []int{0, 1, 4095, 1 << 20} {
			buf := make([]byte, off+size+3<<20)
			for i := range buf {
				buf[i] = byte(i)
			}
			b := buf[off : off+size]
			clear(b)
			adviseHuge(b)
			for i := range buf {
				want := byte(i)
				if i >= off && i < off+size {
					want = 0
				}
				if buf[i] != want {
					t.Fatalf("size %d offset %d: byte %d is %d, want %d", size, off, i, buf[i], want)
				}
			}
			for i := range b {
				b[i] = byte(i * 7)
			}
			for i := range b {
				if b[i] != byte(i*7) {
					t.Fatalf("size %d offset %d: byte %d changed", size, off, i)
				}
			}
		}
	}
}
