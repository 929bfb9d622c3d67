// Package window cuts readings for the package that imports it: the
// lengths of what it returns cross as flow's summaries.
package window

// Head returns the first 100 readings at most.
func Head(rs [][]byte) [][]byte { return rs[:min(len(rs), 100)] }

// Wide returns the first 250 readings at most.
func Wide(rs [][]byte) [][]byte { return rs[:min(len(rs), 250)] }
