package edm

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Property is a named, typed property of an entity.
type Property struct {
	Name  string
	Value Value
}

// MaxEntityJSON is the largest JSON entity DecodeEntityJSON accepts, in
// bytes: twice the service's 4 MiB batch payload, so that any entity the
// service could receive fits, and hostile input stays bounded.
const MaxEntityJSON = 8 << 20

// DecodeError is an entity that is not valid in the Table service's JSON
// format. OutOfRange is set when the value is well-formed but outside the
// type's range (the service answers OutOfRangeInput rather than
// InvalidInput).
type DecodeError struct {
	Property   string // the property at fault, or "" for the whole entity
	Msg        string
	OutOfRange bool
}

func (e *DecodeError) Error() string {
	if e.Property == "" {
		return "invalid entity: " + e.Msg
	}
	return "invalid entity: property " + strconv.Quote(e.Property) + ": " + e.Msg
}

// annotation is the suffix that gives a property's type on the wire.
const annotation = "@odata.type"

// DecodeEntityJSON decodes one entity in the Table service's JSON format
// (the odata=minimalmetadata or nometadata payloads of the REST API, and
// the entities of tablelint traces):
//
//   - a JSON object of properties; PartitionKey and RowKey are strings;
//   - "Name@odata.type": "Edm.T" gives the type of property Name; without
//     it a JSON string is a String, true and false a Boolean, an integer
//     in the Int32 range an Int32 and any other number a Double;
//   - Int64 values are JSON strings ("9"), Binary values base64 strings,
//     DateTime values ISO 8601 strings, Double values numbers or one of
//     the strings "NaN", "Infinity" and "-Infinity";
//   - a null value means the property is absent, as the service treats it;
//   - metadata such as "odata.etag" and "odata.metadata" is ignored;
//   - a property named Timestamp is read as a DateTime when it parses as one.
//
// Properties are returned in the order they appear. Nested objects,
// arrays, duplicate names, unknown types and values that do not fit their
// type are errors (*DecodeError, or a JSON syntax error).
func DecodeEntityJSON(data []byte) ([]Property, error) {
	if len(data) > MaxEntityJSON {
		return nil, &DecodeError{Msg: fmt.Sprintf("entity JSON is larger than %d bytes", MaxEntityJSON)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonError(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, &DecodeError{Msg: "an entity must be a JSON object"}
	}
	type raw struct {
		name string
		val  any
	}
	var props []raw
	types := map[string]string{}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonError(err)
		}
		name := tok.(string)
		tok, err = dec.Token()
		if err != nil {
			return nil, jsonError(err)
		}
		if d, ok := tok.(json.Delim); ok {
			return nil, &DecodeError{Property: name, Msg: fmt.Sprintf("a property value cannot be a JSON %s", delimName(d))}
		}
		if seen[name] {
			return nil, &DecodeError{Property: name, Msg: "the property appears more than once"}
		}
		seen[name] = true
		switch {
		case strings.HasSuffix(name, annotation):
			s, ok := tok.(string)
			if !ok {
				return nil, &DecodeError{Property: name, Msg: "a type annotation must be a string such as \"Edm.Int64\""}
			}
			types[strings.TrimSuffix(name, annotation)] = s
		case strings.HasPrefix(name, "odata."):
			// Metadata: odata.etag, odata.metadata, odata.type, …
		default:
			props = append(props, raw{name, tok})
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &DecodeError{Msg: "unexpected data after the entity object"}
	}
	out := make([]Property, 0, len(props))
	for _, p := range props {
		typeName, annotated := types[p.name]
		delete(types, p.name)
		if p.val == nil {
			continue // null: the property is absent
		}
		v, err := decodeValue(p.name, p.val, typeName, annotated)
		if err != nil {
			return nil, err
		}
		out = append(out, Property{Name: p.name, Value: v})
	}
	for name := range types {
		if !seen[name] {
			return nil, &DecodeError{Property: name, Msg: "type annotation for a property that is not in the entity"}
		}
	}
	return out, nil
}

func delimName(d json.Delim) string {
	if d == '[' {
		return "array"
	}
	return "object"
}

func jsonError(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &DecodeError{Msg: "unexpected end of JSON"}
	}
	return &DecodeError{Msg: err.Error()}
}

