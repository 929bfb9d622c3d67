// Package credentials defines an Analyzer that reports storage account
// keys written into Go code and shared access signatures that grant more
// than a client needs.
//
// # Analyzer credentials
//
// credentials: find account keys in code and over-broad table SAS
// (TL601, TL602).
//
// "You don't need to distribute your storage account key to an insecure
// platform (such as a mobile device)": a client can be given a shared
// access signature instead, and "it's also possible to specify that the
// SAS token grant access to either a range of PartitionKey values, or a
// range of PartitionKey and RowKey values."
//
//   - TL601 account-key-in-client: an account key written as a literal
//     (a constant, through variables, constants and concatenation) and
//     given to aztables.NewSharedKeyCredential or the legacy
//     storage.NewBasicClient, or a connection string given to
//     aztables.NewClientFromConnectionString or
//     NewServiceClientFromConnectionString whose AccountKey= value is
//     constant text. Anyone who has the source or the binary has full
//     control of the account.
//   - TL602 sas-overbroad (info, reported with -info): a table SAS that
//     grants every permission (Read, Add, Update and Delete, with no
//     PartitionKey or RowKey range) — SASPermissions given to
//     Client.GetTableSASURL, or the Permissions of a SASSignatureValues
//     literal — or an account SAS that grants every table permission
//     (r, w, d, l, a, c, u: AccountSASPermissions given to
//     ServiceClient.GetAccountSASURL, or AccountSASSignatureValues); and a
//     SAS whose expiry lies further than the -sas-max-expiry bound
//     (default 24h) after it is issued: time.Now().Add(d) or
//     start.Add(d) with a constant d, or AddDate with constants. A SAS
//     written as text (constant text, through variables, constants,
//     concatenation, fmt.Sprintf and helpers) is judged by the same
//     rules from its query parameters — sp for the permissions, tn (a
//     table SAS) or ss and srt (an account SAS, for tables when ss has
//     t), spk, epk, srk and erk for the key range, st and se for the
//     lifetime — in the URL given to aztables.NewClientWithNoCredential
//     or NewServiceClientWithNoCredential, the SharedAccessSignature of
//     a connection string (aztables, legacy storage), or the token given
//     to the legacy storage.NewAccountSASClientFromEndpointToken; a token
//     that grants everything and lives too long is one finding.
//
// Silent: keys and connection strings read at run time (os.Getenv, a
// secret store, a flag), or built from run-time parts; the storage
// emulator's published development key and UseDevelopmentStorage=true;
// placeholders that are not base64 keys ("<account-key>", "YOUR_KEY");
// connection strings with a SharedAccessSignature instead of a key;
// _test.go files (test fixtures use made-up keys); permissions or expiry
// times the analyzer cannot reconstruct (variables changed field by
// field, computed durations); a SAS limited to a key range; a SAS token
// read at run time, a SAS written as text with no start time (st), and
// a query without a signature (sig), which is no SAS.
package credentials
