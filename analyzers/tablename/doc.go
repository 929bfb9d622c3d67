// Package tablename defines an Analyzer that reports table names the
// Table service rejects.
//
// # Analyzer tablename
//
// tablename: find invalid and reserved Azure Table names in Go code
// (TL101, TL102).
//
// "Table names may contain only alphanumeric characters", "cannot begin
// with a numeric character" and "must be from 3 to 63 characters long":
// the regular expression ^[A-Za-z][A-Za-z0-9]{2,62}$. "Some table names
// are reserved, including "tables"." Creating or using such a table fails
// at run time.
//
// Table names are the tableName argument of aztables
// ServiceClient.NewClient, the name argument of ServiceClient.CreateTable
// and DeleteTable, the table part of the service URL given to
// aztables.NewClient, NewClientWithNoCredential and
// NewClientWithSharedKey (its last path segment, as the SDK parses it),
// and the name given to the legacy storage
// TableServiceClient.GetTableReference. The name is reconstructed
// (constants, concatenation, fmt.Sprintf, variables assigned once,
// one-line helpers):
//
//   - TL101 table-name-invalid: a constant name that does not match the
//     regular expression, or a name whose constant parts already break it
//     (a "-" or "_" in "logs-" + date, a leading digit, more than 63
//     constant characters). For a string literal with characters that are
//     not letters or digits, the suggested fix deletes them when that
//     leaves a valid name.
//   - TL102 table-name-reserved: the name "tables" in any case.
//
// Silent: names that come from variables, configuration or parameters
// and whose known parts are valid; URLs whose table part is not constant.
package tablename
