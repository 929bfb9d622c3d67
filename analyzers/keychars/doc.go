// Package keychars defines an Analyzer that reports PartitionKey and
// RowKey values written in Go with characters keys can never hold.
//
// # Analyzer keychars
//
// keychars: find keys whose constant text contains / \ # ? or a control
// character, or is longer than a key can be, and keys taken from a
// request unchecked (TL201, TL202).
//
// "The following characters are not allowed in values for the
// PartitionKey and RowKey properties: The forward slash (/) character,
// The backslash (\) character, The number sign (#) character, The
// question mark (?) character, Control characters from U+0000 to U+001F
// … Control characters from U+007F to U+009F". A write with such a key
// fails; a GetEntity or DeleteEntity with one never finds the entity.
//
//   - TL201 key-invalid-char: a key sink — the PartitionKey or RowKey of
//     an entity literal (aztables.Entity, EDMEntity, legacy storage.Entity,
//     any struct with PartitionKey and RowKey string fields that can be an
//     entity's data — not one holding a Table client, nor one with a func
//     or chan field encoding/json refuses — a map literal with those
//     entries), an assignment to one, the key arguments of
//     GetEntity, DeleteEntity and legacy GetEntityReference (also
//     through an interface of the user's whose method has the client's
//     signature, which the client satisfies), or an
//     argument a helper makes a key — whose value, reconstructed through
//     constants, +, fmt.Sprintf and variables assigned once, has constant
//     text with one of those characters ("sales/emea",
//     fmt.Sprintf("%s#%s", a, b)). Whatever the run-time parts hold, the
//     key is invalid. A key made by a helper of the package that returns
//     several results (pk, err := keyFor(x)) or has several statements is
//     checked at each of the helper's return statements, and reported
//     there.
//
//   - TL201 also: a key whose value comes from HTTP request input (the
//     URL path or a segment of it, the query, a form value, a header, a
//     cookie's value, the host, a path value, a field of a request body
//     decoded from JSON) with no check: a client can send / \ # or ?, and the request
//     fails (for r.URL.Path, always). Through a function of the package
//     that makes its parameter (or a field of it) the key, it is reported
//     where that function sets the key, naming the line of the call (the
//     place to check is the same code for every caller; a key argument
//     of GetEntity or DeleteEntity there, at that argument); through one
//     of another package, at the argument of the call. Followed through
//     struct fields, a struct a helper decodes from the bytes it is given,
//     helpers' results and parameters (the fact KeyParams of
//     analyzers/internal/keyflow), and calls through interfaces the
//     package's own types implement (under tablelint check, every loaded
//     package's). Each key argument of GetEntity or DeleteEntity is
//     reported on its own, at the argument.
//
//   - TL202 key-too-long: a key sink whose constant text alone (run-time
//     parts counted as empty) is over 512 UTF-16 code units ("The row key
//     is a string value that may be up to 1 KiB in size."), or, for a
//     RowKey on Azure Cosmos DB for Table, over 255 bytes of UTF-8 ("Row
//     keys can only be up to 255 bytes.", Frequently asked questions about
//     Azure Cosmos DB for Table). The code is for Cosmos DB under
//     -target=cosmos (check sets it from target: in .tablelint.yaml) or when
//     its package has a string constant naming a *.table.cosmos.azure.com
//     endpoint.
//
// Values are followed by the shared value-flow layer (analyzers/internal/
// flow): constants, +, fmt.Sprintf, strings.Join and Builder, variables
// in branches, struct fields, helpers' results (facts) and closures.
//
// Silent: characters that come only from other run-time values (a
// parameter, an entity, the environment): the analyzer cannot know them;
// request input that is checked (a regular expression, uuid.Parse,
// strconv.Atoi, strings.ContainsAny…, a function named valid…/check…,
// a bool function of any name that returns true only after testing
// every character of the string — a range over it or a byte loop — to be
// in a class without / \ # ? ' or control characters (r < '0' || r >
// '9', !unicode.IsLetter(r) && r != '-', !strings.ContainsRune(set, r)
// with a constant set; across packages through its fact), a
// comparison that lets only a non-empty constant through; a test for
// empty text checks no character, nor does a guard that only turns a
// constant away, if code == "api" { return }); request input compared
// equal to configuration before every use (if v != s.Owner { return },
// a field of the receiver or of a package variable, os.Getenv): it is
// that value; a field of a request model set after the decode on every
// path (in.User = user): the value set; escaped (url.PathEscape) or given
// replacements (strings.ReplaceAll), or formatted as a number or UUID;
// keys escaped by the code (url.PathEscape, strings.ReplaceAll) — their
// constant text is checked only where it is written into the key; a
// helper's returns whose error result is not nil (the caller does not
// write that key); request input in the key fields of a struct or map
// that flow follows to every use (flow.Reaches, through the package's
// own functions, methods and closures) and sees reach no write — a
// descriptor of a read or a filter, which the query rules check. A
// struct returned from an exported function, kept in a package
// variable or given to another module's code may be written by a
// caller: it is reported.
package keychars
