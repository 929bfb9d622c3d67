package tracefmt

import (
	"strconv"
	"unicode/utf8"
)

// AppendOp appends op as one trace line, with its newline, in the form
// Reader reads. op.Entity and the actions' entities must be JSON objects
// on one line; "t" is written when op.HasT. Fields at their zero value
// are left out.
func AppendOp(b []byte, op *Op) []byte {
	b = append(b, `{"op":`...)
	b = AppendString(b, op.Kind.String())
	if op.HasT {
		b = append(b, `,"t":`...)
		b = strconv.AppendFloat(b, op.T, 'f', -1, 64)
	}
	b = append(b, `,"table":`...)
	b = AppendString(b, op.Table)
	switch op.Kind {
	case Insert, Upsert, Update:
		if op.Kind != Insert {
			b = append(b, `,"mode":"`...)
			b = append(b, op.Mode.String()...)
			b = append(b, '"')
		}
		if op.IfMatch != "" && op.Kind == Update {
			b = append(b, `,"ifMatch":`...)
			b = AppendString(b, op.IfMatch)
		}
		b = append(b, `,"entity":`...)
		b = append(b, op.Entity...)
	case Delete, Get:
		b = append(b, `,"pk":`...)
		b = AppendString(b, op.PK)
		b = append(b, `,"rk":`...)
		b = AppendString(b, op.RK)
		if op.IfMatch != "" && op.Kind == Delete {
			b = append(b, `,"ifMatch":`...)
			b = AppendString(b, op.IfMatch)
		}
		if op.Kind == Get && op.Select != nil {
			b = appendSelect(b, op.Select)
		}
	case Query:
		if op.Name != "" {
			b = append(b, `,"name":`...)
			b = AppendString(b, op.Name)
		}
		if op.Filter != "" {
			b = append(b, `,"filter":`...)
			b = AppendString(b, op.Filter)
		}
		if op.Top != 0 {
			b = append(b, `,"top":`...)
			b = strconv.AppendInt(b, int64(op.Top), 10)
		}
		if op.Select != nil {
			b = appendSelect(b, op.Select)
		}
		if op.Pages != 0 {
			b = append(b, `,"pages":`...)
			b = strconv.AppendInt(b, int64(op.Pages), 10)
		}
	case Batch:
		b = append(b, `,"actions":[`...)
		for i := range op.Actions {
			a := &op.Actions[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"op":`...)
			b = AppendString(b, a.Kind.String())
			if a.Kind == Upsert || a.Kind == Update {
				b = append(b, `,"mode":"`...)
				b = append(b, a.Mode.String()...)
				b = append(b, '"')
			}
			if a.IfMatch != "" && (a.Kind == Update || a.Kind == Delete) {
				b = append(b, `,"ifMatch":`...)
				b = AppendString(b, a.IfMatch)
			}
			if a.Kind == Delete && a.Entity == nil {
				b = append(b, `,"pk":`...)
				b = AppendString(b, a.PK)
				b = append(b, `,"rk":`...)
				b = AppendString(b, a.RK)
			} else {
				b = append(b, `,"entity":`...)
				b = append(b, a.Entity...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, "}\n"...)
}

func appendSelect(b []byte, sel []string) []byte {
	b = append(b, `,"select":[`...)
	for i, s := range sel {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, s)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string, as a trace writes it:
// control characters as \u00XX, invalid UTF-8 as \ufffd.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}
