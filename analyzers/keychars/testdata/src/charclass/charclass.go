// Package charclass holds validators recognised by what their bodies do:
// each admits a class of characters (its fact crosses to the packages
// that import it).
package charclass

// Tally accepts a run of decimal digits.
func Tally(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Pathish accepts lower-case letters and slashes: the slash a key
// cannot hold gets through.
func Pathish(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && r != '/' {
			return false
		}
	}
	return true
}
