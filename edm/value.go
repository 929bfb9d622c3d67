package edm

import (
	"bytes"
	"cmp"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Value is a typed EDM value. Only the field that belongs to Type is set:
//
//	String         Str
//	Int32, Int64   Int
//	Double         Float
//	Boolean        Bool
//	DateTime       Int (ticks: 100 ns units since 0001-01-01T00:00:00Z)
//	Guid           Str (canonical lower-case 8-4-4-4-12 form)
//	Binary         Bytes
//
// Values are small and meant to be passed by value.
type Value struct {
	Type  Type
	Bool  bool
	Int   int64
	Float float64
	Str   string
	Bytes []byte
}

// Constructors for each type.

// StringValue returns a String value.
func StringValue(s string) Value { return Value{Type: String, Str: s} }

// Int32Value returns an Int32 value.
func Int32Value(i int32) Value { return Value{Type: Int32, Int: int64(i)} }

// Int64Value returns an Int64 value.
func Int64Value(i int64) Value { return Value{Type: Int64, Int: i} }

// DoubleValue returns a Double value.
func DoubleValue(f float64) Value { return Value{Type: Double, Float: f} }

// BoolValue returns a Boolean value.
func BoolValue(b bool) Value { return Value{Type: Boolean, Bool: b} }

// BinaryValue returns a Binary value.
func BinaryValue(b []byte) Value { return Value{Type: Binary, Bytes: b} }

// DateTimeValue returns a DateTime value for t, truncated to the service's
// precision of 100 ns.
func DateTimeValue(t time.Time) Value { return Value{Type: DateTime, Int: TimeToTicks(t)} }

// GuidValue parses s as a GUID and returns a Guid value.
func GuidValue(s string) (Value, error) {
	g, err := ParseGuid(s)
	if err != nil {
		return Value{}, err
	}
	return Value{Type: Guid, Str: g}, nil
}

// MustGuidValue is GuidValue for constants known to be valid, as in
// tests and tables of fixed values; it panics when s is not a GUID.
func MustGuidValue(s string) Value {
	v, err := GuidValue(s)
	if err != nil {
		panic(err)
	}
	return v
}

// MustDateTimeValue parses s with ParseDateTime and returns a DateTime
// value, for constants known to be valid; it panics when s does not parse.
func MustDateTimeValue(s string) Value {
	t, err := ParseDateTime(s)
	if err != nil {
		panic(err)
	}
	return DateTimeValue(t)
}

// ticksAtUnixEpoch is the number of 100 ns ticks from 0001-01-01 to 1970-01-01.
const ticksAtUnixEpoch = 621355968000000000

// Service limits on DateTime values (the supported range begins at
// 1601-01-01T00:00:00Z and ends at 9999-12-31, inclusive).
var (
	MinDateTime = time.Date(1601, 1, 1, 0, 0, 0, 0, time.UTC)
	MaxDateTime = time.Date(9999, 12, 31, 23, 59, 59, 999999900, time.UTC)
)

// TimeToTicks converts t to 100 ns ticks since 0001-01-01T00:00:00Z.
func TimeToTicks(t time.Time) int64 {
	t = t.UTC()
	return t.Unix()*10_000_000 + int64(t.Nanosecond()/100) + ticksAtUnixEpoch
}

// TicksToTime converts ticks since 0001-01-01T00:00:00Z to a UTC time.
func TicksToTime(ticks int64) time.Time {
	rel := ticks - ticksAtUnixEpoch
	sec := rel / 10_000_000
	rem := rel % 10_000_000
	if rem < 0 {
		rem += 10_000_000
		sec--
	}
	return time.Unix(sec, rem*100).UTC()
}

// Time returns a DateTime value as a time.Time in UTC.
func (v Value) Time() time.Time { return TicksToTime(v.Int) }

// ParseDateTime parses the text of a datetime literal: an ISO 8601 UTC time
// such as 2024-01-01T00:00:00Z with up to seven fractional digits. A
// trailing Z or a numeric offset is accepted; a time without either is UTC.
func ParseDateTime(s string) (time.Time, error) {
	if len(s) < 16 || s[4] != '-' || s[7] != '-' || s[10] != 'T' {
		return time.Time{}, fmt.Errorf("datetime %q is not in the form 2006-01-02T15:04:05Z", s)
	}
	// Fractional digits beyond seven are not accepted by the service.
	if dot := strings.IndexByte(s, '.'); dot >= 0 {
		end := dot + 1
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
		switch n := end - dot - 1; {
		case n == 0:
			return time.Time{}, fmt.Errorf("datetime %q has a '.' without fractional digits", s)
		case n > 7:
			return time.Time{}, fmt.Errorf("datetime %q has %d fractional digits; at most 7 are allowed", s, n)
		}
	}
	layouts := [...]string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04Z07:00", "2006-01-02T15:04"}
	var t time.Time
	var err error
	for _, l := range layouts {
		if t, err = time.Parse(l, s); err == nil {
			break
		}
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("datetime %q is not a valid ISO 8601 time", s)
	}
	t = t.UTC()
	if t.Before(MinDateTime) || t.After(MaxDateTime) {
		return time.Time{}, fmt.Errorf("datetime %q is outside the supported range 1601-01-01 to 9999-12-31", s)
	}
	return t, nil
}

// FormatDateTime formats t the way the service writes DateTime values:
// RFC 3339 in UTC with as many fractional digits (up to seven) as needed.
func FormatDateTime(t time.Time) string {
	t = t.UTC()
	s := t.Format("2006-01-02T15:04:05")
	if frac := t.Nanosecond() / 100; frac != 0 {
		f := fmt.Sprintf("%07d", frac)
		s += "." + strings.TrimRight(f, "0")
	}
	return s + "Z"
}

// ParseGuid validates a GUID in 8-4-4-4-12 hex form and returns it in
// lower case.
func ParseGuid(s string) (string, error) {
	if len(s) != 36 {
		return "", fmt.Errorf("guid %q is not in the form 00000000-0000-0000-0000-000000000000", s)
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return "", fmt.Errorf("guid %q is not in the form 00000000-0000-0000-0000-000000000000", s)
			}
		default:
			if !isHex(c) {
				return "", fmt.Errorf("guid %q has a non-hex character %q", s, c)
			}
		}
	}
	return strings.ToLower(s), nil
}

