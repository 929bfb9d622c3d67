package sqlconnd

import (
	"strconv"
	"strings"
)

// Expr is a WHERE-clause expression of the connector's SQL dialect, as the
// planner hands it over (a minimal stand-in for the engine's parser types).
type Expr interface{ isExpr() }

type (
	IntLit    struct{ V int64 }
	FloatLit  struct{ V float64 }
	StringLit struct{ V string }
	BoolLit   struct{ V bool }
	Column    struct{ Name string }
	Binary    struct {
		Op          string
		Left, Right Expr
	}
	Unary struct {
		Op      string
		Operand Expr
	}
	Between struct {
		Subject, Lo, Hi Expr
		Not             bool
	}
	InList struct {
		Subject Expr
		Items   []Expr
		Not     bool
	}
)

func (IntLit) isExpr()    {}
func (FloatLit) isExpr()  {}
func (StringLit) isExpr() {}
func (BoolLit) isExpr()   {}
func (Column) isExpr()    {}
func (Binary) isExpr()    {}
func (Unary) isExpr()     {}
func (Between) isExpr()   {}
func (InList) isExpr()    {}

// sqlToOData maps the dialect's binary operators to OData's.
var sqlToOData = map[string]string{
	"=": "eq", "<>": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge",
	"AND": "and", "OR": "or",
}

// toFilter renders a predicate as an OData $filter. It reports false for
// anything the Table service cannot express (LIKE, IS NULL, functions), and
// the caller then leaves the predicate to the engine.
func toFilter(e Expr) (string, bool) {
	switch x := e.(type) {
	case IntLit:
		return strconv.FormatInt(x.V, 10), true
	case FloatLit:
		return strconv.FormatFloat(x.V, 'g', -1, 64), true
	case StringLit:
		return "'" + strings.ReplaceAll(x.V, "'", "''") + "'", true // S
	case BoolLit:
		return strconv.FormatBool(x.V), true
	case Column:
		return x.Name, true
	case Binary:
		op, known := sqlToOData[x.Op]
		if !known {
			return "", false
		}
		l, ok := toFilter(x.Left)
		if !ok {
			return "", false
		}
		r, ok := toFilter(x.Right)
		if !ok {
			return "", false
		}
		return "(" + l + " " + op + " " + r + ")", true
	case Unary:
		inner, ok := toFilter(x.Operand)
		if !ok {
			return "", false
		}
		switch x.Op {
		case "NOT":
			return "not (" + inner + ")", true
		case "-":
			return "-" + inner, true
		}
	case Between:
		v, ok1 := toFilter(x.Subject)
		lo, ok2 := toFilter(x.Lo)
		hi, ok3 := toFilter(x.Hi)
		if !ok1 || !ok2 || !ok3 {
			return "", false
		}
		rng := "(" + v + " ge " + lo + " and " + v + " le " + hi + ")"
		if x.Not {
			return "not " + rng, true
		}
		return rng, true
	case InList:
		v, ok := toFilter(x.Subject)
		if !ok {
			return "", false
		}
		terms := make([]string, 0, len(x.Items))
		for _, it := range x.Items {
			s, ok := toFilter(it)
			if !ok {
				return "", false
			}
			terms = append(terms, v+" eq "+s)
		}
		alts := "(" + strings.Join(terms, " or ") + ")"
		if x.Not {
			return "not " + alts, true
		}
		return alts, true
	}
	return "", false
}
