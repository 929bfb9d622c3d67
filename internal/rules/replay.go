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
			Source: `"You must include the PartitionKey property in every insert, update, and delete operation." and "The following characters are not allowed in values for the PartitionKey and RowKey properties" (Understanding the Table service data model): the service answers what it does not accept with an error status and code.`,
			Bad:    `a trace of 17 inserts whose entities all carry a "Data" property of 70,000 characters: every one answered 400 PropertyValueTooLarge`,
			Good:   `the same inserts with the data in Blob storage and its URL in the entity: 201 Created`,
			Hint:   "fix the request the service refuses, or handle the answer the client expects (409 on insert: use upsert; 412: reread and retry)",
			Since:  "0.2.0",
		},
		&Rule{
			ID: "TL518", Name: "account-target-exceeded", Severity: Warning,
			Targets: []Target{Replay},
			Title:   "The workload sends the storage account more requests a second than its target",
			Rationale: "Besides each partition's target, a storage account has a target for all its requests together. " +
				"Replay counts every request (each write, get and batch, each page of a query) in one-second windows; when a second carries more than the account target " +
				"(20,000 requests a second by default, the published target — an external figure, configurable with --account-rate), the service answers the requests over it with 503 Server Busy, however well the keys spread the load. " +
				"The finding gives the peak, the number of seconds over the target and the operations throttled by the account target, at the line of the first request over it. " +
				"It stays silent while every second is within the target.",
			Source: `"there are specific scalability targets at the level of a partition that might limit the throughput of transactions you can expect for a single node." (Azure Table storage table design guide); ` +
				`numeric target (external): "Maximum request rate per storage account: 20,000 transactions per second, which assumes a 1-KiB entity size" — Scalability and performance targets for Table storage, https://learn.microsoft.com/azure/storage/tables/scalability-targets`,
			Bad:     `25,000 point reads a second spread evenly over 1,000 partitions: no partition is hot, the account is over its 20,000 requests a second`,
			Good:    `the same reads with a client cache for repeated lookups, or the data split across two storage accounts`,
			Hint:    "cache or batch requests (an EGT is one request), or split the data across storage accounts",
			Options: "`--account-rate N` (requests a second, default 20000) sets the target.",
			Since:   "0.2.0",
		},
		&Rule{
			ID: "TL502", Name: "traffic-spike", Severity: Info,
			Targets: []Target{Replay},
			Title:   "A partition's load jumps far above its recent level",
			Rationale: "The service scales by load-balancing partitions across nodes as their traffic changes, which does not happen at once: a partition whose traffic jumps within seconds is served where it is until then, and may be throttled though its steady rate would be fine. " +
				"Replay keeps each partition's recent level (a moving average over about ten seconds, idle seconds counting as zero) and reports, per partition, the second whose load is at least five times that level and at least half the partition target, once the partition has ten seconds of history. " +
				"It stays silent for steady traffic, for partitions far below their target, and for a partition's first seconds. At most ten are reported, the largest jumps first.",
			Source:  `"Distribute the traffic over a reasonable period of time, and avoid spikes in traffic." and "the service scales by dynamically load-balancing partitions across nodes." (Azure Table storage table design guide)`,
			Bad:     `a nightly job that starts 3,000 writes a second into a partition that served 50 a second a moment before`,
			Good:    `the same job ramping up over minutes, or spread over more partitions`,
			Hint:    "ramp traffic up gradually, or spread a burst over more partitions",
			Options: "`--partition-rate N` sets the target the jump is measured against.",
			Since:   "0.2.0",
		},
		&Rule{
			ID: "TL405", Name: "concurrent-batch-overlap", Severity: Warning,
			Targets: []Target{Replay},
			Title:   "Concurrent batches act on the same entities",
			Rationale: "An entity group transaction runs on its entities as one unit; a second transaction on some of the same entities at the same time waits for the first, or fails with a conflict when it uses ETags. " +
				"In a trace with times, replay reports a batch that acts on an entity another batch acted on less than a second before, once per table with the number of such batches and the first pair's lines. " +
				"It stays silent for batches on different entities, for batches further apart, and for traces without times (which cannot say what was concurrent).",
			Source: `"ensure that those EGTs don't operate on entities that are common across EGTs. Otherwise, you risk delaying processing." (Azure Table storage table design guide)`,
			Bad:    `two workers submitting, in the same second, batches that both update the department's counter entity`,
			Good:   `each worker batching only the entities it owns; a shared counter updated by one worker, or sharded`,
			Hint:   "make concurrent batches act on disjoint entities (shard shared entities, or route updates of an entity through one writer)",
			Since:  "0.2.0",
		},
	)
}
