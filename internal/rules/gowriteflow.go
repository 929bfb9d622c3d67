package rules

// The rules about the order and repetition of Go code's writes — queue
// workers, retries of conditional updates — checked by the write-side
// analyzers under analyzers/.
func init() {
	const guide = "(Azure Table storage table design guide)"
	Register(
		&Rule{
			ID: "TL313", Name: "scan-before-write", Severity: Info,
			Targets:   []Target{GoCode},
			Title:     "A scan only finds the keys of the entities the code deletes or updates",
			Rationale: "A query that filters on a property other than the keys reads a whole partition, or the whole table, and the service examines every entity in it. Code that runs such a query only to delete each entity found, or to change it and write it back (UpdateEntity or UpsertEntity, or the legacy API's own methods; new values computed from the entity's own, its ETag given back as If-Match), pays for the scan to learn PartitionKey and RowKey values — and pays it again, growing with the table, every time. Keep an index entity keyed by the property (the secondary index patterns), or put the property into the keys, and find the entities with point queries.\n\nSilent for point and range queries, for queries without a filter on another property (clearing a whole partition or table is another matter), for filters on Timestamp or a datetime (a clean-up by age, for which a table per period is the advice), when the results, or values read from them, are used for anything else (returned, appended, logged, compared, copied elsewhere), and for queries through helpers.",
			Source:    `"You don't want to use an inefficient partition or table scan to locate an entity in order to discover the PartitionKey and RowKey values you need to update or delete it." ` + guide,
			Bad:       "f := \"Email eq '\" + email + \"'\"\npager := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f})\n… c.DeleteEntity(ctx, e.PartitionKey, e.RowKey, nil) for each entity …",
			Good:      "idx, _ := c.GetEntity(ctx, \"email_\"+email, \"index\", nil)   // index entity: its keys name the employee\n… c.DeleteEntity(ctx, ix.Dept, ix.ID, nil)",
			Hint:      "find the entities by key: an index entity keyed by the property, or keys that contain it",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL406", Name: "unbatched-partition-writes", Severity: Info,
			Targets:   []Target{GoCode},
			Title:     "Writes to one partition made one by one could be one transaction",
			Rationale: "Inserts, updates and deletes of entities in one partition of one table can be sent together as an entity group transaction (SubmitTransaction, up to 100 actions): one request instead of several, and the changes are made together or not at all. Made one after another — in sequence, or one per iteration of a loop over a collection (such as one group of a map the entities were filed into by their PartitionKey) — each is a round trip, and a failure between them leaves the first ones made: an order without its index entity, half of an order's lines. Batch up to 100 actions per transaction. The legacy storage API likewise: Insert, InsertOrReplace, InsertOrMerge, Update, Merge and Delete of references from one table's GetEntityReference (one reference whose RowKey is changed between its writes names another entity each time), which a TableBatch could send together.\n\nSilent for writes to different partitions or tables, or whose keys cannot be compared; for writes in different branches or blocks; for loops whose partition or client changes, that let each write fail alone (a transaction fails all or none), over channels, without a counter, or with a constant count over 100; when code between the writes can stop the sequence for another reason than their own failure (a condition, another call's error); for two changes of the same entity (a transaction may change each entity once); for writes through helpers; and in _test.go files.",
			Source:    `"You can use EGTs to batch multiple inserts, update, and delete operations together, to reduce the number of round trips" ` + guide,
			Bad:       "c.AddEntity(ctx, order, nil)   // PartitionKey: customer\nc.AddEntity(ctx, index, nil)   // PartitionKey: customer",
			Good:      "c.SubmitTransaction(ctx, []aztables.TransactionAction{\n\t{ActionType: aztables.TransactionTypeAdd, Entity: order},\n\t{ActionType: aztables.TransactionTypeAdd, Entity: index},\n}, nil)",
			Hint:      "send the writes as one transaction (SubmitTransaction, legacy ExecuteBatch; ≤ 100 actions)",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL409", Name: "non-idempotent-worker-step", Severity: Warning,
			Targets:   []Target{GoCode},
			Title:     "A queue-message handler makes a write that fails when the message is delivered again",
			Rationale: "Queues deliver a message at least once: when a worker fails or times out after a step has run, the message becomes visible again and the step runs a second time. An AddEntity then fails with 409 (EntityAlreadyExists) because the first delivery inserted the entity, and a DeleteEntity fails with 404 (ResourceNotFound) because the first delivery deleted it; the handler fails on every delivery until the message is dead-lettered, and the steps after it never run. Make each step idempotent: insert or replace (UpsertEntity, in Replace mode to write exactly the entity), and delete if exists (treat 404 from DeleteEntity as done).\n\nSilent when the handler (or the helper that writes, or the poll loop that calls the handler) compares the error with the conflict or not-found status or code, for UpsertEntity and UpdateEntity, when the error is discarded, for inserts whose keys come from uuid, ulid, xid or time.Now (each delivery writes another entity), for writes outside message handlers, in _test.go files, and for helpers of other packages.",
			Source:    `"for step 4 you should use an "insert or replace" operation; for step 5, you should use a "delete if exists" operation" ` + guide,
			Bad:       "for _, m := range resp.Messages {\n\tif _, err := archive.AddEntity(ctx, b, nil); err != nil { return err }\n\tif _, err := current.DeleteEntity(ctx, pk, rk, nil); err != nil { return err }\n}",
			Good:      "archive.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})\n_, err := current.DeleteEntity(ctx, pk, rk, nil)\nvar re *azcore.ResponseError\nif errors.As(err, &re) && re.StatusCode == http.StatusNotFound { err = nil }",
			Hint:      "insert or replace (UpsertEntity), and treat 404 from DeleteEntity as done",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL415", Name: "no-concurrency-retry", Severity: Info,
			Targets:   []Target{GoCode},
			Title:     "A conditional update that fails with 412 is not retried from a fresh read",
			Rationale: "An UpdateEntity with IfMatch fails with 412 (Precondition Failed) when another client changed the entity after it was read. Sending the same entity with the same ETag again fails the same way however often it is retried, so a retry loop or retry helper around the write only delays the error; answering the 412 with success (log it, return nil) drops the change while the caller believes it was made. On 412, start over from the read: get the entity again, apply the change to what was read, and write with the new ETag — or return the error so that the caller can.\n\nSilent when the loop or retried operation reads the entity again (GetEntity, a query, a helper of the package that does) or sets the ETag, when it handles 412 itself (it mentions 412, http.StatusPreconditionFailed or UpdateConditionNotSatisfied), when it retries some errors only (it passes the error to errors.Is, errors.As or another predicate), when a 412 is answered with an error (the caller may retry) or by a function without an error result (an HTTP handler answering 409 or 412), for loops over entities, for writes without IfMatch or with azcore.ETagAny, and for UpsertEntity, which sends no If-Match.",
			Source:    `"If the EGT fails because of an optimistic concurrency error … then you need to start over at step 1." ` + guide,
			Bad:       "resp, _ := c.GetEntity(ctx, pk, rk, nil)\n…\nfor i := 0; i < 3; i++ {\n\tif _, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}); err == nil { break }\n}",
			Good:      "for i := 0; i < 3; i++ {\n\tresp, err := c.GetEntity(ctx, pk, rk, nil)\n\t… apply the change to what was read …\n\tif _, err = c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag}); err == nil { break }\n}",
			Hint:      "on 412, read the entity again and apply the change to it before retrying",
			Since:     "0.2.0",
		},
	)
}
