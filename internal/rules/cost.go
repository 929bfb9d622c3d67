package rules

// The rules about what queries return and cost (design review).
func init() {
	Register(
		&Rule{
			ID: "TL310", Name: "missing-projection", Severity: Info,
			Targets: []Target{Design},
			Title:   "A query returns wide entities whole",
			Rationale: "Without $select the service returns every property of every entity a query reads. " +
				"For wide entities (a photo, a document, many properties) most of the bytes sent are ones the application may never use, and it pays for them in latency and, outside the region, in egress. " +
				"tablelint reports a design query that declares no select when the entities it returns take at least 4 KiB each (their typical size, else the declared bounds) and the keys are at most a quarter of that; " +
				"it gives the bytes a run returns, and a second at the query's rate. " +
				"It stays silent for a query with a select, and for narrow entities.",
			Source: `"Use query projection. You can reduce the amount of data that you transfer over the network by using queries that select just the fields you need." (Azure Table storage table design guide)`,
			Bad:    `byId: {filter: "PartitionKey eq '{Department}' and RowKey eq 'empid_{EmployeeId:%06d}'", rate: 500/s}   # Employee has a 60 KB Photo`,
			Good:   `byId: {filter: "...", rate: 500/s, select: [Email, LastName]}`,
			Hint:   "list the properties the application uses in the query's select",
			Since:  "0.2.0",
		},
		&Rule{
			ID: "TL311", Name: "redundant-select-keys", Severity: Info,
			Targets:   []Target{Design},
			Title:     "A select lists a key the query's filter fixes",
			Rationale: "The service returns only the properties $select lists (and the ETag): PartitionKey, RowKey and Timestamp come back only when listed. The design guide's sample sees the RowKey without listing it because the .NET client library adds PartitionKey, RowKey and Timestamp to $select itself; the Go SDK (aztables) and REST callers get exactly what they list, so a query that needs each entity's keys must select them. A key is redundant in a select only when the filter fixes its value (PartitionKey eq, or PartitionKey and RowKey eq for a point query): the caller already has it. tablelint's reference engine and design review's byte counts follow the service: with a select, only what it lists is returned.\n\nSilent for keys a range or a scan returns (the caller needs them), for Timestamp, and for selects without keys.",
			Source:    `"Notice how the RowKey value is available even though it isn't included in the list of properties to retrieve." (Azure Table storage table design guide; a .NET sample whose library adds the keys to $select)`,
			Bad:       `dept: {filter: "PartitionKey eq '{Department}'", select: [PartitionKey, Email]}`,
			Good:      `dept: {filter: "PartitionKey eq '{Department}'", select: [RowKey, Email]}   (the RowKeys differ: keep them)`,
			Hint:      "leave out of select the keys the filter fixes; keep the keys the caller needs, which Go and REST callers get only if listed",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL317", Name: "cosmos-ordering-dependence", Severity: Warning,
			Targets: []Target{Design},
			Title:   "A query relies on key order on the Cosmos DB Table API",
			Rationale: "Table storage returns query results sorted by PartitionKey, then RowKey; the Cosmos DB Table API does not. " +
				"A design for `target: cosmos` whose query takes the first `top` entities of a scan or range (the log tail pattern: the newest first through inverted ticks) or declares the order it needs gets other entities, or an unsorted list. " +
				"tablelint reports such a query at its top (or order); it stays silent for point queries, for queries without top or order, and for `target: storage`.",
			Source: `"Query results returned by the Azure Table API in Azure Cosmos DB aren't sorted by partition key or row key." and, of the log tail pattern, "Thus, while this pattern is suitable for Table storage, it isn't suitable for Azure Cosmos DB." (Azure Table storage table design guide)`,
			Bad:    `target: cosmos … latest10: {filter: "PartitionKey eq 'empid_{EmployeeId:%06d}'", top: 10}`,
			Good:   `target: cosmos … read the partition's candidates (or a "latest" summary entity kept up to date) and sort them in the client`,
			Hint:   "sort in the client, or keep the entities the application needs first in entities of their own",
			Since:  "0.2.0",
		},
		&Rule{
			ID: "TL319", Name: "cosmos-throughput-exceeded", Severity: Warning,
			Targets: []Target{Design, Replay},
			Title:   "The design needs more request units a second than its Cosmos DB throughput",
			Rationale: "On Azure Cosmos DB for Table throughput is request units (RU) a second, provisioned (or the autoscale maximum) for the table's account: a second whose requests need more is throttled, and requests are answered 429 until the budget is back. " +
				"For a `target: cosmos` design that declares `throughput:` (N RU/s, or {autoscale: N}), tablelint adds up the request units a second of every query with a rate (the RU/S column of `tablelint review`) and of every entity type's `writes` (at Microsoft's write charge for the entity's size: 4.95 RU for 1 KB), and reports the design, at its throughput, when the sum is over it; from 80% it is information. " +
				"Silent for `throughput: serverless` (billed per RU, not throttled at a provisioned rate), for designs without `throughput:`, for queries without a rate (their RU are unknown and counted as such in the message), and for `target: storage`.\n\n" +
				"`tablelint replay` of a `target: cosmos` design (or of a trace with `target: cosmos` in `.tablelint.yaml`) measures it: every operation is charged its request units, placed in time, and held against the throughput (or `--ru-per-second`) a second at a time; an operation that finds the second's budget spent is answered 429 with `x-ms-retry-after-ms` (the milliseconds to the next second) and is not charged. " +
				"The finding gives the peak RU a second, the seconds over the throughput and the operations throttled, at the line of the first throttled one; silent when nothing is throttled, for serverless and undeclared throughput (not throttled), and on Table storage (TL501 and TL518 there).",
			Source:  `"If, in any given second, the operations consume more RUs than the provisioned RU/s, Azure Cosmos DB will return a 429 exception." (Microsoft Learn, "Review rate-limiting errors", https://learn.microsoft.com/training/modules/monitor-responses-events-azure-cosmos-db-sql-api/4-review-rate-limiting-errors)`,
			Bad:     `target: cosmos, throughput: 400 … byCustomer: {filter: "PartitionKey eq '{CustomerId}'", rate: 50/s} reading 20 KiB a run`,
			Good:    `throughput: {autoscale: 4000}, or a query that reads fewer entities (a point query, a select)`,
			Hint:    "raise throughput (or its autoscale maximum), or make the heaviest queries read less",
			Options: "`throughput:` in the design; in replay, `--ru-per-second N` overrides it (provisioned RU/s).",
			Since:   "0.3.0",
		},
	)
}
