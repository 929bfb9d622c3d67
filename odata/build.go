package odata

import (
	"fmt"
	"strings"
	"time"

	"github.com/tablelint/tablelint/edm"
)

// Quote returns s as an OData string literal: in single quotes, with every
// single quote doubled. Use it whenever a value is put into a filter.
//
//	filter := "PartitionKey eq " + odata.Quote(dept)
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// Cond is a filter condition built by Eq, Ne, Gt, Ge, Lt, Le, And, Or and
// Not. Its String method returns valid, escaped $filter text. A Cond built
// from an invalid property name or an unsupported value type carries an
// error, reported by Err and by String as an empty filter is not produced.
type Cond struct {
	text string
	// or is true when text is a disjunction that needs parentheses inside
	// an and.
	or  bool
	err error
}

// String returns the filter text. It panics if the condition has an error,
// so that an invalid filter is never sent; check Err first when the
// property names are not constants.
func (c Cond) String() string {
	if c.err != nil {
		panic("odata: " + c.err.Error())
	}
	return c.text
}

// Err returns the first error found while building the condition.
func (c Cond) Err() error { return c.err }

// Guid marks a string as a GUID for the builder, so that it is written as
// guid'…' and validated.
type Guid string

// Int64 marks an integer as an Edm.Int64 for the builder, so that it is
// written with the L suffix even when it fits in 32 bits.
type Int64 int64

// Eq builds "prop eq value". Value may be a string, Guid, bool, any Go
// integer type (Int32 when it fits, otherwise Int64), Int64, float32,
// float64, time.Time or []byte.
func Eq(prop string, value any) Cond { return cmp(prop, OpEq, value) }

// Ne builds "prop ne value"; see Eq for the value types.
func Ne(prop string, value any) Cond { return cmp(prop, OpNe, value) }

// Gt builds "prop gt value"; see Eq for the value types.
func Gt(prop string, value any) Cond { return cmp(prop, OpGt, value) }

// Ge builds "prop ge value"; see Eq for the value types.
func Ge(prop string, value any) Cond { return cmp(prop, OpGe, value) }

// Lt builds "prop lt value"; see Eq for the value types.
func Lt(prop string, value any) Cond { return cmp(prop, OpLt, value) }

// Le builds "prop le value"; see Eq for the value types.
func Le(prop string, value any) Cond { return cmp(prop, OpLe, value) }

// And joins conditions with and. Disjunctions are parenthesized. And of
// nothing is the empty filter, which selects everything.
func And(conds ...Cond) Cond { return join(" and ", conds) }

// Or joins conditions with or.
func Or(conds ...Cond) Cond {
	c := join(" or ", conds)
	c.or = len(conds) > 1
	return c
}

// Not negates a condition.
func Not(c Cond) Cond {
	if c.err != nil {
		return c
	}
	return Cond{text: "not (" + c.text + ")"}
}

func join(sep string, conds []Cond) Cond {
	var b strings.Builder
	for i, c := range conds {
		if c.err != nil {
			return c
		}
		if i > 0 {
			b.WriteString(sep)
		}
		if c.or && sep == " and " {
			b.WriteString("(" + c.text + ")")
		} else {
			b.WriteString(c.text)
		}
	}
	return Cond{text: b.String()}
}

func cmp(prop string, op Op, value any) Cond {
	if !validProperty(prop) {
		return Cond{err: fmt.Errorf("invalid property name %q", prop)}
	}
	v, err := literalOf(value)
	if err != nil {
		return Cond{err: fmt.Errorf("property %s: %w", prop, err)}
	}
	return Cond{text: prop + " " + op.String() + " " + v.Literal()}
}

func validProperty(p string) bool {
	if p == "" || keywords[p] {
		return false
	}
	toks, err := lex(p, false)
	return err == nil && len(toks) == 2 && toks[0].Type == tokIdent
}

func literalOf(value any) (edm.Value, error) {
	switch v := value.(type) {
	case string:
		return edm.StringValue(v), nil
	case Guid:
		return edm.GuidValue(string(v))
	case bool:
		return edm.BoolValue(v), nil
	case Int64:
		return edm.Int64Value(int64(v)), nil
	case int:
		return intValue(int64(v)), nil
	case int8:
		return intValue(int64(v)), nil
	case int16:
		return intValue(int64(v)), nil
	case int32:
		return edm.Int32Value(v), nil
	case int64:
		return edm.Int64Value(v), nil
	case uint8:
		return intValue(int64(v)), nil
	case uint16:
		return intValue(int64(v)), nil
	case uint32:
		return intValue(int64(v)), nil
	case float32:
		return edm.DoubleValue(float64(v)), nil
	case float64:
		return edm.DoubleValue(v), nil
	case time.Time:
		if v.Before(edm.MinDateTime) || v.After(edm.MaxDateTime) {
			return edm.Value{}, fmt.Errorf("time %s is outside the supported range 1601-01-01 to 9999-12-31", v.Format(time.RFC3339))
		}
		return edm.DateTimeValue(v), nil
	case []byte:
		return edm.BinaryValue(v), nil
	}
	return edm.Value{}, fmt.Errorf("unsupported value type %T", value)
}

func intValue(i int64) edm.Value {
	if i >= -1<<31 && i < 1<<31 {
		return edm.Int32Value(int32(i))
	}
	return edm.Int64Value(i)
}
