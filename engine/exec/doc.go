// Package exec is the query half of tablelint's reference engine: it runs
// $filter queries on a store.Table with the Azure Table service's
// semantics and measures what they cost.
//
// # Filters
//
// Executor.Prepare parses a filter (package odata), plans it (plan.Of) and
// compiles it once into closures. Evaluation follows the service:
//
//   - a comparison between a property and a literal of another type
//     matches nothing (Int32 5 does not equal 5L or 5.0 or '5');
//   - a comparison with a property the entity lacks matches nothing, for
//     every operator including ne;
//   - logic is two-valued: not negates the comparison's result, so
//     "not (X eq 'a')" matches entities without X. The service's
//     documentation does not say; this is what Azurite does
//     (engine/conformance records the check);
//   - strings compare by UTF-16 code unit (edm.CompareStrings), DateTime
//     at the service's precision of 100 ns, Guids and Binary by value, and
//     a Double NaN matches nothing.
//
// Prepare caches compiled filters by their exact text. A new filter text
// goes to odata.Parse, whose shape cache runs the participle parser once
// per filter shape (the text with its literals lifted out), so replaying
// millions of distinct filter strings parses each shape once; the filter
// is then planned and compiled. CacheStats counts both paths.
//
// # Execution and paging
//
// The plan decides how the B-tree is read: a point query is one lookup, a
// range seeks to its first RowKey and stops after its last, a partition
// scan walks one partition, and a table scan walks every partition (or
// those within top-level PartitionKey bounds). Every entity read is an
// entity scanned (Stats.Scanned); those matching the residual filter are
// returned.
//
// Paging is the service's: a page holds at most 1,000 entities and at most
// $top; it ends where the query crosses a partition boundary (unless
// Options.NoPartitionBoundary), and, with Options.ScanRate set, where the
// request would run past five seconds of scanning. A page that ends before
// the query is done carries a Continuation with the next entity's keys,
// which the next request passes back (Page, PagePrepared), or All follows
// them to the end like the SDK's pager. $select does not change which
// entities match; store.Entity.AppendJSON applies it.
package exec
