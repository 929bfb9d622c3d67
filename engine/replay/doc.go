// Package replay runs a workload — a recorded JSON Lines trace or one
// generated from a design's volumes — on the reference Table engine and
// measures what the service would do with it: entities scanned, pages,
// partitions touched, and the throughput each partition and the account
// would need against their targets (hot partitions are reported as
// TL501). It writes the per-operation results and the heat map of the
// busiest partitions.
package replay
