package rules

// The rules measured by `tablelint replay` on the reference engine.
func init() {
	Register(
		&Rule{
			ID: "TL501", Name: "hot-partition", Severity: Warning,
			Targets: []Target{Replay},
			Title:   "One partition receives more traffic than a partition's throughput target",
			Rationale: "An individual node serves one or more whole partitions, and the service scales by load-balancing partitions across nodes; it cannot spread the load of a single partition. " +
				"Replay places every operation in time and counts, in one-second windows, the entities each partition serves (written, read, or scanned by a query). " +
				"A partition whose peak exceeds the per-partition target (2,000 entities a second by default, the published target for 1 KiB entities — an external figure, configurable with --partition-rate) " +
				"is a hot partition: the service answers 503 Server Busy once it is over its target, and the finding counts the operations that would have been throttled. " +
				"The finding names the partition, its peak rate and its share of all traffic.",
			Source: `"Don't create hot partitions. Choose keys that enable you to spread your requests across multiple partitions at any point of time." [S4; S2]; ` +
				`"there are specific scalability targets at the level of a partition that might limit the throughput of transactions you can expect for a single node." [S4; S2]. ` +
				`Numeric target (external, catalogue App. A.2): "Target throughput for a single table partition (1 KiB-entities): Up to 2,000 entities per second" — Scalability and performance targets for Table storage, https://learn.microsoft.com/azure/storage/tables/scalability-targets`,
			Bad:     `every insert of the access log goes to the current hour's partition: PartitionKey = "2024010215" (5,000 writes a second)`,
			Good:    `PartitionKey = "{hash:UserId:16}_2024010215": the same writes spread over 16 partitions, about 310 a second each`,
			Hint:    "spread the load over more partitions (a hash or a finer-grained prefix in the PartitionKey), or keep a copy of hot data under other keys",
			Options: "`--partition-rate N` (entities a second, default 2000) and `--account-rate N` (requests a second, default 20000) set the targets.",
			Since:   "0.1.0",
		},
		&Rule{
			ID: "TL517", Name: "operation-rejected", Severity: Warning,
			Targets: []Target{Replay},
			Title:   "The service rejects operations of the workload",
			Rationale: "Replay answers every operation as the Table service does; an operation answered with an error did not happen. " +
				"The rejections are reported grouped by operation, status and error code, at the first one's trace line, with how many there were and the first one's message. " +
				"A request the service refuses as invalid (400: an invalid entity, key, filter or batch) is a warning: the client sends something that can never succeed. " +
				"An answer about the data (404 Not Found, 409 Conflict, 412 Precondition Failed) is information: a conditional write that lost a race or an insert of an existing entity may be what the client expects. " +
				"A rejection that breaks a limit another rule describes is reported under that rule instead (TL120–TL123 sizes, TL201/TL202 keys, TL306 unsupported filters, TL309 $top, TL401/TL403 batches). " +
				"A get answered 404 is a lookup's answer, not a rejection, and stays silent; throttling (503) is TL501's.",
			Source: `"You must include the PartitionKey property in every insert, update, and delete operation." and "The following characters are not allowed in values for the PartitionKey and RowKey properties" [S1]: the service answers what it does not accept with an error status and code.`,
			Bad:    `a trace of 17 inserts whose entities all carry a "Data" property of 70,000 characters: every one answered 400 PropertyValueTooLarge`,
			Good:   `the same inserts with the data in Blob storage and its URL in the entity: 201 Created`,
			Hint:   "fix the request the service refuses, or handle the answer the client expects (409 on insert: use upsert; 412: reread and retry)",
			Since:  "0.2.0",
		},
	)
}
