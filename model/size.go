package model

import "github.com/tablelint/tablelint/edm"

// Size is an entity type's estimated size in bytes, by the commonly cited
// accounting (catalogue §2; external, approximate):
//
//	4 + 2 × (len(PartitionKey) + len(RowKey))
//	  + Σ over properties (8 + 2 × len(name) + value size)
//
// where lengths are UTF-16 code units and a value takes: String 2 bytes a
// character + 4, Binary its bytes + 4, DateTime, Double and Int64 8, Int32
// 4, Guid 16, Boolean 1.
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
		return 2*n + 4
	case edm.Binary:
		return n + 4
	}
	s, _ := t.FixedSize()
	return int64(s)
}

// PropertyOverhead returns the bytes a property takes besides its value.
func PropertyOverhead(name string) int64 { return 8 + 2*int64(UTF16Len(name)) }

// MaxValueSize returns the largest value of p: its declared maximum, or the
// service's limit when unbounded.
func (p *Property) MaxValueSize() int64 {
	switch p.Type {
	case edm.String:
		if p.MaxLength > 0 {
			return ValueSize(edm.String, p.MaxLength)
		}
		return ValueSize(edm.String, ServiceMaxStringChars)
	case edm.Binary:
		if p.MaxBytes > 0 {
			return ValueSize(edm.Binary, p.MaxBytes)
		}
		return ValueSize(edm.Binary, ServiceMaxBinaryBytes)
	}
	return ValueSize(p.Type, 0)
}

// Size estimates the entity type's size.
func (e *Entity) Size() Size {
	var s Size
	pk, _ := e.PartitionKey.MaxWidth()
	rk, _ := e.RowKey.MaxWidth()
	s.Max = 4 + 2*int64(pk+rk)
	s.Declared = 4
	for _, t := range []*Template{e.PartitionKey, e.RowKey} {
		for i := range t.Parts {
			if w, ok := t.Parts[i].Width(); ok {
				s.Declared += 2 * int64(w)
			}
		}
	}
	tpk, ok1 := e.PartitionKey.TypicalWidth()
	trk, ok2 := e.RowKey.TypicalWidth()
	s.TypicalKnown = ok1 && ok2
	s.Typical = 4 + 2*int64(tpk+trk)
	for _, p := range e.Properties {
		over := PropertyOverhead(p.Name)
		s.Max += over + p.MaxValueSize()
		s.Declared += over
		s.Typical += over
		if p.Bounded() {
			s.Declared += p.MaxValueSize()
		} else {
			s.Declared += ValueSize(p.Type, 0)
			s.Unbounded = append(s.Unbounded, p)
		}
		switch {
		case p.Type == edm.String && p.TypicalLength > 0:
			s.Typical += ValueSize(edm.String, p.TypicalLength)
		case p.Type == edm.Binary && p.TypicalBytes > 0:
			s.Typical += ValueSize(edm.Binary, p.TypicalBytes)
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
