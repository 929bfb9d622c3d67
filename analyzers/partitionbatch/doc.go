// Package partitionbatch defines an Analyzer that reports single-entity
// writes to one partition, made one after another, that one transaction
// could make.
//
// # Analyzer partitionbatch
//
// partitionbatch: find sequences of writes to one partition that could
// be one entity group transaction (TL406).
//
// "You can use EGTs to batch multiple inserts, update, and delete
// operations together, to reduce the number of round trips" — and the
// changes of a transaction are made together or not at all, where a
// failure between two single writes leaves the first one made.
//
//   - TL406 unbatched-partition-writes (with -info): two or more aztables
//     AddEntity, UpsertEntity, UpdateEntity or DeleteEntity calls, called
//     directly one after another in one block, on the same client (the
//     same constant table name, or the same client variable or field),
//     whose PartitionKeys are provably equal (the same constant, or the
//     same variable assigned once, or the key field of the same entity
//     variable) and whose RowKeys are not; and such a write in a loop
//     over a slice, a map, a small array or a counter, whose client and
//     PartitionKey are the same on every iteration (a constant, or
//     variables declared before the loop and not assigned in it, through
//     fmt, strings, strconv, time other than the clock, and functions of
//     the package that call only those: partition(device, hour); or the
//     key of entities filed into a map by their PartitionKey field or
//     "PartitionKey" entry — byPK[pk] = append(byPK[pk], e) — while the
//     loop walks one group of that map) and
//     whose RowKey changes (it uses a variable of the loop; for an
//     entity a function or method of the package builds —
//     json.Marshal(items[i].Row()) — the helper's one constant
//     PartitionKey, and its call standing for the RowKey, which changes
//     when its receiver or arguments do), and whose
//     failure ends the function (if _, err := write; err != nil {
//     return … }).
//   - TL406 also for the legacy storage API: Insert, InsertOrReplace,
//     InsertOrMerge, Update, Merge and Delete of an entity variable
//     assigned once from Table.GetEntityReference, whose table is the
//     reference's and whose keys are its arguments, or — when the
//     function changes the variable's PartitionKey or RowKey — the last
//     such assignment before the write, all of them statements of the
//     block that holds the reference and the writes (row.RowKey = "b"
//     between two writes of row: two entities of one partition); a
//     TableBatch could send them together. A write's error may be
//     checked where it is assigned (if err := e.Insert(…); err != nil),
//     by the next statement, or returned (return e.Insert(…), the last
//     write of a sequence).
//
// Between the writes of a sequence there may be only statements that
// build entities (assignments and declarations without a Table call) and
// checks of the writes' own errors or of json.Marshal's
// (if err != nil { return … }).
//
// Silent: writes to different partitions or clients, or whose keys the
// analyzer cannot compare; writes in different blocks or branches; a
// sequence with code between the writes that can stop it for another
// reason (a condition, another call's error, a loop); two writes of the
// same entity (a transaction may change an entity only once); loops whose
// PartitionKey or client changes, that write the same entity every time,
// that start goroutines or function literals, that let each write fail
// alone (the error discarded, or logged and skipped: a transaction would
// fail them all), loops over channels or
// iterator functions and loops without a counter (pollers, streams),
// loops with a constant count over 100; writes through helpers;
// transactions; legacy entities from helpers, parameters or queries
// (their table unknown), or whose keys change in a branch; _test.go
// files, which insert fixtures one by one on purpose.
package partitionbatch
