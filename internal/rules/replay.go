package rules

// The rules measured by `tablelint replay` on the reference engine.
func init() {
	Register(
		&Rule{
			ID: "TL501", Name: "hot-partition", Severity: Warning,
			Targets: []Target{Design, Replay},
			Title:   "One partition receives more traffic than a partition's throughput target",
			Rationale: "An individual node serves one or more whole partitions, and the service scales by load-balancing partitions across nodes; it cannot spread the load of a single partition. " +
				"Replay places every operation in time and counts, in one-second windows, the entities each partition serves (written, read, or scanned by a query). " +
				"A partition whose peak exceeds the per-partition target (2,000 entities a second by default, the published target for 1 KiB entities — an external figure, configurable with --partition-rate) " +
				"is a hot partition: the service answers 503 Server Busy once it is over its target, and the finding counts the operations that would have been throttled. " +
				"The finding names the partition, its peak rate and its share of all traffic.\n\n" +
				"review reports a partition scan that alone, at its declared rate, reads more entities a second than the target from one partition (the READ/S column of its queries table): a query that reads a whole hourly log partition every minute reads ~180,000 entities a second. " +
				"Silent in review for point queries, RowKey ranges (the estimate for a range is only an upper bound: every entity whose RowKey could fall in it), table scans (TL301), queries without a rate or volumes, and partition scans TL303 already reports as over the target.",
			Source: `"Don't create hot partitions. Choose keys that enable you to spread your requests across multiple partitions at any point of time." (Azure Table storage table design guide); ` +
				`"there are specific scalability targets at the level of a partition that might limit the throughput of transactions you can expect for a single node." (Azure Table storage table design guide). ` +
				`Numeric target: "Target throughput for a single table partition (1 KiB-entities): Up to 2,000 entities per second" — Scalability and performance targets for Table storage, https://learn.microsoft.com/azure/storage/tables/scalability-targets`,
			Bad:     `every insert of the access log goes to the current hour's partition: PartitionKey = "2024010215" (5,000 writes a second)`,
			Good:    `PartitionKey = "{hash:UserId:16}_2024010215": the same writes spread over 16 partitions, about 310 a second each`,
			Hint:    "spread the load over more partitions (a hash or a finer-grained prefix in the PartitionKey), or keep a copy of hot data under other keys",
			Options: "`--partition-rate N` (entities a second, default 2000) and `--account-rate N` (requests a second, default 20000) set the targets.",
			Since:   "0.1.0",
		},
	)
}
