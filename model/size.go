package model

import (
	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
)

// Size is an entity type's estimated size in bytes, by the estimate of
// package limits (limits.EntitySize), the one the engine and the analyzers
// use too.
type Size struct {
	// Max is the largest size the design allows; String and Binary
	// properties without maxLength/maxBytes count at the service's 64 KiB
	// limit.
	Max int64
	// Declared is the largest size counting only what the design bounds:
	// unbounded values count as empty. Declared == Max when nothing is
	// unbounded.
	Declared int64
	// Typical is the usual size, when TypicalKnown: every String and
	// Binary property (and key placeholder) has a typical size.
	Typical      int64
	TypicalKnown bool
	// Unbounded lists the String and Binary properties without a maximum.
	Unbounded []*Property
}

// ValueSize returns the bytes a value of type t with n characters (String)
// or bytes (Binary) takes in the accounting.
func ValueSize(t edm.Type, n int64) int64 {
	switch t {
	case edm.String:
		return limits.StringSize(n)
	case edm.Binary:
		return limits.BinarySize(n)
	}
	s, _ := t.FixedSize()
	return int64(s)
}

// PropertyOverhead returns the bytes a property takes besides its value.
func PropertyOverhead(name string) int64 {
	return limits.PropertySize(int64(edm.UTF16Len(name)), 0)
}

// valueSizeOn is ValueSize on target t: on Cosmos DB a Binary value is
// counted as its encoding inflates it (limits.CosmosBinarySize).
func valueSizeOn(t Target, typ edm.Type, n int64) int64 {
	if typ == edm.Binary {
		return t.Limits().BinarySize(n)
	}
	return ValueSize(typ, n)
}

// MaxValueSize returns the largest value of p: its declared maximum, or the
// service's limit when unbounded.
func (p *Property) MaxValueSize() int64 { return p.maxValueSizeOn(Storage) }

func (p *Property) maxValueSizeOn(t Target) int64 {
	switch p.Type {
	case edm.String:
		if p.MaxLength > 0 {
			return ValueSize(edm.String, p.MaxLength)
		}
		return ValueSize(edm.String, limits.MaxStringChars)
	case edm.Binary:
		if p.MaxBytes > 0 {
			return valueSizeOn(t, edm.Binary, p.MaxBytes)
		}
		return valueSizeOn(t, edm.Binary, limits.MaxBinaryBytes)
	}
	return ValueSize(p.Type, 0)
}

// Size estimates the entity type's size on Table storage.
func (e *Entity) Size() Size { return e.SizeOn(Storage) }

// SizeOn estimates the entity type's size on target t: on Cosmos DB,
// Binary values count as their encoding inflates them.
func (e *Entity) SizeOn(t Target) Size {
	var s Size
	pk, _ := e.PartitionKey.MaxWidth()
	rk, _ := e.RowKey.MaxWidth()
	s.Max = limits.EntitySize(int64(pk), int64(rk), 0)
	s.Declared = limits.EntitySize(int64(e.PartitionKey.DeclaredWidth()), int64(e.RowKey.DeclaredWidth()), 0)
	tpk, ok1 := e.PartitionKey.TypicalWidth()
	trk, ok2 := e.RowKey.TypicalWidth()
	s.TypicalKnown = ok1 && ok2
	s.Typical = limits.EntitySize(int64(tpk), int64(trk), 0)
	for _, p := range e.Properties {
		over := PropertyOverhead(p.Name)
		s.Max += over + p.maxValueSizeOn(t)
		s.Declared += over
		s.Typical += over
		if p.Bounded() {
			s.Declared += p.maxValueSizeOn(t)
		} else {
			s.Declared += valueSizeOn(t, p.Type, 0)
			s.Unbounded = append(s.Unbounded, p)
		}
		switch {
		case p.Type == edm.String && p.TypicalLength > 0:
			s.Typical += ValueSize(edm.String, p.TypicalLength)
		case p.Type == edm.Binary && p.TypicalBytes > 0:
			s.Typical += valueSizeOn(t, edm.Binary, p.TypicalBytes)
		case p.Type == edm.String || p.Type == edm.Binary:
			s.TypicalKnown = false
		default:
			s.Typical += ValueSize(p.Type, 0)
		}
	}
	if !s.TypicalKnown {
		s.Typical = 0
	}
	return s
}
