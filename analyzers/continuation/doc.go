// Package continuation defines an Analyzer that finds Azure Table queries
// of which only the first page is read.
//
// # Analyzer continuation
//
// continuation: report queries whose continuation is ignored (TL307) and
// paging loops that stop on a short page (TL308).
//
// The Table service ends a response at 1,000 entities, after five
// seconds, or at a partition boundary, and returns a continuation token.
// Reported:
//
//   - TL307: NextPage of an aztables list pager called outside any loop
//     (and never inside one), or on a pager made and used in one
//     expression (client.NewListEntitiesPager(o).NextPage(ctx)); a legacy
//     storage QueryEntities result of which only Entities is read, with
//     no NextResults call and no look at NextLink; a legacy result whose
//     NextResults is called only in a loop, on that same first result on
//     every iteration (the flow layer finds the receiver does not vary
//     per iteration): the loop never moves past the second segment.
//   - TL308: inside a paging loop, an if that breaks or returns when
//     len(page.Entities) is less than (or equal to) something, or zero;
//     a loop whose condition tests len(page.Entities).
//
// Silent: pagers read in a loop (for pager.More() { … } or any other
// loop around NextPage), pagers that escape (returned, passed to a
// function, stored), functions that read NextPartitionKey/NextRowKey
// (manual continuation, resumable paging handed to a caller), point
// queries (PartitionKey eq and RowKey eq, which return at most one
// entity), queries whose filter cannot be reconstructed (it may be a
// point query; a filter whose property names come at run time — prop +
// " eq '" + value + "'" — is reconstructed with each name tried as
// PartitionKey, RowKey and another property, and reported when no
// choice makes it a point query), ListTables and ARM pagers. A filter the caller gives —
// a parameter, or a field of one (the Filter of a query configuration)
// — is no point query: one page of it is reported.
package continuation
