// Package staleretry defines an Analyzer that reports conditional
// updates retried with the ETag that already failed.
//
// # Analyzer staleretry
//
// staleretry: find UpdateEntity calls with IfMatch whose 412 is retried
// without reading the entity again, or answered with success (TL415).
//
// An UpdateEntity with IfMatch fails with 412 (Precondition Failed,
// UpdateConditionNotSatisfied) when another client changed the entity
// after it was read. Sending the same entity with the same ETag again
// fails the same way, however often it is retried: "If the EGT fails
// because of an optimistic concurrency error … then you need to start
// over at step 1" — read the entity, apply the change to what was read,
// and write with the new ETag.
//
//   - TL415 no-concurrency-retry (with -info): an aztables UpdateEntity
//     whose options (written at the call, or a variable assigned one
//     literal) give an IfMatch other than azcore.ETagAny, inside
//
//     – a loop that can run it again (a for statement, or a range over
//     an integer) and does not read: no GetEntity, no list query or page,
//     no call of a function of the package that makes one; the ETag
//     expression uses only variables declared before the loop and not
//     assigned, decoded into or passed by address in it; or
//
//     – a function literal given to a retry helper (a function or method
//     whose name, or whose package's name, contains "retry" or "backoff":
//     retry.Do, backoff.Retry; or a function of the package that calls
//     its function parameter in a loop), directly or through a variable
//     assigned once, under the same conditions.
//
//     The write's error must be looked at (not discarded).
//
//     Also such an UpdateEntity whose function tests its error for 412
//     (a condition on the error that mentions 412,
//     http.StatusPreconditionFailed or UpdateConditionNotSatisfied) and
//     answers it by returning a nil error: the change is dropped and the
//     caller believes it was made. Silent when that branch returns an
//     error (the caller may retry) and in functions without an error
//     result (an HTTP handler answering 409 or 412 tells its client).
//
// Silent: a loop or operation that reads the entity again (GetEntity, a
// query, a helper of the package that does), or that sets the ETag
// variable; a loop that handles the precondition failure itself (it
// mentions 412, http.StatusPreconditionFailed or
// UpdateConditionNotSatisfied); retries that look at what the error is
// (they pass it to a function returning a bool — errors.Is, errors.As,
// isTransient(err) — or are given such a predicate, as retry.RetryIf):
// they retry some errors only, and 412 is not transient; an ETag copied
// into a variable declared inside the loop or operation; loops over
// entities (the ETag comes from the loop's variables); a write followed
// in its block by a return or a break out of the loop (a search loop
// runs it once); UpdateEntity without IfMatch or with azcore.ETagAny
// (TL414's concern); UpsertEntity, which sends no If-Match;
// transactions; the legacy storage API.
package staleretry
