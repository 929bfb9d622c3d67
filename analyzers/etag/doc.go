// Package etag defines an Analyzer that reports read-modify-write
// sequences on Azure Table entities that do not use the ETag of the read.
//
// # Analyzer etag
//
// etag: find entities read with GetEntity, changed, and written back
// without optimistic concurrency (TL414).
//
// "If you have multiple clients updating an entity simultaneously, use
// the ETag to implement optimistic concurrency." Code that reads an
// entity, changes it and writes it back unconditionally silently loses
// the updates other clients make between the read and the write: the
// last writer wins, and nobody sees an error.
//
//   - TL414 read-modify-write-without-etag: an aztables Client.UpdateEntity
//     whose entity was decoded (json.Unmarshal, in the same function) from
//     the Value of a Client.GetEntity response (a variable assigned from
//     GetEntity, or a parameter of type GetEntityResponse: the caller
//     read it), and whose options give no
//     IfMatch (nil options, or UpdateEntityOptions without IfMatch), or
//     give azcore.ETagAny ("*", which matches every version); and an
//     UpsertEntity of such an entity, which never sends an If-Match
//     header (aztables ignores UpsertEntityOptions.ETag). The suggested
//     fix, for UpdateEntity with options written at the call (nil or a
//     literal), passes IfMatch: &resp.ETag of the read's response; where
//     it replaces azcore.ETagAny it also deletes an azcore or azcore/to
//     import that it (with the file's other such fixes) leaves unused.
//
// In the legacy github.com/Azure/azure-sdk-for-go/storage API, Entity.Get
// stores the ETag of the read in the entity (OdataEtag), and Update and
// Merge send it as If-Match unless force is true, when they send "*":
//
//   - TL414 also: a legacy Update(true, …) or Merge(true, …), or an
//     InsertOrReplace or InsertOrMerge (which send no If-Match), of an
//     entity read by Entity.Get earlier in the function: the same
//     entity variable (whose keys the function never changes), or a
//     second GetEntityReference of the same table variable with the
//     same keys. The suggested fix, for the variable that was read,
//     calls Update(false, …) or Merge(false, …) (InsertOrReplace becomes
//     Update, InsertOrMerge becomes Merge: the entity was just read).
//     Also such an entity put in a TableBatch with InsertOrReplaceEntity
//     or InsertOrMergeEntity, whatever their force, or their ByForce
//     forms (no fix): in a batch, as in the single call, an
//     insert-or-replace or insert-or-merge carries no If-Match (only a
//     batch's ReplaceEntity, MergeEntity and DeleteEntity send the
//     entity's ETag).
//
//   - TL414 also, on SSA: such a batch insert-or-replace or
//     insert-or-merge, or such a single Update(true, …), Merge(true, …),
//     InsertOrReplace or InsertOrMerge, of a legacy entity read from the
//     table in a way the check above does not follow: an element of the Entities of a
//     QueryEntities or NextResults page (indexed, ranged over, or
//     appended to a slice first); an entity a helper returns that it
//     read so (by a query, or filled by Get; the fact LegacyReads, so
//     it crosses packages); an entity kept in a struct field the
//     package stores such an entity in; one side of a φ-node (the row
//     found, or a new reference when there is none: when it was found,
//     a concurrent change is lost). Not when the function gives the
//     entity another PartitionKey, RowKey or Table (a copy).
//
// The entity is followed from the write back through json.Marshal,
// & and *, conversions and variables to the variable json.Unmarshal
// fills, and from there to the GetEntity call whose response it decodes.
// Keys the function gives the entity that are the read's own key
// arguments (a row started as quota{Entity: {PartitionKey: pk, RowKey:
// rk}} and then filled by GetEntity(ctx, pk, rk, nil)) keep it the
// entity that was read.
//
// Across functions, on the value-flow layer (analyzers/internal/flow):
//
//   - TL414 also: an UpdateEntity without IfMatch or an UpsertEntity of an
//     entity decoded from an element of a list page (NextPage of a
//     ListEntities pager) in the same function: each listed entity
//     carries its ETag (odata.etag) as a GetEntity response does. Not
//     when every pager of the function lists another table than the
//     write's (a copy), nor when the entity's keys are assigned.
//
//   - TL414 also: an UpdateEntity without IfMatch or an UpsertEntity of
//     a new entity (a map or struct literal, an EDMEntity) whose
//     PartitionKey and RowKey are the keys of a GetEntity and one of
//     whose values derives from what that read returned — a document
//     decoded from a property, changed and marshalled into a property
//     again: the row read is replaced all the same. The read is in the
//     function, or in a helper that returns the derived value or
//     decodes it into the variable it is given (the fact ReadsEntity:
//     its GetEntity's keys are its parameters, fields of them such as
//     a repository's partition kept in its receiver, or constants;
//     generic functions and methods too, by their generic body). Keys are
//     compared by their value's source (one variable or parameter,
//     equal constants, the same field of one value). A map decoded from
//     what was read and given its keys again after the caller's entries
//     are copied in (m[k] = v in a loop, then m["RowKey"] = id) has the
//     keys assigned last. Not when nothing
//     written derives from the read, under other keys, or when the
//     read in the function is of another table.
//
//   - TL414 also: the call of a function that writes such a new entity
//     without a condition from its parameters (the fact Rewrites: keys
//     its parameters, values derived from others — a save helper),
//     given a read's keys and a value derived from that read: reported
//     at the call, naming the function.
//
//   - TL414 also: the call of a function that writes, without a
//     condition, a new entity whose keys are computed from fields of a
//     struct it is given (PartitionKey: roomKey(r.Room), RowKey: r.ID;
//     the fact RewritesFields), given a struct filled from a row read
//     (GetEntity or a list page, through helpers that return the
//     struct or a pointer to it) and changed: reported at the call,
//     naming the function. The write hits the row read when each field
//     the keys are computed from holds, at the call, the row's value of
//     a name the function writes that field under: the key itself
//     (RowKey: r.ID with ID filled from the row's RowKey) or a property
//     ("Room": r.Room beside PartitionKey: roomKey(r.Room), Room filled
//     from the row's "Room"), all from one row (a row a helper of the
//     package is given counts when every caller gives it one read).
//     A struct decoded whole from a row (json.Unmarshal of a page's
//     element or a GetEntity Value; an embedded aztables.Entity's keys
//     are the row's) holds the row's value of each field's JSON name;
//     one decoded from a property of the row (a document kept as one
//     string) counts when the function stores the struct whole,
//     marshalled, in that property: followed through helpers that
//     collect such structs in slices, filter them, range over them, and
//     through interface calls; and a function that hands its struct
//     parameter, those fields unassigned, to such a function (Put
//     setting a status, then store.Save) is one too. Not when every
//     read those rows came from lists or gets a table whose name
//     differs from the write's (a copy into another table).
//     When the function is unexported and every call of it does so,
//     each changing the struct first, its write is reported instead,
//     once. Not when such a field is
//     assigned before the call (a copy under new keys), filled from
//     another name or not from a read, nor when the keys read anything
//     but the struct's fields, the receiver and constants.
//
//   - TL414 also: an UpdateEntity without IfMatch (nil options or a
//     literal without it) or an UpsertEntity of an entity read by
//     GetEntity, or taken from a list page (NextPage of a ListEntities
//     pager: its entities carry their ETags too), in another function,
//     or an element of the slice such a helper collects, or an entity a
//     helper decodes from the bytes it is given (parse(page.Entities[0])
//     returning the decoded EDMEntity) — a repository
//     Get helper that
//     returns the decoded entity (or a struct or map built from its
//     fields, the ETag dropped; a map given keys of its own in the
//     function of the write is a new entity, see above), a method of an interface the package's types
//     implement (under tablelint check, any loaded package's) — and a
//     read and write through a user-defined interface the client
//     satisfies (its GetEntity and UpdateEntity methods); and the call of
//     a function that writes its parameter back that way (the fact
//     WritesBack) given such an entity: reported at the call, naming the
//     function. No fix is suggested on this path.
//
// Each message names the read that reaches the write: GetEntity, a
// list page, or both ("GetEntity or a list page") when either may. A
// row a converter of the package is given is the one passed by the
// calls the struct came back through (Get returning build(row)), not
// the row another caller of the converter passes it.
//
// Silent: an IfMatch that is not azcore.ETagAny (the read's ETag, one
// carried in the entity, one from elsewhere — whatever it is, the write
// is conditional); options the analyzer cannot see (a variable assigned
// elsewhere, a parameter); AddEntity, which fails with a conflict
// instead of overwriting; entities built without decoding a read (a
// blind write is not a read-modify-write); a read in another function
// or through a helper; a copy into another table (different constant
// table names, or different client variables) or under keys the function
// changes; transactions; legacy Update and Merge whose force is false or
// not a constant, legacy Insert (InsertEntity in a batch), a batch's
// ReplaceEntity and MergeEntity (they send the entity's ETag), and legacy
// single writes of an entity never read from the table (a reference made
// with GetEntityReference and written by force is a blind write).
package etag
