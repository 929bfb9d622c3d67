package rules

// The rules about the order and repetition of Go code's writes — queue
// workers, retries of conditional updates — checked by the write-side
// analyzers under analyzers/.
func init() {
	const guide = "(Azure Table storage table design guide)"
	Register(
		&Rule{
			ID: "TL409", Name: "non-idempotent-worker-step", Severity: Warning,
			Targets:   []Target{GoCode},
			Title:     "A queue-message handler makes a write that fails when the message is delivered again",
			Rationale: "Queues deliver a message at least once: when a worker fails or times out after a step has run, the message becomes visible again and the step runs a second time. An AddEntity then fails with 409 (EntityAlreadyExists) because the first delivery inserted the entity, and a DeleteEntity fails with 404 (ResourceNotFound) because the first delivery deleted it; the handler fails on every delivery until the message is dead-lettered, and the steps after it never run. Make each step idempotent: insert or replace (UpsertEntity, in Replace mode to write exactly the entity), and delete if exists (treat 404 from DeleteEntity as done).\n\nSilent when the handler (or the helper that writes) compares the error with the conflict or not-found status or code, for UpsertEntity and UpdateEntity, when the error is discarded, for inserts whose keys come from uuid, ulid, xid or time.Now (each delivery writes another entity), for writes outside message handlers, and for helpers of other packages.",
			Source:    `"for step 4 you should use an "insert or replace" operation; for step 5, you should use a "delete if exists" operation" ` + guide,
			Bad:       "for _, m := range resp.Messages {\n\tif _, err := archive.AddEntity(ctx, b, nil); err != nil { return err }\n\tif _, err := current.DeleteEntity(ctx, pk, rk, nil); err != nil { return err }\n}",
			Good:      "archive.UpsertEntity(ctx, b, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeReplace})\n_, err := current.DeleteEntity(ctx, pk, rk, nil)\nvar re *azcore.ResponseError\nif errors.As(err, &re) && re.StatusCode == http.StatusNotFound { err = nil }",
			Hint:      "insert or replace (UpsertEntity), and treat 404 from DeleteEntity as done",
			Since:     "0.2.0",
		},
	)
}
