// Package tablescan defines an Analyzer that plans every Azure Table
// storage query whose filter it can reconstruct from Go code, and reports
// what `tablelint explain` would report for that filter.
//
// # Analyzer tablescan
//
// tablescan: find table scans, partition scans and invalid filters in
// Azure Table queries.
//
// Queries are calls of aztables (v1.x) Client.NewListEntitiesPager, legacy
// storage Table.QueryEntities, and calls of functions that pass a
// parameter into such a query's filter (followed with facts, across
// packages). The filter is reconstructed from constants, concatenation,
// fmt.Sprintf (each verb a typed parameter), to.Ptr, variables assigned
// once and one-line helpers; run-time values become template parameters.
// The text is parsed with odata.ParseTemplate, planned with plan.Of and
// checked with filtercheck.Check — the code path `tablelint explain`
// uses — so the two always agree. Reported:
//
//   - TL301 table-scan: no top-level PartitionKey eq; also a list call
//     with a nil, absent or empty filter, which reads the whole table;
//     also a filter that names properties at run time
//     (fmt.Sprintf("%s gt '%s'", column, last)) when no choice of those
//     names (each tried as PartitionKey, RowKey and another property)
//     gives a PartitionKey eq.
//   - TL303 partition-scan (info; only with -info): PartitionKey eq and
//     nothing usable on RowKey.
//   - TL300 invalid-filter: a filter the service rejects as invalid
//     OData — an unbalanced parenthesis, an Int32 literal out of range
//     without L, a datetime literal outside 1601–9999 — with explain's
//     message; only when the fault is in the text the code writes: every
//     run-time part stands for a value (inside a quoted literal, or
//     formatted as a number) and none is within the fault.
//   - TL323 literal-type-mismatch, TL127 implicit-string-type: a
//     literal compared with a property the package stores from a struct
//     field (json.Marshal of a struct given to AddEntity, UpsertEntity or
//     UpdateEntity) whose type it never matches: `Amount gt '100'` on an
//     int32 field; a datetime literal on a plain time.Time field, which
//     is sent as a String (TL127). A literal whose value comes at run
//     time keeps the type its form gives ("Sent ge datetime'" + since +
//     "'" is a datetime); a bare run-time value has none and is skipped.
//     A property two written structs store with different types is
//     skipped.
//   - TL304 or-on-rowkey, TL322 too-many-comparisons, TL201
//     key-invalid-char (key literals, including constant arguments of a
//     sink function), TL306 unsupported-operator (functions, arithmetic).
//
// Silent: filters it cannot reconstruct, or whose run-time parts stand
// for more than a literal value (a condition built in a loop); ARM and
// other SDKs' $filter options; ListTables filters; fragments of a filter
// (only the filter that reaches the query is checked, so a clause later
// nested inside "PartitionKey eq … and (…)" is not a scan).
//
// A query inside a function that receives part of its filter, or its
// whole options (*aztables.ListEntitiesOptions, *storage.QueryOptions),
// as a parameter is checked where the parts are known: in the function
// when the parameters stand only for literal values, otherwise at each
// call (a paging helper called with nil reads the whole table). Options
// returned by a one-line constructor of the same package
// (newOptions(filter)) are read with its parameters bound. Calls are
// followed through method values, function-typed variables, closures
// stored in variables and generic types. Options or filters set in
// branches are checked for each value that can reach the query: options
// left nil on one path, a filter variable assigned in an if, a
// strings.Join of parts some of which are optional. Filters are asked
// of the value-flow layer on SSA (analyzers/internal/flow; their
// syntax only in a function with type errors, which has no SSA), one query per shape the
// value can take (at most 16): a filter assigned in branches and passed
// to a helper, a filter variable filled by a helper through its address
// (var f string; fill(&f)), only the assignments that reach the query,
// clauses appended to a []string and joined under a length guard,
// options whose filter is set only when non-empty, helpers returning
// the filter, a user-written combinator library (And, Or, Eq,
// .String()), filters returned through interfaces. A shape with no
// PartitionKey eq is a scan (an empty shape reads the whole table); a
// clause list built in a loop stays unknown (never a scan).
//
// Placement, one rule for every finding: where the options get their
// filter on every path — the Filter of an options literal, or an
// opts.Filter = … that always runs — since a reader fixes it there;
// otherwise at the call that runs the query (the list call,
// QueryEntities, or the call of the helper or interface method given the
// filter or options): options without a filter, a filter assigned to the
// options only in a branch (if len(parts) > 0 { opts.Filter = &f }).
// A query (one list call, QueryEntities call, or call of a helper given
// the filter or options) gets at most one finding per rule: when the
// values that reach it (options assigned in branches, nil on one path)
// would place a rule's finding apart, it is reported once, at the call.
//
// Interfaces: under tablelint check, which loads the whole program, a
// call of an interface method is checked against every implementation
// among the loaded packages (matched by method set). Under go vet, which
// analyses one package at a time, calls through interfaces are not
// followed.
package tablescan
