package limits

import "strconv"

// SizeText writes a size in bytes as the documentation writes the limits:
// "1 MiB", "64 KiB", or "300 bytes" when n is not a whole number of KiB.
func SizeText(n int64) string {
	switch {
	case n != 0 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n != 0 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
