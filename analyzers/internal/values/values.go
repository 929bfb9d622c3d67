// Package values holds the string values the query analyzers read —
// filters as text and Holes — and Vars, the package's one index of "who
// assigns this variable".
//
// A Value is a sequence of Parts: constant text, and Holes for what is
// only known at run time. Holes remember where their value comes from
// (the expression, its Go type, the fmt verb or conversion function that
// formatted it, whether it was escaped for OData, the function parameter
// it is), so that analyzers can decide what it may contain. The values
// themselves are found by the flow layer (analyzers/internal/flow, on
// SSA); filterflow converts its variants into Values.
package values

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// MaxDepth bounds how deep a syntax walk over values (filterflow's
// reading of code without SSA) follows variables and operands.
const MaxDepth = 12

// Value is a reconstructed string value.
type Value struct {
	Parts []Part
}

// Part is constant Text, or a Hole when Hole is non-nil.
type Part struct {
	Text string
	Hole *Hole
}

// Hole is a piece of a value known only at run time.
type Hole struct {
	// Expr is the expression whose value fills the hole (the Sprintf
	// argument, the strconv.Itoa argument, the variable…). Never nil.
	Expr ast.Expr
	// Type is the Go type of the value before formatting (int for
	// strconv.Itoa(n), time.Time for t.Format(l)); nil if unknown.
	Type types.Type
	// Verb is the fmt verb that formatted it ("%d", "%06d", "%s"), or
	// the verb equivalent of the conversion function ("%d" for
	// strconv.Itoa); "" for an opaque string.
	Verb string
	// Func is the conversion that produced the text, as package.Name or
	// (pkg.Type).Method: "strconv.Itoa", "fmt.Sprint",
	// "(time.Time).Format", "odata.Quote", "strings.ReplaceAll"; "" if none.
	Func string
	// Layout is the constant layout of a time.Time.Format call.
	Layout string
	// Escaped reports that single quotes in the value were doubled
	// (odata.Quote, strings.ReplaceAll(s, "'", "''")) or cannot survive
	// (url.QueryEscape, url.PathEscape).
	Escaped bool
	// Use is the operand of the formatting expression this hole came
	// from — the fmt.Sprintf argument or the + operand as written, which
	// may be a variable whose value Expr is — when that operand supplies
	// exactly this hole; nil otherwise. Wrapping Use (for example in an
	// escaping call) changes only this use of the value.
	Use ast.Expr
	// Foreign marks a hole built inside another function (summarised by
	// a fact); it was checked where it was built.
	Foreign bool
	// Param is the parameter of the enclosing function the value comes
	// from, if the hole is exactly that parameter (or *it); nil otherwise.
	Param *types.Var
}

// IsConst reports whether v has no holes.
func (v Value) IsConst() bool {
	for _, p := range v.Parts {
		if p.Hole != nil {
			return false
		}
	}
	return true
}

// Holes returns v's holes in order.
func (v Value) Holes() []*Hole {
	var hs []*Hole
	for _, p := range v.Parts {
		if p.Hole != nil {
			hs = append(hs, p.Hole)
		}
	}
	return hs
}

// String returns v's text with each hole written as {?}; for messages.
func (v Value) String() string {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Hole != nil {
			b.WriteString("{?}")
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// CannotCarryQuote reports whether the hole's text can never contain a
// single quote: it was escaped, or it is an integer, boolean or float,
// a uuid.UUID, a time.Time formatted with a constant layout that has no
// quote, or a value formatted with a numeric verb.
func (h *Hole) CannotCarryQuote() bool {
	if h.Escaped {
		return true
	}
	if h.Layout != "" && isTime(h.Type) {
		return !strings.Contains(h.Layout, "'")
	}
	if h.Verb != "" {
		switch h.Verb[len(h.Verb)-1] {
		case 'd', 'b', 'o', 'O', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 't', 'U':
			if h.Type != nil && isNumberOrBool(h.Type) {
				return true
			}
		}
	}
	if h.Type == nil {
		return false
	}
	if isNumberOrBool(h.Type) {
		// %q and %c of an integer print a character, which may be a quote.
		if h.Verb != "" {
			switch h.Verb[len(h.Verb)-1] {
			case 'q', 'c':
				return false
			}
		}
		return true
	}
	return sdk.IsType(h.Type, "github.com/google/uuid", "UUID") ||
		sdk.IsType(h.Type, "github.com/gofrs/uuid", "UUID") ||
		sdk.IsType(h.Type, "github.com/satori/go.uuid", "UUID")
}

// IsInteger reports whether the hole holds a formatted integer.
func (h *Hole) IsInteger() bool {
	if h.Type == nil {
		return false
	}
	b, ok := h.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isNumberOrBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat|types.IsBoolean) != 0
}

func isTime(t types.Type) bool { return t != nil && sdk.IsType(t, "time", "Time") }
