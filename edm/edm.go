// Package edm holds the Entity Data Model types of Azure Table storage and
// typed property values: the eight types the service stores (String, Int32,
// Int64, Double, Boolean, DateTime, Guid, Binary), how their literals are
// written, and how the service compares two values.
package edm

import (
	"fmt"
	"strings"

	"github.com/tablelint/tablelint/internal/limits"
)

// Type is one of the EDM property types the Table service supports.
type Type uint8

// The EDM types. Invalid is the zero value and never a valid property type.
const (
	Invalid Type = iota
	String
	Int32
	Int64
	Double
	Boolean
	DateTime
	Guid
	Binary
)

var typeNames = [...]string{
	Invalid:  "Invalid",
	String:   "String",
	Int32:    "Int32",
	Int64:    "Int64",
	Double:   "Double",
	Boolean:  "Boolean",
	DateTime: "DateTime",
	Guid:     "Guid",
	Binary:   "Binary",
}

// Types lists every valid EDM type, in declaration order.
var Types = []Type{String, Int32, Int64, Double, Boolean, DateTime, Guid, Binary}

// String returns the type's short name ("Int32").
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", uint8(t))
}

// ODataName returns the wire name of the type ("Edm.Int32").
func (t Type) ODataName() string { return "Edm." + t.String() }

// ParseType parses a type name with or without the "Edm." prefix.
// Matching is exact: "Int32" and "Edm.Int32" are accepted, "int32" is not.
func ParseType(s string) (Type, bool) {
	s = strings.TrimPrefix(s, "Edm.")
	for _, t := range Types {
		if typeNames[t] == s {
			return t, true
		}
	}
	return Invalid, false
}

// FixedSize returns the number of bytes a value of type t occupies in the
// service's size accounting, and false for the variable-size types String
// and Binary.
func (t Type) FixedSize() (int, bool) {
	switch t {
	case Int32:
		return limits.Int32Bytes, true
	case Int64:
		return limits.Int64Bytes, true
	case Double:
		return limits.DoubleBytes, true
	case DateTime:
		return limits.DateTimeBytes, true
	case Boolean:
		return limits.BooleanBytes, true
	case Guid:
		return limits.GuidBytes, true
	}
	return 0, false
}
