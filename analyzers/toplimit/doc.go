// Package toplimit defines an Analyzer that reports queries whose Top
// asks for more entities than one response can hold.
//
// # Analyzer toplimit
//
// toplimit: find query options whose Top is over 1,000 (TL309).
//
// "A query against Table storage can return a maximum of 1,000 entities
// at one time": the service answers a request with a larger $top with
// 400 (InvalidInput), so the query fails instead of returning more.
//
//   - TL309 top-over-1000: the Top of aztables ListEntitiesOptions or
//     ListTablesOptions (to.Ptr(int32(5000)), &n, a constant), or of the
//     legacy storage QueryOptions or QueryTablesOptions, given in a
//     literal or assigned (opts.Top = …), is a constant over 1,000 —
//     through to.Ptr (or a helper of the package whose body is return &v), &,
//     conversions and variables assigned once. The
//     suggested fix, when the number is written at the literal, sets it to
//     1000: Top is a page size, and a pager (or the legacy NextResults)
//     reads the following pages.
//
// Silent: Top of 1,000 or less; values computed at run time (a
// parameter, a configuration value); options of other services; code for
// Azure Cosmos DB for Table ("TableQuery TakeCount isn't limited to
// 1000.", Frequently asked questions about Azure Cosmos DB for Table):
// under -target=cosmos (check sets it from target: in .tablelint.yaml),
// or in a package with a string constant naming a
// *.table.cosmos.azure.com endpoint.
package toplimit