func decodeValue(name string, val any, typeName string, annotated bool) (Value, error) {
	bad := func(format string, a ...any) (Value, error) {
		return Value{}, &DecodeError{Property: name, Msg: fmt.Sprintf(format, a...)}
	}
	outOfRange := func(format string, a ...any) (Value, error) {
		return Value{}, &DecodeError{Property: name, Msg: fmt.Sprintf(format, a...), OutOfRange: true}
	}
	typ := String
	if annotated {
		t, ok := ParseType(typeName)
		if !ok || !strings.HasPrefix(typeName, "Edm.") {
			return bad("unknown type %q", typeName)
		}
		typ = t
	} else {
		switch v := val.(type) {
		case bool:
			typ = Boolean
		case json.Number:
			typ = Double
			if _, err := strconv.ParseInt(string(v), 10, 32); err == nil {
				typ = Int32
			}
		}
		if s, ok := val.(string); ok && name == "Timestamp" {
			if _, err := ParseDateTime(s); err == nil {
				typ = DateTime
			}
		}
	}
	switch typ {
	case String:
		s, ok := val.(string)
		if !ok {
			return bad("an Edm.String value must be a JSON string")
		}
		return StringValue(s), nil
	case Boolean:
		b, ok := val.(bool)
		if !ok {
			return bad("an Edm.Boolean value must be true or false")
		}
		return BoolValue(b), nil
	case Int32:
		n, ok := val.(json.Number)
		if !ok {
			return bad("an Edm.Int32 value must be a JSON number")
		}
		i, err := strconv.ParseInt(string(n), 10, 32)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return outOfRange("%s is outside the Edm.Int32 range", n)
			}
			return bad("%s is not an Edm.Int32 integer", n)
		}
		return Int32Value(int32(i)), nil
	case Int64:
		s, ok := val.(string)
		if !ok {
			return bad("an Edm.Int64 value must be a JSON string such as \"9\"")
		}
		i, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return outOfRange("%q is outside the Edm.Int64 range", s)
			}
			return bad("%q is not an Edm.Int64 integer", s)
		}
		return Int64Value(i), nil
	case Double:
		switch v := val.(type) {
		case json.Number:
			f, err := strconv.ParseFloat(string(v), 64)
			if err != nil {
				return outOfRange("%s is outside the Edm.Double range", v)
			}
			return DoubleValue(f), nil
		case string:
			switch v {
			case "NaN":
				return DoubleValue(math.NaN()), nil
			case "Infinity", "INF":
				return DoubleValue(math.Inf(1)), nil
			case "-Infinity", "-INF":
				return DoubleValue(math.Inf(-1)), nil
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || strings.ContainsAny(v, "xXpP_iInN") {
				return bad("%q is not an Edm.Double", v)
			}
			return DoubleValue(f), nil
		}
		return bad("an Edm.Double value must be a number")
	case DateTime:
		s, ok := val.(string)
		if !ok {
			return bad("an Edm.DateTime value must be a string such as \"2024-01-01T00:00:00Z\"")
		}
		t, err := ParseDateTime(s)
		if err != nil {
			if strings.Contains(err.Error(), "outside the supported range") {
				return outOfRange("%s", err.Error())
			}
			return bad("%s", err.Error())
		}
		return DateTimeValue(t), nil
	case Guid:
		s, ok := val.(string)
		if !ok {
			return bad("an Edm.Guid value must be a string")
		}
		v, err := GuidValue(s)
		if err != nil {
			return bad("%s", err.Error())
		}
		return v, nil
	case Binary:
		s, ok := val.(string)
		if !ok {
			return bad("an Edm.Binary value must be a base64 string")
		}
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return bad("the Edm.Binary value is not valid base64")
		}
		if b == nil {
			b = []byte{}
		}
		return BinaryValue(b), nil
	}
	return bad("unknown type %q", typeName)
}

// AppendEntityJSON appends the JSON encoding of props to dst in the
// service's format (see DecodeEntityJSON): String, Int32, Boolean and
// finite Double values are plain JSON, and every other value carries a
// "Name@odata.type" annotation. Double values are always annotated so that
// a whole number such as 2.0 reads back as a Double. What it writes,
// DecodeEntityJSON reads back to the same properties.
func AppendEntityJSON(dst []byte, props []Property) []byte {
	dst = append(dst, '{')
	for i, p := range props {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, p.Name)
		dst = append(dst, ':')
		v := p.Value
		switch v.Type {
		case String:
			dst = appendJSONString(dst, v.Str)
		case Int32:
			dst = strconv.AppendInt(dst, v.Int, 10)
		case Boolean:
			dst = strconv.AppendBool(dst, v.Bool)
		case Int64:
			dst = append(dst, '"')
			dst = strconv.AppendInt(dst, v.Int, 10)
			dst = append(dst, '"')
		case Double:
			switch {
			case math.IsNaN(v.Float):
				dst = append(dst, `"NaN"`...)
			case math.IsInf(v.Float, 1):
				dst = append(dst, `"Infinity"`...)
			case math.IsInf(v.Float, -1):
				dst = append(dst, `"-Infinity"`...)
			default:
				dst = strconv.AppendFloat(dst, v.Float, 'g', -1, 64)
			}
		case DateTime:
			dst = appendJSONString(dst, FormatDateTime(v.Time()))
		case Guid:
			dst = appendJSONString(dst, v.Str)
		case Binary:
			dst = append(dst, '"')
			dst = base64.StdEncoding.AppendEncode(dst, v.Bytes)
			dst = append(dst, '"')
		default:
			dst = append(dst, "null"...)
		}
		if v.Type != String && v.Type != Int32 && v.Type != Boolean && v.Type != Invalid {
			dst = append(dst, ',')
			dst = appendJSONString(dst, p.Name+annotation)
			dst = append(dst, ':')
			dst = appendJSONString(dst, v.Type.ODataName())
		}
	}
	return append(dst, '}')
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes
// U+FFFD, as encoding/json does.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
