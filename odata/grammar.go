package odata

import "github.com/tablelint/tablelint/edm"

// Filter is a whole $filter expression. Expr is nil for an empty filter,
// which selects every entity.
type Filter struct {
	Expr *Expr `parser:"@@?"`

	// Text is the source text the filter was parsed from.
	Text string
	// Template reports whether the filter was parsed in template mode.
	Template bool
}

// Expr is a disjunction of one or more terms: a or b or c. A single-term Expr is
// just that term.
type Expr struct {
	Terms []*Term `parser:"@@ ( 'or' @@ )*"`
}

// Term is a conjunction of one or more factors: a and b and c.
type Term struct {
	Factors []*Factor `parser:"@@ ( 'and' @@ )*"`
}

// Factor is one operand of a Term: exactly one of Cmp, Group and Not is
// set. The comparison alternative comes first because it is the common
// case, and it is captured whole (property, operator and literal tokens in
// one capture) to keep parsing cheap.
type Factor struct {
	Cmp   *Comparison `parser:"  @( Ident Op Literal )"`
	Group *Expr       `parser:"| '(' @@ ')'"`
	Not   *Factor     `parser:"| 'not' @@"`
}

// Comparison compares a property with a literal: Property Op Value.
type Comparison struct {
	// Offset is the byte offset of the property name in the filter text.
	Offset   int
	Property string
	Op       Op
	Value    Literal
}

// Capture implements participle.Capture: values are the property, operator
// and literal tokens of the comparison.
func (c *Comparison) Capture(values []string) error {
	// Participle calls Capture with the tokens matched so far when the
	// sequence fails part-way ("X eq" at the end of the filter); the parse
	// fails anyway, so there is nothing to capture.
	if len(values) < 3 {
		return nil
	}
	c.Property = values[0]
	for op := OpEq; op <= OpLe; op++ {
		if opNames[op] == values[1] {
			c.Op = op
		}
	}
	c.Value.Raw = values[2]
	return nil
}

// Literal is a literal value. After parsing, Value holds the typed value;
// in template mode a literal whose text holds placeholders has Params and
// Parts instead, and Value.Type is the literal's type (Invalid for a bare
// {Param} whose type comes from the property it is compared with).
type Literal struct {
	// Offset is the byte offset of the literal in the filter text.
	Offset int
	// Raw is the literal's source text.
	Raw string

	Value edm.Value
	// Parts is the literal's text split into literal text and placeholders;
	// nil when the literal has no placeholders.
	Parts []Part
}

// Part is a piece of a template literal's text: either plain Text or a
// placeholder Param.
type Part struct {
	Text  string
	Param *Param
}

// Param is a placeholder {Name} or {Name:VERB} in a design-file filter.
type Param struct {
	// Name is the placeholder name: a property or a built-in such as now.
	Name string
	// Verb is the text after the colon: a Go fmt verb (%06d) or, for
	// built-ins, their argument (a time layout, a bucket count). Empty if
	// absent.
	Verb string
	// Offset is the byte offset of the '{' in the filter text.
	Offset int
}

// IsParam reports whether the literal contains placeholders.
func (l *Literal) IsParam() bool { return l.Parts != nil }

// Op is a comparison operator.
type Op uint8

// The six comparison operators the Table service supports.
const (
	OpEq Op = iota + 1
	OpNe
	OpGt
	OpGe
	OpLt
	OpLe
)

var opNames = [...]string{OpEq: "eq", OpNe: "ne", OpGt: "gt", OpGe: "ge", OpLt: "lt", OpLe: "le"}

// String returns the operator's OData name.
func (o Op) String() string {
	if o >= OpEq && o <= OpLe {
		return opNames[o]
	}
	return "?"
}

// Flip returns the operator with its operands swapped: a lt b ⇔ b gt a.
func (o Op) Flip() Op {
	switch o {
	case OpGt:
		return OpLt
	case OpGe:
		return OpLe
	case OpLt:
		return OpGt
	case OpLe:
		return OpGe
	}
	return o
}
