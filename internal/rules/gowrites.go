package rules

// The rules about how Go code writes entities — concurrency, transactions
// and credentials — checked by the write-side analyzers under analyzers/.
func init() {
	const guide = "(Azure Table storage table design guide)"
	Register(
		&Rule{
			ID: "TL404", Name: "batch-duplicate-entity", Severity: Error,
			Targets:   []Target{GoCode},
			Title:     "A transaction changes the same entity twice",
			Rationale: "The service rejects an entity group transaction in which two actions address the same PartitionKey and RowKey — a Delete followed by an Add to replace an entity, or the same entity appended twice — and none of its changes are made. Replace the pair with one action (UpdateReplace or InsertReplace), or send the second change in another transaction.\n\nSilent unless both actions are added on every run of one block and their keys are provably equal: the same constants, the same entity variable, or keys built the same way from the same variables. Actions in different branches, one action per loop iteration, and keys from calls such as uuid.New() are not reported.",
			Source:    `"An EGT can only update an entity once." ` + guide,
			Bad:       "b, _ := json.Marshal(o)\nc.SubmitTransaction(ctx, []aztables.TransactionAction{\n\t{ActionType: aztables.TransactionTypeDelete, Entity: b},\n\t{ActionType: aztables.TransactionTypeAdd, Entity: b},\n}, nil)",
			Good:      "c.SubmitTransaction(ctx, []aztables.TransactionAction{\n\t{ActionType: aztables.TransactionTypeInsertReplace, Entity: b},\n}, nil)",
			Hint:      "change each entity at most once per transaction: merge the two actions into one",
			Since:     "0.2.0",
		},
		&Rule{
			ID: "TL414", Name: "read-modify-write-without-etag", Severity: Warning,
			Targets:   []Target{GoCode},
			Title:     "An entity is read, changed and written back without its ETag",
			Rationale: "Code that reads an entity with GetEntity, changes it and writes it back with UpdateEntity and no IfMatch (or with azcore.ETagAny, which matches any version) overwrites whatever another client wrote in between: the last writer wins and the other update is lost without an error. Pass the ETag of the read as IfMatch; a concurrent change then fails the write with 412 (Precondition Failed), and the code can read again and retry. UpsertEntity never sends an If-Match header — aztables ignores UpsertEntityOptions.ETag — so a read followed by an upsert is always unconditional.\n\nSilent when the write passes an IfMatch other than azcore.ETagAny, when the options cannot be seen (a parameter), for AddEntity (an insert fails on conflict instead of overwriting), and when the entity written was not decoded from the read.",
			Source:    `"If you have multiple clients updating an entity simultaneously, use the ETag to implement optimistic concurrency." ` + guide,
			Bad:       "resp, _ := c.GetEntity(ctx, pk, rk, nil)\njson.Unmarshal(resp.Value, &e)\ne.Count++\nb, _ := json.Marshal(e)\nc.UpdateEntity(ctx, b, nil)",
			Good:      "c.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{IfMatch: &resp.ETag})   // and on 412, read again and retry",
			Hint:      "pass IfMatch: &resp.ETag from the read, and retry from a fresh read on 412",
			Since:     "0.2.0",
		},
	)
}
