// Package cut is a helper package: its summaries carry the lengths of
// the slices it returns to the packages that import it.
package cut

// Head returns at most 25 of s.
func Head(s []string) []string { return s[:min(len(s), 25)] }

// Pair returns two elements.
func Pair(a, b string) []string { return []string{a, b} }

// Same returns s as it is: no bound of its own.
func Same(s []string) []string { return s }
