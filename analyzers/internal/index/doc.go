// Package index defines an analyzer that indexes, once per package, what
// the write-side tablelint analyzers look at: who assigns each variable,
// every SDK call that writes entities, and every expression that builds
// an entity. It reports nothing; rule analyzers use its result through
// Requires and ResultOf, so that they all see the same values.
//
// # Analyzer tlindex
//
// tlindex: shared per-package index of variable assignments, entity writes and entity constructions
//
// The index records, for every local and package variable, each
// assignment to it (a declaration without a value counts as one: after
// `var x string; x = "a"` the variable has two assignments, so no
// analyzer takes it for the constant "a"), and whether it is incremented
// or assigned in a way that cannot be followed (range, op=). Writes are
// the aztables Client methods AddEntity, UpsertEntity, UpdateEntity and
// SubmitTransaction, and the legacy storage Entity and TableBatch insert,
// update and merge methods. Entity constructions are composite literals
// of aztables.Entity, aztables.EDMEntity, the legacy storage.Entity, any
// struct whose JSON form has PartitionKey and RowKey string fields, and
// string-keyed map literals with a "PartitionKey" or "RowKey" entry.
package index
