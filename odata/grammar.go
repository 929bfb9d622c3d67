package odata

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/tablelint/tablelint/edm"
)

// Filter is a whole $filter expression: the parsed Expr (the grammar's
// root) with its source text. Expr is nil for an empty filter, which
// selects every entity (an empty filter never reaches the grammar).
type Filter struct {
	Expr *Expr

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

// Term is a conjunction of one or more factors: a and b and c. Its
// grammar is
//
//	Term = Factor { "and" Factor }
//
// which Parse implements (see there).
type Term struct {
	Factors []*Factor
}

// Parse implements participle.Parseable. Conjunctions are the inner loop
// of every filter: participle's generic repetition costs, for each factor,
// a branch of its parse context, a deferred capture, reflect values and a
// reflect append (a dozen allocations); here a factor that is a comparison
// costs one allocation, shared with its comparison, and the factor list
// one more. No factor is no match; an "and" not followed by a factor, or a
// factor that breaks off, is an error at the token that breaks it.
func (t *Term) Parse(lex *lexer.PeekingLexer) error {
	var buf [16]*Factor
	f, err := parseFactor(lex)
	if err != nil {
		return err
	}
	fs := append(buf[:0], f)
	for {
		if tok := lex.Peek(); tok.Type != tokKeyword || tok.Value != "and" {
			break
		}
		lex.Next()
		f, err := parseFactor(lex)
		if err == participle.NextMatch {
			return &participle.UnexpectedTokenError{Unexpected: *lex.Peek()}
		}
		if err != nil {
			return err
		}
		fs = append(fs, f)
	}
	t.Factors = append([]*Factor(nil), fs...)
	return nil
}

// parseFactor parses a factor; a comparison comes with its factor in one
// allocation.
func parseFactor(lex *lexer.PeekingLexer) (*Factor, error) {
	if lex.Peek().Type == tokIdent {
		n := new(cmpFactor)
		if err := n.c.Parse(lex); err != nil {
			return nil, err
		}
		n.f.Cmp = &n.c
		return &n.f, nil
	}
	f := new(Factor)
	if err := f.Parse(lex); err != nil {
		return nil, err
	}
	return f, nil
}

// Factor is one operand of a Term: exactly one of Cmp, Group and Not is
// set. Its grammar is
//
//	Factor = Comparison | "(" Expr ")" | "not" Factor
//
// which Parse implements (see there).
type Factor struct {
	Cmp   *Comparison
	Group *Expr
	Not   *Factor
}

// Parse implements participle.Parseable. There is a factor for each
// comparison of a filter, so participle's generic alternatives, captures
// and branches (a dozen allocations each time) are replaced by a look at
// the next token: a property name starts a comparison, "not" a negation,
// "(" a group, whose Expr the participle parser parses (the or-structure
// is in Expr's struct tags). Any other token is no match; a group or
// negation that breaks off is an error at the token that breaks it.
func (f *Factor) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	switch {
	case t.Type == tokIdent:
		c := new(Comparison)
		if err := c.Parse(lex); err != nil {
			return err
		}
		f.Cmp = c
		return nil
	case t.Type == tokKeyword && t.Value == "not":
		lex.Next()
		n := new(cmpFactor)
		if lex.Peek().Type == tokIdent {
			// The common case: the comparison shares the allocation.
			if err := n.c.Parse(lex); err != nil {
				return err
			}
			n.f.Cmp = &n.c
		} else if err := n.f.Parse(lex); err != nil {
			if err == participle.NextMatch {
				return &participle.UnexpectedTokenError{Unexpected: *lex.Peek()}
			}
			return err
		}
		f.Not = &n.f
		return nil
	case t.Type == tokPunct && t.Value == "(":
		lex.Next()
		e, err := parser.ParseFromLexer(lex, allowTrailing)
		if err != nil {
			return err
		}
		if t := lex.Peek(); t.Type != tokPunct || t.Value != ")" {
			return &participle.UnexpectedTokenError{Unexpected: *t}
		}
		lex.Next()
		f.Group = e
		return nil
	}
	return participle.NextMatch
}

// Comparison compares a property with a literal: Property Op Value.
type Comparison struct {
	// Offset is the byte offset of the property name in the filter text.
	Offset   int
	Property string
	Op       Op
	Value    Literal
}

// Parse implements participle.Parseable. A comparison is always the
// three tokens Ident Op Literal (the lexer gives every operator and every
// literal one token type), so it is matched directly rather than through
// participle's generic sequence and capture nodes, which cost several
// allocations per token. A first token that is not a property name is no
// match; a property name not followed by an operator and a literal is an
// error at the token that breaks the sequence.
func (c *Comparison) Parse(lex *lexer.PeekingLexer) error {
	prop := lex.Peek()
	if prop.Type != tokIdent {
		return participle.NextMatch
	}
	lex.Next()
	op := lex.Peek()
	if op.Type != tokOp {
		return &participle.UnexpectedTokenError{Unexpected: *op}
	}
	lex.Next()
	lit := lex.Peek()
	if lit.Type != tokLiteral {
		return &participle.UnexpectedTokenError{Unexpected: *lit}
	}
	lex.Next()
	c.Property = prop.Value
	for o := OpEq; o <= OpLe; o++ {
		if opNames[o] == op.Value {
			c.Op = o
		}
	}
	c.Value.Raw = lit.Value
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
	// Parts is a template literal's text split into plain text and
	// placeholders; nil outside template mode and for literals without
	// braces. For a template string literal without placeholders, Value
	// holds the text too.
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
func (l *Literal) IsParam() bool {
	for _, p := range l.Parts {
		if p.Param != nil {
			return true
		}
	}
	return false
}

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
