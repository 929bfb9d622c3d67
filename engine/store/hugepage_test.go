package store

import "testing"

// TestAdviseHuge advises slices of many sizes and offsets (sub-slices
// start anywhere) and checks that their bytes still read back as written:
// the advice may change how memory is backed, never what it holds.
func TestAdviseHuge(t *testing.T) {
	for _, size := range []int{0, 1, 4096, 2 << 20, 4<<20 + 4096, 9 << 20} {
		buf := make([]byte, size+4096)
		for _, off := range []int{0, 1, 4095} {
			b := buf[min(off, len(buf)):]
			for i := range b {
				b[i] = byte(i + off)
			}
			adviseHuge(b)
			for i := range b {
				if b[i] != byte(i+off) {
					t.Fatalf("size %d offset %d: byte %d changed", size, off, i)
				}
			}
		}
	}
}
