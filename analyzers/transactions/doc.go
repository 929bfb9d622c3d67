// Package transactions defines an Analyzer that reports Azure Table
// transactions (entity group transactions) the service will reject.
//
// # Analyzer transactions
//
// transactions: find transactions with more than 100 actions, a payload
// over the limit or actions in different partitions (TL401, TL403).
//
// "A single EGT can operate on at most 100 entities" and "EGTs can only
// operate on entities stored in the same partition (sharing the same
// partition key in a particular table)". Both limits fail the whole
// transaction at run time.
//
// Transactions are aztables Client.SubmitTransaction calls, whose
// []TransactionAction is followed through slice literals, appends and
// variables in the calling function, and legacy storage
// TableBatch.ExecuteBatch calls, whose actions are the batch's
// InsertEntity, InsertOrReplaceEntity, InsertOrMergeEntity,
// ReplaceEntity, MergeEntity and DeleteEntity calls.
//
//   - TL401 batch-too-many: the actions visibly number more than 100 — a
//     slice literal, make with a constant length, or appends repeated by
//     loops with constant bounds (for i := 0; i < N; i++, range N, range
//     over an array or a literal), counting only appends that happen on
//     every iteration. Also one action per element of a collection the
//     function does not control — a parameter, a page of entities (a
//     page holds up to 1,000), a legacy QueryEntities segment (unless the
//     query's Top is a constant of at most 100, which bounds the
//     segments NextResults brings too), the result of a helper of
//     the package sized by such an argument (rows := make([]T, n); return
//     rows), or the result of a helper (in any package) made of the
//     entities of a list's pages (flow.Origin.Listed: every page gathered) —
//     appended in a loop over it, or placed by
//     index into make([]aztables.TransactionAction, len(rows)), that
//     reaches one transaction without a limit: reported unless the loop
//     also submits or resets the slice (the chunks-of-100 pattern), or the
//     function tests a length against a limit that keeps the transaction
//     within 100 actions (len(rows) > 100 returning an error, len(batch)
//     >= 100 or == 100 before a flush). A test for emptiness
//     (len(rows) == 0) or a limit that lets more through (a flush on
//     len(batch) > 100 before appending one more lets 101 through) is no
//     limit. Also silent when flow bounds the collection's length
//     (flow.ExprLenMost) so that it gives at most 100 actions: a window
//     s[i:i+100], s[i:min(i+100, len(s))], a bound clamped by
//     `if end > len(s) { end = len(s) }` or `if n > 100 { n = 100 }`, a
//     slice grown by appends in loops of a constant count, a chunk
//     handed on when it reaches 100 and started anew (if len(cur) == 100
//     { flush(cur); cur = nil }), a group read back from a [][]T, a
//     map[K][]T or a struct's slice field when every group the package
//     puts into that kind of container is capped (appended to only under a test of its length that
//     starts a new group, or skips, at 100: gs[len(gs)-1] =
//     append(gs[len(gs)-1], x) after `if len(gs[len(gs)-1]) == 100 { gs
//     = append(gs, nil) }`; grouping by key with no such test caps
//     nothing), a helper's
//     result its summary bounds (in any package), or a parameter of an
//     unexported function or of a closure held in a local (send :=
//     func(batch []T) {…}) every call of which passes such a slice or
//     one checked against a length; a length flow does not know is
//     unbounded, and one call passing an unbounded slice keeps it so.
//     The slice may be appended to in the function and submitted
//     by a closure of it (flush := func() error { … }), or built and
//     returned by a helper of the package (ops, err := toActions(items)),
//     which is checked with its parameter bound to the caller's argument.
//   - TL401 also: a SubmitTransaction whose request body is visibly over
//     the payload limit ("the payload must be less than 4 MB in size";
//     on Cosmos DB for Table, -target=cosmos or a *.table.cosmos.azure.com
//     endpoint in the package, "Batches can only have up to 2 MBs"). The
//     payload is the request, not the stored entities: each action is
//     sized as the aztables SDK sends it (limits.WireActionBytes), with
//     ASCII text at a byte a character and []byte values in base64, and
//     only what is known statically counts — constant key text and
//     property values of a known size (string constants, strings.Repeat
//     and bytes.Repeat of constants, make([]byte, N) with a constant N,
//     bytes appended to bytes (append, also in a helper of another
//     package, through its summary), aztables.EDMBinary of them; beyond those, the least size the
//     value-flow layer finds, flow.Size.Least: the same values through
//     +, fmt.Sprintf, helpers and variables assigned in branches, the
//     shortest variant counting) in an entity literal (a map, an entity
//     struct, an EDMEntity) marshalled once, times the appends of a
//     constant-bounded loop. The table name and endpoint count as
//     nothing: the sum is a lower bound.
//   - TL401 also: a legacy TableBatch whose actions take every piece of
//     one string or []byte — cut in the loop that adds them (v = v[n:])
//     or by a helper of the package whose rows the loop adds — when the
//     value can be larger than the payload limit (flow.SizeAt): bounded
//     by a length check above the limit (len(v) > 20<<20 returning an
//     error lets 20 MiB through), or with no limit (an exported
//     function's []byte parameter, a body read whole). Silent when a
//     check keeps it under the limit, when each piece is executed in a
//     batch of its own, or when the batch variable is reset in the loop.
//   - TL403 batch-cross-partition: two actions whose PartitionKeys are
//     reconstructed and provably differ — two different constants, or
//     constant prefixes or suffixes that cannot match. An entity built by
//     a helper of the package (product("pkey", "r1", …) returning the
//     marshalled entity) has the PartitionKey the helper writes, with its
//     parameters bound to the call's arguments, and so does an element
//     picked by a constant index from an array or slice literal a
//     helper returns (rows := r.pair(a, b); rows[1]); such a finding is
//     reported at the transaction.
//   - TL403 also: a loop that adds the actions of one transaction (the
//     transaction submitted after it, or a helper's result submitted
//     whole by its caller) and sets, in the loop, a PartitionKey whose
//     value changes from one iteration to the next — a field of the
//     loop's element, in the loop or through a helper given the element
//     (acts[i] = s.action(ctx, p) with PartitionKey: p.Source), a map's
//     key, a UUID made per action (flow.VariesPerIteration). A key that
//     is the same for the whole loop (a parameter, a constant, a value
//     computed before it) is not reported, nor a loop that submits or
//     resets the slice (chunks, a flush when the partition changes), a
//     key copied from the element's own PartitionKey (the caller chose
//     the partitions: it.Key.PartitionKey), a time bucket many
//     elements share (e.At.Format("2006-01-02")), or a key the loop
//     checks equal to a fixed one (if s.Sensor != sensor { return … }),
//     or the field items were filed by in a map of groups, while the
//     loop walks one group (byShop[o.Shop] = append(byShop[o.Shop], o)),
//     nor the key of an entity the loop writes on its own, outside the
//     transaction (AddEntity, UpsertEntity, UpdateEntity), directly or
//     through the package's helpers, methods, interface implementations
//     and closures (the value-flow layer's one answer to "is this
//     entity written", also used by TL201 and TL209).
//   - TL401 also: a count set outside the code — make(…, n) or a loop
//     for i := 0; i < n; i++ with n from a flag (*count), the
//     environment, a request or a parameter of an exported function (a
//     field of a configuration it is given) — unless the function caps
//     it (min(n, 100), n := min(m, 100)) or compares it with a constant
//     that keeps the transaction within 100 (n > 100 returning an error).
//
// Closures are checked as functions of their own. A helper that passes
// its parameter to SubmitTransaction (submit(ctx, c, actions)) is
// followed: the call of the helper is checked like a SubmitTransaction
// with those actions, and a helper call in the loop counts as submitting
// a chunk.
//
// Silent on the payload: values of a size not known statically
// (parameters, reads, anything computed), entities built by helpers or
// assigned more than once, actions from helpers (ops, err := toActions(…)),
// chunked transactions and legacy TableBatch batches (but for values
// cut into them, above), deletes (they send
// no entity), and appends under a condition.
//
// Silent: transactions built in chunks of 100, or flushed on a test the
// analyzer does not read as a length (a change of partition alone,
// i%100 == 99);
// limits compared with a value that is not a constant (a configured
// maximum); loops over local collections of unknown size (their size is set elsewhere,
// often small: createEntities(10)); keys that may be equal (run-time values, the loop's own
// variables, a helper's parameter the helper reassigns, a key a helper
// chooses at run time); appends under a condition or before a break in a
// constant-bounded loop (they might not all happen).
package transactions
