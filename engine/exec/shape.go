package exec

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/odata"
)

// A filter's shape is its text with every literal replaced by a marker of
// the literal's kind ('…' becomes ', datetime'…' becomes datetime', 42
// becomes #I, 42L #L, 2.5 #D, true #B). Filters of one shape parse to the
// same tree up to literal values, so the parser runs once per shape and
// the literals of later filters are decoded on their own and put into a
// copy of the tree.

// shapeOf returns the shape key of filter and the text of each literal in
// source order. It never fails: text it does not understand is copied
// into the key unchanged (and the full parser reports it).
func shapeOf(filter string, lits []string) (string, []string) {
	var key strings.Builder
	key.Grow(len(filter))
	i := 0
	for i < len(filter) {
		c := filter[i]
		switch {
		case c == '\'':
			end := scanQuoted(filter, i)
			lits = append(lits, filter[i:end])
			key.WriteByte('\'')
			i = end
		case isDigit(c) || (c == '-' && i+1 < len(filter) && (isDigit(filter[i+1]) || filter[i+1] == '.')) ||
			(c == '.' && i+1 < len(filter) && isDigit(filter[i+1])):
			end := scanNumber(filter, i)
			lit := filter[i:end]
			lits = append(lits, lit)
			key.WriteString(numberKind(lit))
			i = end
		case isIdentStart(c) || c >= utf8.RuneSelf:
			end := i + 1
			for end < len(filter) && (isIdentPart(filter[end]) || filter[end] >= utf8.RuneSelf) {
				end++
			}
			word := filter[i:end]
			switch {
			case end < len(filter) && filter[end] == '\'' && isLiteralPrefix(word):
				q := scanQuoted(filter, end)
				lits = append(lits, filter[i:q])
				key.WriteString(word)
				key.WriteByte('\'')
				end = q
			case word == "true" || word == "false":
				lits = append(lits, word)
				key.WriteString("#B")
			default:
				key.WriteString(word)
			}
			i = end
		default:
			key.WriteByte(c)
			i++
		}
	}
	return key.String(), lits
}

func numberKind(lit string) string {
	switch {
	case strings.HasSuffix(lit, "L"):
		return "#L"
	case strings.ContainsAny(lit, ".eE"):
		return "#D"
	}
	return "#I"
}

// scanQuoted returns the offset just past the quoted literal that starts
// at s[i], or len(s) if it is not closed.
func scanQuoted(s string, i int) int {
	i++
	for i < len(s) {
		if s[i] == '\'' {
			if i+1 < len(s) && s[i+1] == '\'' {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return len(s)
}

// scanNumber mirrors the odata lexer: digits, a fraction, an exponent and
// any identifier characters glued on (a suffix, or an error later).
func scanNumber(s string, i int) int {
	if s[i] == '-' {
		i++
	}
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			i = j
			for i < len(s) && isDigit(s[i]) {
				i++
			}
		}
	}
	for i < len(s) && isIdentPart(s[i]) {
		i++
	}
	return i
}

func isLiteralPrefix(w string) bool {
	return w == "datetime" || w == "guid" || w == "X" || w == "binary"
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) }

var errLiteral = errors.New("literal needs the full parser")

// decodeLiteral decodes one literal's text as odata.Parse does. Any
// literal it is not sure about is an error, and the caller falls back to
// the full parser, which gives the precise message.
func decodeLiteral(raw string) (edm.Value, error) {
	switch {
	case raw == "":
		return edm.Value{}, errLiteral
	case raw[0] == '\'':
		if len(raw) < 2 || raw[len(raw)-1] != '\'' {
			return edm.Value{}, errLiteral
		}
		body := raw[1 : len(raw)-1]
		if strings.IndexByte(body, '\'') >= 0 {
			body = strings.ReplaceAll(body, "''", "'")
		}
		return edm.StringValue(body), nil
	case raw == "true" || raw == "false":
		return edm.BoolValue(raw == "true"), nil
	case raw[0] == '-' || raw[0] == '.' || isDigit(raw[0]):
		return decodeNumber(raw)
	}
	q := strings.IndexByte(raw, '\'')
	if q < 0 || raw[len(raw)-1] != '\'' || len(raw) < q+2 {
		return edm.Value{}, errLiteral
	}
	body := raw[q+1 : len(raw)-1]
	switch raw[:q] {
	case "datetime":
		t, err := edm.ParseDateTime(body)
		if err != nil {
			return edm.Value{}, errLiteral
		}
		return edm.DateTimeValue(t), nil
	case "guid":
		v, err := edm.GuidValue(body)
		if err != nil {
			return edm.Value{}, errLiteral
		}
		return v, nil
	case "X", "binary":
		b, err := edm.ParseBinary(body)
		if err != nil {
			return edm.Value{}, errLiteral
		}
		return edm.BinaryValue(b), nil
	}
	return edm.Value{}, errLiteral
}

func decodeNumber(raw string) (edm.Value, error) {
	if n := len(raw); raw[n-1] == 'L' {
		i, err := strconv.ParseInt(raw[:n-1], 10, 64)
		if err != nil {
			return edm.Value{}, errLiteral
		}
		return edm.Int64Value(i), nil
	}
	if strings.ContainsAny(raw, ".eE") {
		for i := 0; i < len(raw); i++ {
			if c := raw[i]; c != 'e' && c != 'E' && (c|0x20 >= 'a' && c|0x20 <= 'z' || c == '_') {
				return edm.Value{}, errLiteral
			}
		}
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			return edm.Value{}, errLiteral
		}
		return edm.DoubleValue(f), nil
	}
	i, err := strconv.ParseInt(raw, 10, 32)
	if err != nil {
		return edm.Value{}, errLiteral
	}
	return edm.Int32Value(int32(i)), nil
}

// bind returns a copy of the parsed filter f with the k-th comparison's
// literal set to vals[k] with text raws[k] (comparisons in source order),
// or false if the
// counts disagree.
func bind(f *odata.Filter, text string, vals []edm.Value, raws []string) (*odata.Filter, bool) {
	out := &odata.Filter{Text: text}
	if f.Expr == nil {
		return out, len(vals) == 0
	}
	k := 0
	out.Expr = cloneExpr(f.Expr, vals, raws, &k)
	return out, k == len(vals)
}

func cloneExpr(x *odata.Expr, vals []edm.Value, raws []string, k *int) *odata.Expr {
	out := &odata.Expr{Terms: make([]*odata.Term, len(x.Terms))}
	for i, t := range x.Terms {
		nt := &odata.Term{Factors: make([]*odata.Factor, len(t.Factors))}
		for j, f := range t.Factors {
			nt.Factors[j] = cloneFactor(f, vals, raws, k)
		}
		out.Terms[i] = nt
	}
	return out
}

func cloneFactor(f *odata.Factor, vals []edm.Value, raws []string, k *int) *odata.Factor {
	switch {
	case f.Cmp != nil:
		c := *f.Cmp
		if *k < len(vals) {
			c.Value.Value = vals[*k]
			c.Value.Raw = raws[*k]
		}
		*k++
		return &odata.Factor{Cmp: &c}
	case f.Group != nil:
		return &odata.Factor{Group: cloneExpr(f.Group, vals, raws, k)}
	case f.Not != nil:
		return &odata.Factor{Not: cloneFactor(f.Not, vals, raws, k)}
	}
	return &odata.Factor{}
}
