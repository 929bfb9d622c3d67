// Package keychars defines an Analyzer that reports PartitionKey and
// RowKey values written in Go with characters keys can never hold.
//
// # Analyzer keychars
//
// keychars: find keys whose constant text contains / \ # ? or a control
// character, or is longer than a key can be (TL201, TL202).
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
//     any struct with PartitionKey and RowKey string fields, a map literal
//     with those entries), an assignment to one, the key arguments of
//     GetEntity, DeleteEntity and legacy GetEntityReference, or an
//     argument a helper makes a key — whose value, reconstructed through
//     constants, +, fmt.Sprintf and variables assigned once, has constant
//     text with one of those characters ("sales/emea",
//     fmt.Sprintf("%s#%s", a, b)). Whatever the run-time parts hold, the
//     key is invalid. A key made by a helper of the package that returns
//     several results (pk, err := keyFor(x)) or has several statements is
//     checked at each of the helper's return statements, and reported
//     there.
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
// Silent: characters that come only from run-time values (a parameter, a
// request field): the analyzer cannot know them; keys escaped by the code
// (url.PathEscape, strings.ReplaceAll) — their constant text is checked
// only where it is written into the key; a helper's returns whose error
// result is not nil (the caller does not write that key).
package keychars
