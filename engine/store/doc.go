// Package store is the storage half of tablelint's reference engine: tables
// of entities kept exactly as the Azure Table service keeps them, and the
// service's write operations with its status codes.
//
// A Store holds tables by name (case-insensitively, as the service does).
// A Table keeps its entities ordered by (PartitionKey, RowKey) with the
// service's string order: ordinal over UTF-16 code units
// (edm.CompareStrings). It stores them without a pointer per entity (the
// keys and properties encoded in large byte chunks, a partition's in
// blocks of its own; per partition a B+tree of record numbers; an open-addressing hash index of the keys;
// the partitions in a B-tree from github.com/google/btree), so that the
// garbage collector's work does not grow with the number of entities
// stored. A read builds an *Entity from that storage;
// entities are immutable, and the bytes they refer to are never written
// again, so an *Entity handed out by a read stays valid and unchanged
// after later writes. Two reads of one entity give two *Entity values:
// compare keys and Ticks, not pointers.
//
// # Entities
//
// NewEntity and DecodeJSON build an Entity and validate it as the service
// does on every write, answering 400 with the service's error code:
//
//   - PartitionKey and RowKey: strings of at most 1 KiB in UTF-16 (512
//     characters), without / \ # ? or control characters U+0000..U+001F
//     and U+007F..U+009F (InvalidInput, as Azurite answers; the documentation does
//     not name the code);
//   - property names: C# identifiers without '-' (PropertyNameInvalid), at
//     most 255 characters (PropertyNameTooLong); PartitionKey, RowKey and
//     Timestamp are the system properties (a Timestamp in a write is
//     ignored, as the service ignores it);
//   - at most 252 custom properties (TooManyProperties);
//   - String values at most 64 KiB in UTF-16 (32,768 characters) and Binary
//     values at most 64 KiB (PropertyValueTooLarge);
//   - the whole entity at most 1 MiB by the size estimate of package
//     limits (EntityTooLarge), see EstimatedSize;
//   - values outside their type's range (OutOfRangeInput) and malformed
//     JSON or values (InvalidInput) from DecodeJSON.
//
// # Writes
//
// Table.Insert, Update, Upsert, Delete and Transact follow the service's
// semantics. Each successful write stamps the entity with a server-set
// Timestamp (strictly increasing within a Store, from Options.Clock) and
// an ETag derived from it. Errors are *Error values carrying the HTTP
// status and the service's error code; StatusOf maps an operation's result
// to the status the service answers:
//
//	insert             201, 409 EntityAlreadyExists
//	update merge/replace  204, 404 ResourceNotFound, 412 UpdateConditionNotSatisfied
//	upsert merge/replace  204
//	delete             204, 404 ResourceNotFound, 412 UpdateConditionNotSatisfied
//	get                200, 404 ResourceNotFound
//	any, bad entity    400 (see above); missing table 404 TableNotFound
//
// Transact runs an entity group transaction: at most 100 actions on one
// partition, each entity once, a request payload under 4 MiB (the body
// the aztables SDK sends: limits.WireActionBytes over the entities' JSON,
// Binary values in base64), all or nothing. Its
// error names the failing action's index (Error.Index).
//
// # Reading
//
// Get reads one entity, and LookupInto reads one into an Entity of the
// caller's without allocating; LookupMany reads several keys so, making
// the memory reads of a group of them together, so that their cache
// misses overlap (what the replay does with a run of consecutive gets); Ascend walks entities in key order from a
// starting key, and Scan does the same through one reused *Entity (keep
// one with Entity.Clone), which is what the executor (package engine/exec)
// builds point lookups, range seeks, partition scans and table scans on. The
// low-level accessors NameID, Lookup and Raw let a compiled filter read a
// property without building an edm.Value.
//
// A Store is safe for concurrent use; each Table has its own lock, held
// for reading while Ascend runs its callback, and by LookupMany once for
// each group of up to 16 keys (each entity it reads is one LookupInto
// could have read during the call; the groups are not one snapshot).
package store
