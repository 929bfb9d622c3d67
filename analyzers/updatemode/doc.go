// Package updatemode defines an Analyzer that reports updates that lose
// data: a Replace with fewer properties than the entity read, and an
// update whose failure on a missing entity goes unnoticed.
//
// # Analyzer updatemode
//
// updatemode: find Replace writes of partial entities, Replace writes
// that leave out nil or empty properties, and updates of entities that
// may not exist (TL411, TL129, TL412).
//
// A Replace stores exactly the properties sent: "If you don't include a
// property in the request when that property exists in the stored
// entity, the request removes that property from the stored entity." And
// "The Replace and Merge methods fail if the entity doesn't exist." And
// "any property with a null value is handled as if the payload did not
// contain that property."
//
//   - TL411 replace-with-partial-entity: an aztables UpdateEntity or
//     UpsertEntity in Replace mode (UpdateMode: aztables.UpdateModeReplace
//     in options written at the call or in a variable assigned once) of an
//     entity built in the function — a struct literal, or a map literal
//     with its constant entries — with the same PartitionKey and RowKey as
//     a GetEntity of the same function whose response was decoded into a
//     struct that has more properties (the same key by its value's
//     source, on the value-flow layer: one variable or parameter, equal
//     constants, or the same field of the same value, s.pk read on both
//     sides of a function that never assigns it) — or, for a struct literal setting
//     no key, whose embedded aztables.Entity is the decoded struct's own
//     (noteRow{Entity: cur.Entity, …}, cur's keys unchanged). The
//     properties the write leaves out are deleted. The message names them.
//     In the legacy github.com/Azure/azure-sdk-for-go/storage API,
//     Entity.Update and InsertOrReplace replace the entity too: reported
//     when the function reads the entity with Entity.Get (the same
//     variable, or a GetEntityReference of the same table variable with
//     the same keys), then sets the written entity's Properties to one
//     map literal with constant keys (adding constant keys later) that
//     leaves out properties the function knows the read has — the
//     names in GetEntityOptions.Select (the options or the list may be
//     variables assigned once), and constant keys it reads from
//     the read entity's Properties.
//   - TL129 null-property-write (info, reported with -info): an
//     UpdateEntity or UpsertEntity in Replace mode of an entity literal
//     built in the function that encoding/json writes without some
//     property: a pointer, slice, map or interface field that is nil
//     (written as null), an omitempty field that is empty or an
//     omitzero field that is zero (left out), and map entries set to
//     nil. Such a field counts when the literal leaves it unset and the
//     function neither selects it (e.F = …) nor passes a variable by
//     address, or when the literal sets it to nil or a zero constant.
//     The Replace deletes the stored property. Not reported with TL411
//     on the same write.
//   - TL412 update-may-not-exist (info, reported with -info): an
//     UpdateEntity whose error is discarded (the call is a statement of
//     its own, its error is assigned to _, or it runs under go or defer)
//     of an entity built in the function rather than decoded from a read:
//     when the entity does not exist the update fails with 404
//     (ResourceNotFound) and nothing is written, unnoticed. UpsertEntity
//     inserts it instead.
//
// Silent: Merge writes (the default); legacy writes of the Properties map
// the Get filled (every property is sent back), of maps changed by a
// helper or with computed keys, and after a Get whose properties the
// function does not name; for TL129, fields set in the
// literal to values not provably empty, fields promoted from an
// embedded struct the literal sets, entities built elsewhere; a Replace of the entity that was
// read (decoded, changed and written back: every property is sent);
// writes whose keys may differ from the read's; reads decoded into maps
// and types with their own JSON encoding such as aztables.EDMEntity
// (their properties are not known); updates whose error is checked;
// updates of entities decoded from a read or a page.
package updatemode
