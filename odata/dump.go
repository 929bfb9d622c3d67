package odata

import (
	"fmt"
	"strings"
)

// Dump returns the tree of f as an S-expression that shows its structure
// and the type of every literal, for tests and debugging:
//
//	(and (eq PartitionKey String:'Sales') (or (eq RowKey String:'1') (eq RowKey String:'2')))
//
// A single-term or and a single-factor and are shown as their only
// operand; parentheses in the source are shown as (group …). A bare
// placeholder literal has the type Param.
func Dump(f *Filter) string {
	if f == nil || f.Expr == nil {
		return "(empty)"
	}
	var b strings.Builder
	dumpExpr(&b, f.Expr)
	return b.String()
}

func dumpExpr(b *strings.Builder, e *Expr) {
	if len(e.Terms) == 1 {
		dumpTerm(b, e.Terms[0])
		return
	}
	b.WriteString("(or")
	for _, t := range e.Terms {
		b.WriteByte(' ')
		dumpTerm(b, t)
	}
	b.WriteByte(')')
}

func dumpTerm(b *strings.Builder, t *Term) {
	if len(t.Factors) == 1 {
		dumpFactor(b, t.Factors[0])
		return
	}
	b.WriteString("(and")
	for _, f := range t.Factors {
		b.WriteByte(' ')
		dumpFactor(b, f)
	}
	b.WriteByte(')')
}

func dumpFactor(b *strings.Builder, f *Factor) {
	switch {
	case f.Not != nil:
		b.WriteString("(not ")
		dumpFactor(b, f.Not)
		b.WriteByte(')')
	case f.Group != nil:
		b.WriteString("(group ")
		dumpExpr(b, f.Group)
		b.WriteByte(')')
	case f.Cmp != nil:
		c := f.Cmp
		b.WriteString("(" + c.Op.String() + " " + c.Property + " ")
		if c.Value.Value.Type == 0 {
			b.WriteString("Param:")
		} else {
			b.WriteString(c.Value.Value.Type.String() + ":")
		}
		b.WriteString(escapeControl(c.Value.String()))
		b.WriteByte(')')
	}
}

// escapeControl writes control characters as \xNN so that a dump is one
// printable line.
func escapeControl(s string) string {
	if strings.IndexFunc(s, isControl) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			fmt.Fprintf(&b, "\\x%02x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r <= 0x9f) }
