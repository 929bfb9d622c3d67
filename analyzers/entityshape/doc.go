// Package entityshape defines an Analyzer that reports Azure Table
// entities the service will reject for their shape: too many properties,
// or property values that can outgrow the size limits.
//
// # Analyzer entityshape
//
// entityshape: find entities with more than 252 properties and property
// values filled from unbounded input (TL120, TL121, TL122, TL123).
//
// "The user may include up to 252 custom properties, in addition to the
// 3 system properties"; "String values may be up to 64 KiB in size" (a
// UTF-16 value: about 32K characters); a binary value is "an array of
// bytes up to 64 KiB in size"; "the combined size of all data in an
// entity's properties cannot exceed 1 MiB". Exceeding any of them fails
// the write at run time, usually only in production, with a large input.
//
// Entities are struct types whose JSON form has PartitionKey and RowKey
// string fields (declared in the package, or marshalled with
// json.Marshal in it), aztables.EDMEntity literals (their Properties
// map), the Properties map of a legacy storage.Entity (in its literal,
// assigned to it, or set entry by entry: e.Properties["Body"] = s), and
// map literals with a "PartitionKey" entry.
//
//   - TL120 too-many-properties: an entity struct with more than 252
//     properties as encoding/json sees them (exported fields, json tag
//     names, `json:"-"` excluded, untagged embedded structs flattened;
//     PartitionKey, RowKey and Timestamp not counted), or an EDMEntity
//     Properties literal with more than 252 entries.
//   - TL122 string-value-too-large / TL123 binary-value-too-large: a
//     string (TL122) or []byte / EDMBinary (TL123) property filled from an
//     unbounded source — io.ReadAll or os.ReadFile, a request's
//     FormValue/PostFormValue, a json.RawMessage or []byte field of a
//     request model decoded from the body (json.NewDecoder(r.Body).
//     Decode(&req), json.Unmarshal of the body read whole; a nested
//     struct's, a list element's; its string fields are not reported),
//     the json.Marshal of a slice, a map or a
//     struct holding them — with no length check: nothing in the function
//     compares len (or utf8.RuneCount…) of the value or of a variable it
//     was derived from. A variable assigned in several places (extra :=
//     ""; if … { extra = string(b) }) is followed into each assignment.
//     An interface value marshalled in a type-switch case of slices and
//     maps (switch v.(type) { case []any, map[string]any: … }) is such a
//     document too. Besides entity literals and Properties entries, the
//     entries of a map the function gives an EDMEntity as Properties, or
//     returns to a caller in the package that does, are properties
//     (props[k] = string(b): named by the expression when the key is not
//     a constant). A source bounded by io.LimitReader or
//     http.MaxBytesReader is reported only when its bound is over the
//     property limit (32,768 bytes of text, 65,536 of binary).
//   - TL121 entity-too-large: a bounded source whose bound exceeds 1 MiB,
//     or an entity whose bounded properties together can exceed 1 MiB
//     (text counted as UTF-16, two bytes per byte read).
//
// A function that puts one of its parameters into a String or Binary
// property without checking its length (SaveAttachment(ctx, c, id, data)
// → Attachment{Data: data}) makes its callers responsible: each call is
// checked as if the caller filled the property with what it passes
// (io.ReadAll(r.Body) is TL123 at the argument), through forwarding
// helpers and across packages. When the function is in the caller's own
// package, an unbounded argument is reported once, where the function
// fills the property, naming the call's line (the place to fix is the
// same code); a bounded one at the argument. A helper that checks the
// length itself silences its callers. A field of a parameter works the
// same way (Save(ctx, t Ticket) → "Detail": t.Detail): the caller's
// value is the last t.Detail = … before the call, or the field of the
// literal t was built with; else what the value-flow layer finds in the
// field at the call (a literal written in the call, Save(ctx,
// Ticket{Detail: string(body)}), a field set in a branch): a request
// body or form value, a file's text; a caller that passes its own
// parameter's field on makes its callers responsible in turn. A call
// through an interface declared in the package is checked against the
// package's types that implement it.
// A parameter (or its field) of interface type marshalled into a
// property (json.Marshal(n.Payload)) is unbounded: its dynamic type is
// the caller's. A caller that passes its own parameter on (Save(ctx, g)
// calling toRow(g)) fills the callee's properties with it in turn, field
// fills included.
//
// A list joined into one property (strings.Join(g.Guests, ",")) is as
// long as the list: a list decoded from the request (json.NewDecoder(
// r.Body).Decode(&g); g.Guests) is unbounded, where it is joined or in a
// caller that passes it to a function joining its parameter's list. A
// function that makes a parameter an entity's Properties
// (aztables.EDMEntity{Properties: props}, a legacy e.Properties = props)
// makes each constant-key entry of a caller's map literal, and each
// entry the caller sets before the call (props["Bio"] = s), a property
// filled by that caller, reported at the entry. So does a function that
// copies every entry of a map parameter into the map it makes the
// Properties (for k, v := range fields { props[k] = v }, or
// maps.Copy(props, fields)). A map literal held in a variable given as
// Properties is checked as the literal is, and so is one a function
// returns (directly or through a variable) when a caller in the package
// gives its result as Properties (Properties: pageProps(p)), legacy
// Entity included.
//
// A method's receiver is a parameter like the others (func (j *job)
// row() … "Output": j.Output): the caller's receiver value is checked,
// and a caller that calls the method on its own parameter passes the
// fill on (Finish → record(t, j) → j.row(t)); the caller's value of a
// field is the last assignment to it, or the field of the literal
// (&job{…} too) its variable is built with.
//
// A struct marshalled into a property (json.Marshal(note{Text: …}),
// xml.Marshal) is as large as its fields together (flow's documents,
// marshal.go): unbounded when a field holds a request body, a form
// value, a whole file or a slice, also a field of a nested struct (a
// nested struct is as large as what the code puts in its fields);
// base64, hex and an AEAD's Seal on the way keep it so. A whole file or
// request body compressed into a buffer (gzip, zlib, flate:
// zw.Write(data), then buf.Bytes()) is as unbounded; a marshalled
// document compressed there is of a size not known (silent). A document
// json.NewEncoder(&buf).Encode(v) (xml too) writes into a bytes.Buffer
// or strings.Builder whose text fills the property is sized as
// json.Marshal(v). A function that marshals its parameter of struct or
// type-parameter type into a property (json.Marshal(v), also sealed or
// encoded by a helper) makes its callers responsible for the document
// of what they pass (Fill.Marshalled), through an interface of the
// package that a generic type implements (Store[V] by tableStore[V]):
// a struct of bounded fields, or of strings under a len check, is
// silent.
//
// A slice or map marshalled into a property is bounded when it was
// JSON-decoded, in the same function, from a reader limited by
// io.LimitReader or http.MaxBytesReader (json.NewDecoder(r.Body) after
// r.Body = http.MaxBytesReader(w, r.Body, n)): what is marshalled again
// is about as long as what was read.
//
// Results of other calls are asked of the value-flow layer
// (analyzers/internal/flow): a helper, in this package or another, that
// returns a request body, a form value (r.PostForm.Get…), a file's text
// or a document marshalled from a slice or a map is an unbounded source
// at the call, unless a length check or a limiting reader is on its way.
//
// Sizes of call results come from the value-flow layer's one model of
// sizes (flow.SizeOf): an untyped value (any) decoded from a response or
// file read whole and marshalled again is as unbounded as what was read,
// also when a helper returns it; a read through a limiting reader with a
// constant limit is bounded by it, wherever the read is.
//
// Conservative by design: any length comparison on the path silences
// TL122/TL123, whatever its bound.
package entityshape
