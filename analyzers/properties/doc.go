// Package properties defines an Analyzer that reports entity properties
// written from Go that the Table service cannot store as intended.
//
// # Analyzer properties
//
// properties: find properties of written entities with types the service
// cannot store, integers it cannot store exactly, and client-set
// Timestamps (TL126, TL127, TL128).
//
// "The Table service supports a subset of data types" — Binary, Boolean,
// DateTime, Double, Guid, Int32, Int64 and String — and "To store complex
// data types in a single property, you must use a serialized format such
// as JSON or XML." The Timestamp property "should not be set on insert or
// update operations (the value will be ignored)".
//
// An entity is written when it reaches AddEntity, UpsertEntity,
// UpdateEntity (directly or through a helper that writes its parameter)
// or a transaction action: it is followed back through json.Marshal, &,
// * and variables to the struct or map literal, or the variable, that
// builds it.
//
//   - TL126 unsupported-property-type: a property that encoding/json
//     writes as a JSON array or object: a struct field of slice (other
//     than []byte), array, map or struct type (other than time.Time and
//     types with their own text or JSON encoding), or pointer to one; a
//     map entry whose value has such a type. Reported once per struct
//     field, at its declaration when the struct is in the package, else at
//     the write; at the entry for maps.
//   - TL127 implicit-string-type (info, reported with -info): an int,
//     int64 or uint64 property value beyond 2^53 — a constant,
//     t.UnixNano(), or a constant minus a value (reverse ticks) — sent as
//     a bare JSON number. "By default a property is created as type
//     String, unless you specify a different type"; an untyped JSON
//     integer outside the Int32 range is stored as a Double, which cannot
//     hold it exactly. Silent when the property is given an
//     "Name@odata.type" in the function (a map entry or a struct field of
//     that JSON name) or its field is tagged ",string".
//   - TL128 timestamp-set-by-client: a Timestamp given a value in the
//     literal of a written entity or assigned to it (e.Timestamp = …) in
//     the function that writes it.
//
// Silent: fields tagged json:"-" or ",string"; interface-typed fields
// and values (their dynamic type is unknown); types with MarshalJSON or
// MarshalText (aztables.EDMEntity, EDMDateTime, time.Time, uuid.UUID);
// entities never written (read models, DTOs); Timestamp left unset (the
// zero value of an embedded aztables.Entity is sent and ignored
// harmlessly).
package properties