// ParseBinary decodes the hex text of a binary literal (an even number of
// hex digits).
func ParseBinary(s string) ([]byte, error) {
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("binary literal %q has an odd number of hex digits", s)
	}
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return nil, fmt.Errorf("binary literal %q has a non-hex character %q", s, s[i])
		}
	}
	return hex.DecodeString(s)
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// Compare compares a and b with the service's semantics. ok is false when
// the values have different types: the service treats a comparison between
// a property and a literal of another type as no match. Strings compare in
// the service's UTF-16 code-unit order (CompareStrings), Guids and Binary
// by value.
func Compare(a, b Value) (c int, ok bool) {
	if a.Type != b.Type {
		return 0, false
	}
	switch a.Type {
	case String:
		return CompareStrings(a.Str, b.Str), true
	case Guid:
		return strings.Compare(a.Str, b.Str), true
	case Int32, Int64, DateTime:
		return cmp.Compare(a.Int, b.Int), true
	case Double:
		if math.IsNaN(a.Float) || math.IsNaN(b.Float) {
			return 0, false
		}
		return cmp.Compare(a.Float, b.Float), true
	case Boolean:
		switch {
		case a.Bool == b.Bool:
			return 0, true
		case !a.Bool:
			return -1, true
		}
		return 1, true
	case Binary:
		return bytes.Compare(a.Bytes, b.Bytes), true
	}
	return 0, false
}

// Equal reports whether a and b have the same type and value.
func Equal(a, b Value) bool {
	c, ok := Compare(a, b)
	return ok && c == 0
}

// Literal returns the OData literal text for v, as a $filter would write it:
// 'text' (quotes doubled), 42, 42L, 2.5, true, datetime'…', guid'…', X'…'.
func (v Value) Literal() string {
	switch v.Type {
	case String:
		return "'" + strings.ReplaceAll(v.Str, "'", "''") + "'"
	case Int32:
		return strconv.FormatInt(v.Int, 10)
	case Int64:
		return strconv.FormatInt(v.Int, 10) + "L"
	case Double:
		return FormatDouble(v.Float)
	case Boolean:
		return strconv.FormatBool(v.Bool)
	case DateTime:
		return "datetime'" + FormatDateTime(v.Time()) + "'"
	case Guid:
		return "guid'" + v.Str + "'"
	case Binary:
		return "X'" + hex.EncodeToString(v.Bytes) + "'"
	}
	return "<invalid>"
}

// FormatDouble formats f so that it reads back as a Double literal (it
// always has a '.' or an exponent).
func FormatDouble(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEIN") {
		s += ".0"
	}
	return s
}

// String returns the literal form of v.
func (v Value) String() string { return v.Literal() }
