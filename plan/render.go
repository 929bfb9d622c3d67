package plan

import (
	"strings"

	"github.com/tablelint/tablelint/odata"
)

// JSON is the JSON form of a plan, as `explain` and `review` print it.
// Key values are the literal's string value, or the template text (with
// quotes) when it holds placeholders.
type JSON struct {
	Kind         string     `json:"kind"`
	PartitionKey *string    `json:"partitionKey,omitempty"`
	RowKey       *string    `json:"rowKey,omitempty"`
	RowKeyRange  *JSONRange `json:"rowKeyRange,omitempty"`
	PKRange      *JSONRange `json:"partitionKeyRange,omitempty"`
	Residual     string     `json:"residual,omitempty"`
}

// JSONRange is a key range in JSON; absent ends are open.
type JSONRange struct {
	Low           *string `json:"low,omitempty"`
	LowInclusive  bool    `json:"lowInclusive,omitempty"`
	High          *string `json:"high,omitempty"`
	HighInclusive bool    `json:"highInclusive,omitempty"`
}

// JSON returns the plan's JSON form.
func (p Plan) JSON() JSON {
	return JSON{
		Kind:         p.Kind.String(),
		PartitionKey: keyText(p.PartitionKey),
		RowKey:       keyText(p.RowKey),
		RowKeyRange:  rangeJSON(p.Low, p.High),
		PKRange:      rangeJSON(p.PKLow, p.PKHigh),
		Residual:     p.ResidualText(),
	}
}

// ResidualText returns the residual conjuncts joined by and, or "".
func (p Plan) ResidualText() string {
	parts := make([]string, len(p.Residual))
	for i, r := range p.Residual {
		parts[i] = r.String()
	}
	return strings.Join(parts, " and ")
}

// RangeText renders a key range in interval notation, ['a', 'b'), with
// -∞ and +∞ for open ends; "" when neither end is set.
func RangeText(lo, hi Bound) string {
	if !lo.Set() && !hi.Set() {
		return ""
	}
	l, h := "(", ")"
	ls, hs := "-∞", "+∞"
	if lo.Set() {
		ls = lo.Value.String()
		if lo.Inclusive {
			l = "["
		}
	}
	if hi.Set() {
		hs = hi.Value.String()
		if hi.Inclusive {
			h = "]"
		}
	}
	return l + ls + ", " + hs + h
}

func rangeJSON(lo, hi Bound) *JSONRange {
	if !lo.Set() && !hi.Set() {
		return nil
	}
	return &JSONRange{Low: keyText(lo.Value), LowInclusive: lo.Inclusive, High: keyText(hi.Value), HighInclusive: hi.Inclusive}
}

// keyText returns a key literal's string value, or its template text.
func keyText(l *odata.Literal) *string {
	if l == nil {
		return nil
	}
	s := l.Value.Str
	if l.IsParam() {
		s = l.String()
	}
	return &s
}
