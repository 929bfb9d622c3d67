package edm

import "unicode/utf8"

// CompareStrings compares two strings the way the Table service orders
// them: by UTF-16 code unit, as .NET's ordinal comparison does and as
// Azurite does. It returns -1, 0 or +1.
//
// UTF-16 code-unit order equals UTF-8 byte order except between characters
// in U+E000..U+FFFF and supplementary characters (U+10000 and above, which
// UTF-16 writes as surrogates D800..DFFF): in UTF-16 the supplementary
// character sorts first. CompareStrings compares bytes and corrects that
// one case, so it costs a byte comparison.
func CompareStrings(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	// Skip the common prefix eight bytes at a time (the shifts compile to
	// one 64-bit load each), then byte by byte.
	for i+8 <= n && load64(a, i) == load64(b, i) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		switch {
		case len(a) < len(b):
			return -1
		case len(a) > len(b):
			return 1
		}
		return 0
	}
	x, y := a[i], b[i]
	// At the first difference both strings are at the same position in the
	// same character (every earlier byte is equal), so x and y are either
	// both lead bytes or both continuation bytes of characters with the
	// same lead byte. Lead bytes 0xEE, 0xEF start U+E000..U+FFFF; 0xF0..0xF4
	// start supplementary characters.
	if x >= 0xEE && y >= 0xEE && (x >= 0xF0) != (y >= 0xF0) {
		if x >= 0xF0 {
			return -1
		}
		return 1
	}
	if x < y {
		return -1
	}
	return 1
}

// UTF16Len returns the number of UTF-16 code units s takes: its length in
// characters as the service counts them. Each invalid UTF-8 byte counts as
// one unit (it decodes to U+FFFD).
func UTF16Len(s string) int {
	// Fast path: count a run of ASCII eight bytes at a time.
	i := 0
	for i+8 <= len(s) {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			break
		}
		i += 8
	}
	n := i
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// load64 reads s[i:i+8] as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
