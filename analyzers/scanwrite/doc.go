// Package scanwrite defines an Analyzer that reports queries that scan
// only to find the keys of the entities the code then deletes or
// updates.
//
// # Analyzer scanwrite
//
// scanwrite: find partition and table scans whose results only serve to
// delete or update each entity found (TL313).
//
// "You don't want to use an inefficient partition or table scan to
// locate an entity in order to discover the PartitionKey and RowKey
// values you need to update or delete it." When the code knows another
// property of the entities it changes (an email, a status), an index
// entity keyed by that property (the secondary index patterns), or keys
// that contain it, find them with point queries.
//
//   - TL313 scan-before-write (with -info): an aztables
//     NewListEntitiesPager whose filter (as the query analyzers
//     reconstruct it) has no PartitionKey equality, or a PartitionKey
//     equality without a RowKey equality or range, and filters on other
//     properties — and whose every page is read in the function
//     (page, err := pager.NextPage(ctx)) with each entity of the page
//     (range page.Entities), or the one it reads by index
//     (page.Entities[0], its count only compared: len(page.Entities) > 0),
//     decoded with json.Unmarshal and used only to
//     call DeleteEntity with its PartitionKey and RowKey, or to change
//     its properties and write it back with UpdateEntity or UpsertEntity
//     (under its own keys: an entity given a new key is a copy). The
//     entity's own properties may be read to compute its new values (a counter
//     moved on) and its ETag given to the write's If-Match: a value
//     read is followed through conversions, arithmetic and local
//     variables, and must go back into the entity or the options of
//     its write. The legacy storage API likewise: a Table.QueryEntities
//     result whose NextResults is assigned back to it and each of whose
//     Entities is deleted or written back by its own methods (Delete,
//     Update, Merge, InsertOrReplace, InsertOrMerge), or whose one entity
//     read by index is (res.Entities[0].Delete(true, nil), or kept in a
//     local and changed first), its count only compared.
//
// Silent: point and range queries; queries without a filter on another
// property (a whole partition or table cleared: another matter); filters
// on Timestamp or a datetime (a clean-up of old entities, for which a
// table per period is the advice);
// results, or values read from them, used for anything else (returned,
// appended, logged, compared, written elsewhere); queries through helpers
// or with options the analyzer cannot see.
package scanwrite
