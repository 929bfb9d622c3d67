// Package lastn defines an Analyzer that reports code that reads every
// page of a query to keep only its last (or first few after sorting)
// entities.
//
// # Analyzer lastn
//
// lastn: find queries read to the end to keep the last n entities on
// the client (TL312).
//
// "There's no equivalent query operation to return the last n entities
// in a set." The design guide's log tail pattern stores entities so that
// the newest sort first — a RowKey of reverse ticks — and reads the n it
// needs with $top from the first page, instead of reading the whole
// partition and keeping its tail.
//
//   - TL312 last-n-by-client-sort (info, reported with -info): a slice
//     filled by appends inside a loop over a ListEntities pager
//     (for pager.More() { … }) of which the function then keeps the tail
//     (all[len(all)-n:]), or which it sorts (sort.Slice, sort.SliceStable,
//     slices.SortFunc, slices.Reverse) and then cuts (all[:n]) or reads
//     only fixed elements of (all[0], all[len(all)-1]; reported at the
//     sort).
//
// Silent: slices used whole; cuts of slices not filled from a pager; loops
// that stop early — a break of the paging loop, or a return that is not
// error handling (under a condition on an error value): the code already
// reads only what it needs.
package lastn
