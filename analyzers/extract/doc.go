// Package extract describes, from Go code, the table design the code
// implements: the tables it uses, the entity types it writes (with their
// properties, EDM types and key templates), the queries it runs and the
// groups it writes in one transaction. It reports nothing itself;
// `tablelint extract` turns its results into a design file and the
// designdrift analyzer compares them with a design file.
//
// # Analyzer tlextract
//
// tlextract: describe the tables, entity types, key templates, queries
// and transaction groups of a package (no diagnostics).
//
// It reads the shared write index (index.Analyzer) and the reconstructed
// filters (filterflow.Analyzer): there is no second analysis of the code.
//
//   - Tables: the name given to ServiceClient.NewClient, to CreateTable,
//     or the last path segment of the URL given to aztables.NewClient…,
//     when it is constant; otherwise the table is named after the Go
//     variable or field that holds the client, and marked unknown.
//   - Entity types: every struct, map or EDMEntity value that reaches
//     AddEntity, UpsertEntity, UpdateEntity or a SubmitTransaction action,
//     named after its Go type (maps and EDMEntity values after the
//     function that writes them). Properties come from the JSON form
//     (json tags, "Name@odata.type" annotations, aztables.EDM* types):
//     strings are String, bool Boolean, floats Double, []byte Binary,
//     integers Int32 (what the service stores for a JSON number) unless
//     annotated Edm.Int64; time.Time is DateTime only when annotated.
//   - Key templates: the PartitionKey and RowKey values rebuilt into
//     templates: fmt.Sprintf("%s_%06d", dept, id) is
//     "{Department}_{Id:%06d}" when the entity stores dept as Department
//     and id as Id, time.Now().Format(L) is {now:L}, uuid.New().String()
//     is {uuid}. A value the code does not store becomes a property of
//     its own (named after the Go variable) so the template can name it.
//   - Queries: each reconstructed filter, with its placeholders named
//     after the property they are compared with, its $top and $select.
//     A query is one place the code runs it: a call of a function that
//     runs the query (a repository method, the wrapper around it, the
//     handler calling the wrapper) is a caller of that query, listed in
//     its callers field, not a query of its own. Each GetEntity call,
//     and each Get of a legacy storage.Entity made by
//     Table.GetEntityReference, is a point query,
//     "PartitionKey eq '{pk}' and RowKey eq '{rk}'".
//   - Transaction groups: the entity types of each SubmitTransaction's
//     actions.
//   - String lengths: a String property written from a variable that the
//     function checks before the write (len(x) > N or
//     utf8.RuneCountInString(x) > N, the check returning, panicking or
//     truncating x to x[:N]), or written as x[:N], has a MaxLength in
//     UTF-16 code units (2N for N runes).
//
// What the code cannot tell — volumes, rates, the lengths of strings it
// does not bound — is left out, so a review reports it as unknown.
//
// Build merges the packages' results into a Design; Design.Model turns
// it into a model.Design with model's Add methods, which check each entry
// as the design loader does, and Design.Encode writes it with
// model.Encode, the loader's inverse.
package extract
