// Package propnames defines an Analyzer that reports property names in Go
// entity types and map literals that the Table service rejects or that
// break its naming rules.
//
// # Analyzer propnames
//
// propnames: find entity property names that are too long, hold a dash
// or a forbidden character, are not identifiers, reuse a system name,
// differ from another only in case, or are reserved on Azure Cosmos DB for
// Table (TL110–TL116).
//
// A property's name is what encoding/json writes: a struct field's json
// tag name or its Go name, a constant key of a map literal. Entity types
// are the structs whose JSON form has PartitionKey and RowKey string
// fields (and aztables.Entity embedders); map entities are string-keyed
// map literals with a "PartitionKey" or "RowKey" entry.
//
//   - TL110 property-name-too-long: over 255 UTF-16 code units ("Property
//     names are case-sensitive strings up to 255 characters in size").
//   - TL113 property-name-invalid-chars: a control character, a
//     private-use code point (U+E000) or a non-character.
//   - TL112 property-name-dash: a "-" ("the Table service no longer
//     supports including the dash (-) character in property names").
//   - TL111 property-name-not-identifier: not a C# identifier — a space,
//     a leading digit, punctuation ("Property names should follow naming
//     rules for C# identifiers") — or a C# identifier that is not an XML
//     name, such as one holding U+200B ("Some C# identifiers are not
//     valid according to the XML specification").
//   - TL114 property-name-reserved: a PartitionKey or RowKey that is not a
//     string (a type that encodes itself, such as a uuid.UUID written as a
//     JSON string by its MarshalText, is silent), or a Timestamp that is neither a time nor a string ("The
//     names of these properties are reserved"); and, whatever its type, a
//     PartitionKey or RowKey among the constant keys of the Properties of
//     an SDK entity (aztables.EDMEntity, the legacy storage.Entity; in its
//     literal or assigned to it), and a Timestamp there that does not
//     hold a time: the entity's own fields are those system properties.
//     A Timestamp entry holding a time (time.Time, aztables.EDMDateTime)
//     sets the system Timestamp, which the service ignores: that is
//     TL128, reported by the properties analyzer when the entity is
//     written.
//   - TL115 property-name-case-duplicate: two names of one entity equal
//     ignoring case. An entity struct's names include those promoted from
//     the structs it embeds (encoding/json writes them beside its own):
//     an embedded aztables.Entity's Timestamp and an embedded record's
//     "timestamp" are two properties of one row. Reported at the later
//     name: its field's declaration when the package declares it, else
//     the embedding field.
//   - TL116 cosmos-reserved-property-name: on Azure Cosmos DB for Table, a
//     name equal, ignoring case, to ID, rid, etag or ResourceId ("Azure
//     Cosmos DB reserves the entity property names ID, rid, etag, and
//     ResourceId and they're currently not supported.", Frequently asked
//     questions about Azure Cosmos DB for Table). The code is for Cosmos DB
//     under -target=cosmos (check sets it from target: in .tablelint.yaml)
//     or when its package has a string constant naming a
//     *.table.cosmos.azure.com endpoint; silent otherwise.
//
// A name gets at most one of TL110–TL113, the first that applies, as in
// design review. Reported at the struct field, or at the map key.
//
// Silent: OData annotations ("Name@odata.type", "odata.etag"); fields
// skipped by encoding/json (unexported, json:"-"); types with their own
// JSON encoding (aztables.EDMEntity: its names are the keys of its
// Properties map, which are not constants here); map keys built at run
// time; structs that are not entities.
package propnames
