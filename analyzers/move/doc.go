// Package move defines an Analyzer that reports entities moved between
// tables by a write and a delete that are not atomic and not made safe
// to retry.
//
// # Analyzer move
//
// move: find entities copied to another table and deleted from their own
// in two independent requests (TL408).
//
// "Archiving an employee requires you to delete the entity from the
// Current table, and add the entity to the Archive table. But you can't
// use an EGT to perform these two operations. To avoid the risk that a
// failure causes an entity to appear in both or neither tables, the
// archive operation must be eventually consistent." The design guide's
// pattern puts a message on a queue and lets a worker perform idempotent
// steps — insert or replace into the archive, delete if exists from the
// current table — retrying until both are done.
//
//   - TL408 cross-partition-atomicity-assumed: in one function, an entity
//     read with GetEntity from one table (its bytes as read, or decoded), written to another
//     table (AddEntity, UpsertEntity, UpdateEntity) and deleted from the
//     first with DeleteEntity with the same keys — unless both steps are
//     idempotent, as in the pattern's worker: the write is an UpsertEntity
//     and the function treats 404 from the delete as success (it mentions
//     ResourceNotFound, http.StatusNotFound or 404).
//
// Tables are told apart by their clients: clients from
// ServiceClient.NewClient with different constant names (or NewClient*
// with different constant URLs), through variables and struct fields
// every assignment of which gives the same client; or two different
// client parameters or variables. Two different client fields of one
// struct are two tables when the package gives them no value at all (the
// clients are injected by the code that builds the struct: a struct
// declares two fields to hold two tables), or only client constructors
// (ServiceClient.NewClient, aztables.NewClient*) whose table-name or URL
// arguments are written differently (cfg.Orders and cfg.Archive).
// Clients the analyzer cannot tell apart are taken to be the same table:
// a field given several tables, a field given a parameter, another
// client or the same name as the other field, a field whose address is
// taken, a struct built with a positional literal.
//
// Silent: the idempotent worker described above; moves within one table
// (a transaction may be possible: see the transactions rules); copies
// without a delete; a delete of other keys than the read.
package move
