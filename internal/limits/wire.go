package limits

import (
	"net/url"
	"strings"
	"unicode/utf8"
)

// The payload of a transaction on the wire. "The payload must be less
// than 4 MB in size" (design guide) bounds the request body of the
// transaction (POST $batch), not the entities' stored sizes: the same
// entities can be far smaller or larger on the wire than EntitySize says.
// A String takes 2 bytes a character in the estimate but 1 on the wire
// when it is ASCII; a Binary value is sent in base64, 4 bytes for every 3.
//
// The body is one multipart/mixed request holding one changeset; each
// action is a part holding an HTTP request (request line, headers) and,
// but for a delete, the entity as JSON (OData minimal metadata):
//
//	{"PartitionKey":"…","RowKey":"…","Name":"…","Data":"<base64>","Data@odata.type":"Edm.Binary"}
//
// Int32, Double and Boolean values are bare JSON numbers and literals;
// Int64 values are JSON strings, and Int64, DateTime, Guid and Binary
// values carry an "@odata.type" annotation. The framing constants below
// are measured on the aztables Go SDK's requests (v1.4.0) for an account
// endpoint of WireEndpointChars characters
// (https://myaccount.table.core.windows.net); wire_test.go checks the
// formula against the bytes the SDK sends.

// WireKind is the kind of a transaction action, as far as its framing
// differs.
type WireKind uint8

// The framings: an insert posts to the table; merges (insert-or-merge,
// update-merge) and replaces (insert-or-replace, update-replace) name
// their entity in the URL and send it; a delete names it and sends no
// body.
const (
	WireInsert WireKind = iota
	WireMerge
	WireReplace
	WireDelete
)

// WireEndpointChars is the length of the account endpoint the framing
// constants were measured with; an endpoint longer by n characters adds
// n bytes to each action.
const WireEndpointChars = 40

// WireBatchOverheadBytes is what a transaction's body holds besides its
// actions: the batch and changeset boundaries and part headers.
const WireBatchOverheadBytes = 238

// wireActionOverhead is one action's framing, its table name, keys and
// Content-Length digits excluded: the changeset boundary and part
// headers, the request line and the request's headers.
var wireActionOverhead = [...]int{
	WireInsert:  398, // POST …/Table?$format=… with Prefer: return-no-content
	WireMerge:   322, // PATCH …/Table(PartitionKey='…',RowKey='…')
	WireReplace: 320, // PUT …
	WireDelete:  363, // DELETE … with If-Match, no body
}

// WireActionBytes returns the bytes one action adds to a transaction's
// body: its framing, for a table name of table bytes, keys of keys bytes
// in the URL (WireKeyLen of each; ignored for an insert) and an entity
// body of body bytes (WireEntityBytes; ignored for a delete).
func WireActionBytes[T Int](kind WireKind, table, keys, body T) T {
	if kind > WireDelete {
		kind = WireInsert
	}
	n := T(wireActionOverhead[kind]) + table
	if kind != WireInsert {
		n += keys
	}
	if kind != WireDelete {
		n += body + T(digits(int64(body)))
	}
	return n
}

// WirePayload returns a transaction's body size from the sum of its
// actions' WireActionBytes, to be compared with MaxBatchBytes.
func WirePayload[T Int](actions T) T { return WireBatchOverheadBytes + actions }

// WireKeyLen returns the bytes key takes in an action's URL: the SDK
// doubles its single quotes, then escapes it as a path segment.
func WireKeyLen(key string) int { return len(url.PathEscape(quoteKey(key))) }

// WireKeyStringLen returns the bytes key takes in an entity's JSON body:
// the SDK doubles its single quotes there too (aztables.EDMEntity).
func WireKeyStringLen(key string) int { return WireStringLen(quoteKey(key)) }

func quoteKey(key string) string { return strings.ReplaceAll(key, "'", "''") }

// WireEntityBytes returns the bytes of an entity's JSON body whose keys
// take pk and rk bytes as JSON strings (WireString, WireKeyStringLen) and
// whose custom properties add up to props (the sum of
// WirePropertyBytes).
func WireEntityBytes[T Int](pk, rk, props T) T {
	// {"PartitionKey":pk,"RowKey":rk} with a comma before each property.
	return T(2+len(`"PartitionKey":`)+len(`,"RowKey":`)) + pk + rk + props
}

// WirePropertyBytes returns the bytes a property adds to an entity's JSON
// body: its name of name bytes (as a JSON string, quotes excluded), its
// value of value bytes (WireString, WireBinary, WireInt32Bytes, …) and,
// for Int64, DateTime, Guid and Binary values, its type annotation
// (edmType is the type's name, "Edm.Binary"; "" for none).
func WirePropertyBytes[T Int](name, value T, edmType string) T {
	n := 4 + name + value // ,"name":value
	if edmType != "" {
		// ,"name@odata.type":"Edm.X"
		n += 4 + name + T(len("@odata.type")) + 2 + T(len(edmType))
	}
	return n
}

// WireString returns the bytes a String value of n bytes of UTF-8 takes
// as a JSON string, when nothing in it is escaped (ASCII text: n
// characters). Use WireStringLen for a known value.
func WireString[T Int](n T) T { return n + 2 }

// WireBinary returns the bytes a Binary value of n bytes takes: a JSON
// string of its base64.
func WireBinary[T Int](n T) T { return 4*((n+2)/3) + 2 }

// The largest JSON forms of the fixed-size types, in bytes.
const (
	WireInt32Bytes    = 11 // -2147483648
	WireInt64Bytes    = 22 // "-9223372036854775808"
	WireDoubleBytes   = 24 // -2.2250738585072014e-308
	WireBooleanBytes  = 5  // false
	WireDateTimeBytes = 30 // "2006-01-02T15:04:05.9999999Z"
	WireGuidBytes     = 38 // "00000000-0000-0000-0000-000000000000"
)

// WireStringLen returns the bytes s takes as a JSON string, as Go's
// encoding/json writes it: quotes, two-byte escapes for '"', '\\' and
// \n, \r, \t, six-byte \u escapes for other control characters, '<',
// '>', '&', U+2028, U+2029 and invalid UTF-8 (written as \ufffd).
func WireStringLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
				n += 2
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1, r == '\u2028', r == '\u2029':
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}

// digits returns the number of decimal digits of n ≥ 0.
func digits(n int64) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}
