package limits

import "testing"

func TestSizeText(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{MaxEntityBytes, "1 MiB"},
		{MaxBatchBytes, "4 MiB"},
		{MaxStringBytes, "64 KiB"},
		{MaxKeyBytes, "1 KiB"},
		{1536, "1536 bytes"},
		{0, "0 bytes"},
	} {
		if got := SizeText(c.n); got != c.want {
			t.Errorf("SizeText(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
