// Package timepartition defines an Analyzer that reports Azure Table
// writes whose PartitionKey comes only from the current time or from a
// counter.
//
// # Analyzer timepartition
//
// timepartition: find inserts and updates whose PartitionKey is the
// current time or a sequence number (TL209).
//
// When the PartitionKey is derived from the time of the write (a date, an
// hour, Unix seconds) or from a monotonically increasing counter, every
// write at a given moment goes to the same, newest partition: the
// prepend/append anti-pattern. "All of the inserts at any particular time
// are taking place in the same partition, creating a hotspot."
//
// Write paths are aztables Client.AddEntity, UpsertEntity, UpdateEntity
// and SubmitTransaction, and the legacy storage Entity.Insert,
// InsertOrReplace, InsertOrMerge, Update, Merge and TableBatch
// Insert*/Replace/Merge calls. The written entity is followed back
// through json.Marshal, variables, TransactionAction.Entity and
// GetEntityReference to the PartitionKey it is given (struct field,
// "PartitionKey" map entry, assignment). The key's value is reconstructed
// like the other analyzers do it; it is reported when every run-time part
// of it is
//
//   - the current time: time.Now(), and anything computed from it by
//     time.Time methods (Format, UTC, Truncate, Unix, Year…), arithmetic
//     or conversions, through variables assigned once; or
//   - a counter: sync/atomic Add functions and methods, or a package
//     variable incremented with ++ or +=; or
//   - a date key that falls back to the current time: a variable given
//     the same time.Time method with the same arguments in every branch,
//     one of them on time.Now() (pk := submitted.Format("2006-01"); if
//     pk == "0001-01" { pk = time.Now().Format("2006-01") }): the other
//     time stands for the time of the write too; or
//   - a struct field every store of the package sets from time.Now() (in
//     literals, keyed or not, and assignments; at least one), when no
//     value of its struct is decoded in the package: m.CreatedAt in a
//     helper whose callers all stamp CreatedAt with the current time.
//
// Entities a helper of the package builds and returns (toRow(m)
// returning an EDMEntity literal) are checked where they are written,
// with the keys of the literals the helper returns.
//
// Silent: a time-based RowKey under a stable PartitionKey (the log-tail
// pattern); a PartitionKey that combines the time with another run-time
// value (a device, tenant or hash-bucket prefix spreads the writes);
// times that come from parameters or entities rather than time.Now;
// reads (GetEntity, queries) and deletes.
//
// Writes through helpers are followed: an entity built in one function
// and written by another (put(ctx, c, &e), where put marshals its
// parameter and calls AddEntity), through helpers of helpers, helpers in
// other packages, methods of generic types, function variables, method
// values and function literals held in variables; and a key passed to a
// helper that builds the entity (putEvent(ctx, c, time.Now().Format(…),
// id)). The message names the helper: "PartitionKey written by AddEntity
// (through store.Put)".
//
// On the value-flow layer (analyzers/internal/flow and keyflow), keys the
// above cannot follow are checked too: a PartitionKey formatted from a
// time kept in a struct field (set to time.Now() by a constructor such as
// newHit(host)), or from time.Now() itself, when the entity it is set in
// is itself written (not a field copied from it into another entity) by
// the function that sets the key or by what that function hands it to:
// the package's helpers and methods, calls through interfaces the
// package's types implement, and closures (the same answer TL201 uses
// to stay silent on key structs that only describe a read). A key made by
// a function of the package from what its callers pass is one mistake,
// reported once, where the function makes the key, naming the first call
// that passes the current time ("PartitionKey made by Save comes only
// from time.Now() (passed at line 35)"), however many callers do; a key
// made in another package is reported at the call. An entity the function
// that sets the key returns counts when the package's callers of that
// function write it (every call visible, the function unexported: a
// legacy GetEntityReference entity a helper names and its caller
// inserts); one only read or deleted there is not, and one returned to
// callers the package does not see, or written through a function
// variable that may also hold a function that does not write it, is left
// to the checks above.
//
// A PartitionKey that is time.Now() alone on a way the writer's settings
// choose is reported too: a default for a setting left empty (func (w
// *Writer) partition(m Msg) string { if w.conf.Partition == "" { return
// time.Now().Format("2006010215") }; return expand(w.conf.Partition, m)
// }). Every write of a deployment that leaves the setting empty goes to
// the partition of the hour. The ways are followed through variables
// assigned in branches and the return statements of the package's
// functions (flow.Paths); a way counts when every condition that can
// choose it is settled (flow.Settled): built only from constants,
// package variables, environment variables and the fields of a writer,
// a struct that holds a Table client (its settings, given once). The
// key's entity must be written: where the key is set, in what that
// function hands it to, or by the package's callers of a function that
// returns it (a legacy GetEntityReference entity its caller inserts).
// The finding, at the key, names the line of the time ("PartitionKey
// falls back to time.Now() alone (line 44), which puts every write in
// one partition"). Silent: a way the write's own data takes part in
// choosing (if ev.Site == "" { return time.Now()… }; a method of the
// entity's own type); a default that keeps a per-write part (ev.Site +
// "_" + the day), at any precision of the time; the time in the RowKey
// only; an entity only read or deleted by those keys.
package timepartition
