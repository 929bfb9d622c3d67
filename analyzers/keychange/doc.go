// Package keychange defines an Analyzer that reports entities read,
// given a new PartitionKey or RowKey, and written back while the original
// stays.
//
// # Analyzer keychange
//
// keychange: find key changes that copy an entity instead of moving it
// (TL417).
//
// An entity's keys are its identity: "You can't move an employee to a new
// department by using an EGT" when the departments are partitions, and
// no operation renames an entity. Writing an entity read from the table
// with a changed PartitionKey or RowKey inserts a new entity (or, for
// UpdateEntity, updates another one); the original stays where it was,
// and queries find both.
//
//   - TL417 key-change-leaves-original: in one function, an entity
//     decoded (json.Unmarshal) from a GetEntity read, one of whose
//     PartitionKey or RowKey fields (or "PartitionKey"/"RowKey" map
//     entries) is assigned after the read, and which is then marshalled
//     and written with AddEntity, UpsertEntity or UpdateEntity to a table
//     not provably different from the one it was read from.
//
// Silent: a function that deletes anything (DeleteEntity, or a
// transaction action of type TransactionTypeDelete: the move is made, or
// its delete is left to the transaction); a key assigned the value it
// was read with (the same variable or constant as the GetEntity
// argument); a key set before the read; writes to another table (an
// archive under new keys; see TL408 for moves between tables); entities
// copied into a new variable before the change; writes through helpers.
package keychange
