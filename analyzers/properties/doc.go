// Package properties defines an Analyzer that reports entity properties
// written from Go that the Table service cannot store as intended.
//
// # Analyzer properties
//
// properties: find properties of written entities with types the service
// cannot store, dates outside its range, integers it does not store as
// integers, and client-set Timestamps (TL124, TL125, TL126, TL128).
//
// "The Table service supports a subset of data types" — Binary, Boolean,
// DateTime, Double, Guid, Int32, Int64 and String — and "To store complex
// data types in a single property, you must use a serialized format such
// as JSON or XML." The Timestamp property "should not be set on insert or
// update operations (the value will be ignored)". "The supported
// DateTime range begins from 12:00 midnight, January 1, 1601 A.D. (C.E.),
// UTC. The range ends at December 31, 9999." Int32 is "A 32-bit integer."
//
// aztables sends what encoding/json makes of the entity (the client
// decodes it into a map[string]any and encodes it again, so numbers pass
// through a float64). A property is a DateTime only when it is annotated
// "Name@odata.type": "Edm.DateTime": EDMEntity.MarshalJSON annotates
// EDMDateTime values of its Properties, and code may write the
// annotation itself. A time.Time or EDMDateTime field of a plain struct
// is sent as an RFC 3339 string without an annotation and stored as a
// String — the zero time is then the string "0001-01-01T00:00:00Z", not
// an error. The legacy storage Entity's MarshalJSON annotates the
// time.Time values of its Properties as Edm.DateTime and int64 values as
// Edm.Int64 (sent as strings); other integers go bare.
//
// An entity is written when it reaches AddEntity, UpsertEntity,
// UpdateEntity (directly or through a helper that writes its parameter)
// or a transaction action: it is followed back through json.Marshal, a
// MarshalJSON method, &, *, variables and the results of the package's
// own functions to the struct or map literal, or the variable, that
// builds it. A write of a parameter (a *T of an entity type of the
// package, or the []byte JSON of a document) is followed to what the
// package's calls give it, directly or through an interface the method
// implements (store.Put(ctx, doc) with doc := json.Marshal(note{…})).
// Properties given as the result of a function of the package
// (props := toProps(x)) are followed into it: the map literals it
// returns, and the entries it assigns to the map variable it returns.
//
//   - TL124 datetime-out-of-range: a property sent as Edm.DateTime whose
//     value is provably before 1601 or after 9999: the zero time
//     (time.Time{}, aztables.EDMDateTime{}, a local variable declared
//     without a value and given none before the entity takes it, on any
//     path, nor passed by address), time.Date with a constant
//     year out of range, or a constant RFC 3339 string; and a struct
//     field annotated by a sibling "Name@odata.type" field set to
//     "Edm.DateTime" that the literal writing it leaves unset (and that
//     no store sets before the struct, its copies or pointers to it reach
//     json.Marshal; a struct given to another function, returned or
//     captured is not judged). The service rejects the entity. A
//     parameter (a method's receiver too), or a field of one, is what
//     the package's calls give it, directly or through an interface the
//     method implements (up to three calls up, a caller passing its own
//     parameter, or a field of it, on): time.Time{} passed, or a struct
//     whose literal (&T{…} too) leaves the time field out (also one a
//     function of the package returns: x := newLease(id)), or a var x T
//     whose field is never set, when no store to the field reaches the
//     call and the caller neither takes the variable's address nor
//     passes its pointer anywhere else, is reported at the property,
//     naming the line — unless a function on the way tests the time
//     (IsZero, Before, After, a comparison); and when the Properties of
//     an EDMEntity or a legacy Entity are a map parameter, the entries
//     callers put in the map they pass (in its literal, or m["Due"] = v)
//     are checked where they are put. A legacy Entity literal's
//     Properties are checked as an assigned e.Properties is.
//     Silent for values from run time (time.Now(), decoded values, a
//     parameter whose callers are not in the package) and for times sent
//     without the annotation.
//   - TL125 integer-out-of-range: an integer property outside the Int32
//     range — a constant, t.UnixMilli(), t.UnixMicro(), t.UnixNano(), or
//     a constant minus a value (reverse ticks) — sent as a bare JSON
//     number (a struct field, a map entry, an EDMEntity property that is
//     not an EDMInt64, or a legacy Entity property that is not an int64).
//     Without "Edm.Int64" the service does not store an Int64: an untyped
//     integer beyond Int32 becomes a Double (an EDMEntity reader decodes
//     it as a float64), and beyond 2^53 the client has already rounded it
//     to a float64, so the value changes. Silent when the property is
//     annotated in the function ("Name@odata.type", a map entry or a
//     struct field of that JSON name), for ",string" fields and EDMInt64
//     (MarshalText: sent as a string), for integer types of 32 bits or
//     less, and for run-time values. Suggested fix, where the conversion
//     is all it takes: aztables.EDMInt64(v) for an EDMEntity property,
//     int64(v) for a legacy Entity property of another integer type.
//   - TL126 unsupported-property-type: a property that encoding/json
//     writes as a JSON array or object: a struct field of slice (other
//     than []byte), array, map or struct type (other than time.Time and
//     types with their own text or JSON encoding), or pointer to one; a
//     map entry whose value has such a type, in a map entity, in the
//     Properties of an aztables.EDMEntity literal or in those of a legacy
//     storage.Entity (their MarshalJSON writes such a value as
//     encoding/json does; for an EDMEntity also the entries assigned,
//     props["k"] = v, to the map variable given as Properties, in the
//     function that builds the entity: the write's, or a helper or
//     method of the entity's type whose result is written). Reported once per struct
//     field, at its declaration when the struct is in the package, else at
//     the write; at the entry for maps. Not for a write before which the
//     function sets the field to nil (row.Host = nil, a statement of a
//     block holding the write; no other value given to the field after
//     it, the variable not reassigned nor its address taken): nil is
//     written as null, or left out with omitempty. The field is reported
//     when another write of the struct does not clear it.
//   - TL128 timestamp-set-by-client: a Timestamp given a value in the
//     literal of a written entity (also the aztables.Entity nested in an
//     EDMEntity, and a "Timestamp" entry of an EDMEntity's or a legacy
//     Entity's Properties) or assigned to it (e.Timestamp = …, e.Properties
//     = map…{"Timestamp": t}) in the function that writes it or in the
//     helper that builds the entity it writes, or in a function of the
//     package given the entity's address (stamp(&e)); and the legacy
//     Entity's TimeStamp given in its literal or assigned before a write
//     (its encoding never sends it). The written entity is followed
//     through a MarshalJSON method and the results of the package's
//     helpers (b, err := s.row(x).MarshalJSON()) as well.
//
// Silent: fields tagged json:"-" or ",string"; interface-typed fields
// and values (their dynamic type is unknown); types with MarshalJSON or
// MarshalText (aztables.EDMEntity, EDMDateTime, time.Time, uuid.UUID);
// entities never written (read models, DTOs); Timestamp left unset (the
// zero value of an embedded aztables.Entity is sent and ignored
// harmlessly).
package properties
