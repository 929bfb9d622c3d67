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
//
// Writes through helpers are indexed too. A function that passes one of
// its parameters to a write — through json.Marshal, variables, & and *,
// or another such function — is a wrapper: it gets a Writer fact (so
// callers in other packages, analysed separately under go vet, see it),
// and each call of it becomes an index Call whose entity (or actions) is
// the argument, with Via naming the wrapper. Callees are found through
// function variables assigned once, method values, function literals held
// in a variable, and the generic origin of methods of generic types. A
// parameter that becomes the PartitionKey or RowKey of the entity a
// function writes is recorded the same way, and the arguments callers
// pass for it are the index's Keys. The standard library is not indexed:
// it writes no entities.
package index
