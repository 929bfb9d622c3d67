// Package perpartition defines an Analyzer that reports loops that query
// one partition per iteration and wait for each query before the next.
//
// # Analyzer perpartition
//
// perpartition: find per-partition queries run one after another in a
// loop (TL320).
//
// "Provided you are spreading your requests across multiple partitions,
// you can improve throughput and client responsiveness by using
// asynchronous or parallel queries." Queries of different partitions are
// independent; a loop that lists one partition, reads all its pages, then
// lists the next, adds up their latencies.
//
//   - TL320 sequential-multi-partition-queries (info, reported with
//     -info): inside a for or range loop, a ListEntities pager whose
//     filter is PartitionKey eq a value that changes from one iteration
//     to the next (built from the loop's variables: d, d.ID, days[i];
//     through fmt.Sprintf, +, odata.Quote, variables, and an escaping
//     helper of the package when the PartitionKey is the filter's only
//     value), read in the same iteration (pager.More() or NextPage).
//
// Silent: loops that start goroutines (a go statement, or the query
// inside a function literal: errgroup.Go, a worker pool); pagers read
// after the loop; filters whose PartitionKey does not come from the loop.
package perpartition
