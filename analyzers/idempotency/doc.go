// Package idempotency defines an Analyzer that reports entity writes in
// queue-message handlers that fail when the message is delivered again.
//
// # Analyzer idempotency
//
// idempotency: find inserts and deletes in queue-message handlers that
// fail on the second delivery of a message (TL409).
//
// Queues deliver a message at least once: a worker that fails or times
// out after a step has run sees the message again and repeats the step.
// The design guide's worker therefore makes every step idempotent: "for
// step 4 you should use an "insert or replace" operation; for step 5,
// you should use a "delete if exists" operation".
//
//   - TL409 non-idempotent-worker-step: in a queue-message handler, an
//     aztables AddEntity or a legacy storage Entity.Insert (in the
//     handler, in a function of the package it calls — reported there —
//     or in a function literal it calls) whose error is looked at but
//     never
//     compared with a conflict — on the second delivery the entity
//     exists and the insert fails with 409 (EntityAlreadyExists) — and a
//     DeleteEntity (or legacy Entity.Delete) whose error is looked at but
//     never compared with
//     not-found — on the second delivery the entity is gone and the
//     delete fails with 404 (ResourceNotFound). The message fails again
//     on every delivery until it is dead-lettered. The suggested fix, for
//     an AddEntity called directly with nil options whose response is not
//     used, writes UpsertEntity in Replace mode (insert or replace).
//
// A queue-message handler is the body of a range loop over the messages
// of azqueue's DequeueMessages (a []*azqueue.DequeuedMessage) or of
// azservicebus's ReceiveMessages (a []*azservicebus.ReceivedMessage), a
// function or function literal with a parameter of one of those message
// types, the rest of a function after a call of DequeueMessage,
// DequeueMessages or ReceiveMessages, and every function of the package
// that a handler calls (handle(ctx, event) and the steps it calls) —
// after a receive, only the functions given something computed after it
// (the message, or what was decoded from it), so that a program's main
// that checks its queue and then serves HTTP does not make every
// request handler a message handler.
//
// A failure is handled when the function containing the write (or the
// helper that makes it, or a function of the package that calls it: the
// poll loop checking what its handler returns) mentions it: 409, http.StatusConflict or
// EntityAlreadyExists for an insert; 404, http.StatusNotFound,
// ResourceNotFound or EntityNotFound for a delete — compared with
// azcore.ResponseError's StatusCode or ErrorCode, in a string, or in a
// function of the package it calls (isConflict(err)).
//
// Silent: UpsertEntity and UpdateEntity; writes whose error is discarded
// (a bare call, _, go or defer); handled failures as above; inserts
// whose PartitionKey or RowKey comes from uuid, ulid or xid, or
// time.Now() (a second delivery writes another entity); writes outside
// handlers; _test.go files; functions of other packages, whose bodies
// cannot be seen; deletes through helpers; transactions; the legacy
// API's InsertOrReplace, InsertOrMerge, Update and Merge.
package idempotency
