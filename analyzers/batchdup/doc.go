// Package batchdup defines an Analyzer that reports transactions that
// touch the same entity twice.
//
// # Analyzer batchdup
//
// batchdup: find entity group transactions with two actions on the same
// PartitionKey and RowKey (TL404).
//
// "An EGT can only update an entity once." The service rejects the whole
// transaction when two of its actions address the same entity — a
// Delete followed by an Add to "replace" it, or the same entity appended
// twice — so none of its changes are made.
//
//   - TL404 batch-duplicate-entity: two TransactionAction literals of one
//     SubmitTransaction (directly, or through a helper that submits its
//     parameter) whose entities' PartitionKey and RowKey are provably
//     equal: the same constants, the same variable marshalled into both,
//     or values built the same way from the same variables (a parameter,
//     a variable assigned once in the function), by formatting functions
//     or by a helper of the package whose result is built only from its
//     parameters and text (the same arguments give the same key) — and
//     both actions are
//     appended on every run of one block (the same slice literal, the same
//     append, or statements of the same block).
//   - TL404 also: two actions queued on one legacy storage.TableBatch
//     (InsertEntity, InsertOrReplaceEntity, InsertOrMergeEntity,
//     ReplaceEntity, MergeEntity, DeleteEntity and the ByForce ones) in
//     statements of the same block, with no ExecuteBatch of that batch
//     between them, whose entities are the same *storage.Entity variable
//     (also one a helper returned, when the function never assigns its
//     PartitionKey or RowKey) or have provably equal keys as above
//     (GetEntityReference arguments, key fields set once).
//
// The actions are followed through slice literals, appends and variables;
// each entity through json.Marshal (also through a marshalling helper of
// the package whose one parameter is only marshalled: mustJSON(res)), &
// and *, and variables to the literal or variable that sets its keys.
//
// Silent: actions in different branches (if/else, switch cases) or in
// different loops — only one of them may run, or they run on different
// iterations; a single action literal in a loop (one per item: its keys
// differ from item to item as far as the analyzer knows); keys computed
// by calls that may return something new each time (uuid.NewString(),
// a helper that reads the clock, a counter or another source) even if
// written the same way;
// keys set more than once; entities built by other helpers (a helper
// that changes or adds to its argument before marshalling it); a legacy
// entity sent in two batches, or twice by one batch with ExecuteBatch
// between, or whose keys the function changes between its two actions.
package batchdup
